import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SNIFFABLE_TYPES, sniffMatchesExtension } from './file-signature.js';
import { ALLOWED_UPLOAD_TYPES } from './file-type.js';

const bytes = (...parts: (number[] | string)[]): Uint8Array =>
  Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );

const SAMPLES: Record<string, Uint8Array> = {
  pdf: bytes('%PDF-1.7\n'),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  jpg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  zip: bytes('PK', [3, 4, 20, 0]),
  ole: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]),
  txt: bytes('合同说明 plain text\r\n'),
  exe: bytes('MZ', [0x90, 0, 3, 0]),
};

describe('sniffMatchesExtension', () => {
  it('knows a signature for every allowed type', () => {
    for (const ext of ALLOWED_UPLOAD_TYPES) expect(SNIFFABLE_TYPES).toContain(ext);
  });

  it.each([
    ['pdf', SAMPLES.pdf],
    ['png', SAMPLES.png],
    ['jpg', SAMPLES.jpg],
    ['jpeg', SAMPLES.jpg],
    ['zip', SAMPLES.zip],
    ['docx', SAMPLES.zip],
    ['xlsx', SAMPLES.zip],
    ['pptx', SAMPLES.zip],
    ['doc', SAMPLES.ole],
    ['xls', SAMPLES.ole],
    ['ppt', SAMPLES.ole],
    ['txt', SAMPLES.txt],
    ['.PDF', SAMPLES.pdf],
  ])('%s matches its signature', (ext, head) => {
    expect(sniffMatchesExtension(head!, ext)).toBe(true);
  });

  it('refuses a renamed executable under every allowed extension', () => {
    for (const ext of ALLOWED_UPLOAD_TYPES) {
      expect(sniffMatchesExtension(SAMPLES.exe!, ext)).toBe(false);
    }
  });

  it('refuses crossed types', () => {
    expect(sniffMatchesExtension(SAMPLES.png!, 'pdf')).toBe(false);
    expect(sniffMatchesExtension(SAMPLES.pdf!, 'docx')).toBe(false);
    expect(sniffMatchesExtension(SAMPLES.ole!, 'docx')).toBe(false);
    expect(sniffMatchesExtension(SAMPLES.zip!, 'doc')).toBe(false);
  });

  it('accepts an empty zip archive for zip but not for docx', () => {
    const empty = bytes('PK', [5, 6, 0, 0]);
    expect(sniffMatchesExtension(empty, 'zip')).toBe(true);
    expect(sniffMatchesExtension(empty, 'docx')).toBe(false);
  });

  it('finds a pdf header inside the first 1024 bytes, not after', () => {
    const junk = (n: number) => new Array<number>(n).fill(0x20);
    expect(sniffMatchesExtension(bytes(junk(100), '%PDF-1.4'), 'pdf')).toBe(true);
    expect(sniffMatchesExtension(bytes(junk(1020), '%PDF-1.4'), 'pdf')).toBe(false);
  });

  it('treats NUL bytes as binary for txt, except UTF-16 with a BOM', () => {
    expect(sniffMatchesExtension(bytes('ab', [0], 'c'), 'txt')).toBe(false);
    expect(sniffMatchesExtension(bytes([0xff, 0xfe, 0x61, 0]), 'txt')).toBe(true);
    expect(sniffMatchesExtension(new Uint8Array(0), 'txt')).toBe(true);
  });

  it('an empty head matches no binary type', () => {
    for (const ext of ALLOWED_UPLOAD_TYPES.filter((e) => e !== 'txt')) {
      expect(sniffMatchesExtension(new Uint8Array(0), ext)).toBe(false);
    }
  });

  it('knows CAD and package signatures', () => {
    expect(sniffMatchesExtension(bytes('AC1032'), 'dwg')).toBe(true);
    expect(sniffMatchesExtension(bytes('Rar!', [0x1a, 7, 1, 0]), 'rar')).toBe(true);
    expect(sniffMatchesExtension(bytes('  0\nSECTION\n'), 'dxf')).toBe(true);
  });

  it('does not match an extension it has no signature for', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (head) => {
        expect(sniffMatchesExtension(head, 'exe')).toBe(false);
      }),
    );
  });

  it('a text head without NUL always matches txt', () => {
    fc.assert(
      fc.property(fc.uint8Array({ min: 1, maxLength: 256 }), (head) => {
        expect(sniffMatchesExtension(head, 'txt')).toBe(true);
      }),
    );
  });
});
