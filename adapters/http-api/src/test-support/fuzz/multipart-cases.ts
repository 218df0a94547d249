import type { FuzzCase } from './fuzz-cases.js';
import type { Operation } from './operations.js';

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const part = (name: string, filename: string, type: string, content: Buffer): Buffer =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from('\r\n'),
  ]);
const close = Buffer.from(`--${BOUNDARY}--\r\n`);
const image = Buffer.concat([PNG_HEAD, Buffer.alloc(256, 7)]);

/**
 * Bodies no multipart route may accept, each with the content type it is sent under: cut off in
 * a file, without or with the wrong boundary, empty, not multipart, a part without a
 * disposition, no file at all, a file field whose name or file name is not text.
 */
function badBodies(
  fileField: string,
): { label: string; contentType: string; body: Buffer; noFile?: true }[] {
  const form = `multipart/form-data; boundary=${BOUNDARY}`;
  const whole = Buffer.concat([part(fileField, 'a.png', 'image/png', image), close]);
  return [
    { label: 'truncated in the file', contentType: form, body: whole.subarray(0, 150) },
    { label: 'truncated in the head', contentType: form, body: whole.subarray(0, 40) },
    {
      label: 'no closing delimiter',
      contentType: form,
      body: whole.subarray(0, whole.length - close.length),
    },
    { label: 'no boundary', contentType: 'multipart/form-data', body: whole },
    { label: 'wrong boundary', contentType: 'multipart/form-data; boundary=other', body: whole },
    { label: 'empty', contentType: form, body: Buffer.alloc(0) },
    { label: 'not multipart', contentType: form, body: Buffer.from('not a multipart body at all') },
    {
      label: 'part without disposition',
      contentType: form,
      body: Buffer.from(
        `--${BOUNDARY}\r\nContent-Type: image/png\r\n\r\nxx\r\n--${BOUNDARY}--\r\n`,
      ),
    },
    { label: 'no parts', contentType: form, body: close, noFile: true },
    {
      label: 'file name with NUL',
      contentType: form,
      noFile: true,
      body: Buffer.concat([part(fileField, 'a\u0000.png', 'image/png', image), close]),
    },
    {
      label: 'field name with NUL',
      contentType: form,
      noFile: true,
      body: Buffer.concat([part(`${fileField}\u0000`, 'a.png', 'image/png', image), close]),
    },
  ];
}

/** The file field each multipart route reads (the one its messages name). */
const fileFieldOf = (op: Operation): string =>
  /avatar/.test(op.path) ? 'avatarfile' : /signature/.test(op.path) ? 'signaturefile' : 'file';

/**
 * Malformed multipart bodies for a multipart operation: every one must answer a 4xx. A body that
 * is whole but carries no usable file (none, or one whose name is not text) targets the file
 * field, and a 400 to it must name that field; a body broken as a form targets no field.
 */
export function multipartCases(op: Operation): FuzzCase[] {
  if (!op.multipart) return [];
  return badBodies(fileFieldOf(op)).map((b) => ({
    kind: `multipart ${b.label}`,
    ...(b.noFile ? { field: fileFieldOf(op) } : {}),
    mustRefuse: true,
    request: {
      method: op.method.toUpperCase(),
      path: `/prod-api${op.path}`,
      headers: { 'content-type': b.contentType },
      body: b.body,
    },
  }));
}
