/**
 * Content checks by magic bytes (DESIGN §6: allowed types are checked by extension and by
 * content). Pure: the server reads the first bytes of an upload and asks whether they fit the
 * extension the name claims.
 */

/** How many leading bytes the caller should pass; every check below looks no further. */
export const SNIFF_HEAD_BYTES = 1024;

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP_LOCAL_FILE = [0x50, 0x4b, 0x03, 0x04]; // PK\x03\x04
const ZIP_EMPTY_ARCHIVE = [0x50, 0x4b, 0x05, 0x06]; // PK\x05\x06: end of central directory only
const OLE_COMPOUND = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const RAR = [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]; // Rar!\x1A\x07 (v4 and v5)
const DWG = [0x41, 0x43, 0x31, 0x30]; // AC10 (AC1012 … AC1032)
const DXF_BINARY = [...'AutoCAD Binary DXF'].map((c) => c.charCodeAt(0));
const UTF16_LE_BOM = [0xff, 0xfe];
const UTF16_BE_BOM = [0xfe, 0xff];

const startsWith = (head: Uint8Array, sig: readonly number[], at = 0): boolean =>
  head.length >= at + sig.length && sig.every((byte, i) => head[at + i] === byte);

/**
 * Why anywhere in the first 1024 bytes: PDF readers (Acrobat among them) accept a header there,
 * and some scanners write a few bytes before it; a person whose PDF opens everywhere would not
 * expect it refused.
 */
const isPdfHead = (head: Uint8Array): boolean => {
  const limit = Math.min(head.length, SNIFF_HEAD_BYTES) - PDF.length;
  for (let at = 0; at <= limit; at++) if (startsWith(head, PDF, at)) return true;
  return false;
};

/**
 * Plain text has no NUL byte. Why the UTF-16 exception: Windows Notepad's "Unicode" encoding
 * saves UTF-16 with a byte-order mark, and every ASCII character in it carries a NUL byte; the
 * BOM marks such a file as text.
 */
const isTextHead = (head: Uint8Array): boolean =>
  startsWith(head, UTF16_LE_BOM) ||
  startsWith(head, UTF16_BE_BOM) ||
  !head.subarray(0, SNIFF_HEAD_BYTES).includes(0);

const CHECKS: Readonly<Record<string, (head: Uint8Array) => boolean>> = {
  pdf: isPdfHead,
  png: (h) => startsWith(h, PNG),
  jpg: (h) => startsWith(h, JPEG),
  jpeg: (h) => startsWith(h, JPEG),
  // Office Open XML files are zip archives; an empty archive cannot be a document.
  docx: (h) => startsWith(h, ZIP_LOCAL_FILE),
  xlsx: (h) => startsWith(h, ZIP_LOCAL_FILE),
  pptx: (h) => startsWith(h, ZIP_LOCAL_FILE),
  zip: (h) => startsWith(h, ZIP_LOCAL_FILE) || startsWith(h, ZIP_EMPTY_ARCHIVE),
  doc: (h) => startsWith(h, OLE_COMPOUND),
  xls: (h) => startsWith(h, OLE_COMPOUND),
  ppt: (h) => startsWith(h, OLE_COMPOUND),
  txt: isTextHead,
  rar: (h) => startsWith(h, RAR),
  dwg: (h) => startsWith(h, DWG),
  // DXF is ASCII text, or the binary form with its own banner.
  dxf: (h) => startsWith(h, DXF_BINARY) || isTextHead(h),
};

/** Extensions `sniffMatchesExtension` knows a signature for. */
export const SNIFFABLE_TYPES: readonly string[] = Object.keys(CHECKS);

/**
 * Whether the leading bytes of a file fit the extension its name claims. `ext` may carry a
 * leading dot and any case. An extension without a known signature does not match: the server
 * refuses what it cannot check.
 */
export const sniffMatchesExtension = (head: Uint8Array, ext: string): boolean => {
  const check = CHECKS[ext.replace(/^\./, '').toLowerCase()];
  return check !== undefined && check(head);
};
