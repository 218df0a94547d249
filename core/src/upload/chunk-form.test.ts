import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildChunkForm,
  detectChunkFormVariant,
  expectedChunkSpan,
  parseChunkForm,
  toChunkFormFields,
  type ChunkForm,
  type ChunkFormFields,
} from './chunk-form.js';
import { chunkCount, planChunks } from './chunk-plan.js';

const MD5 = 'd41d8cd98f00b204e9800998ecf8427e';
const SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

const longFields: Record<string, string> = {
  chunkSize: '4',
  chunkTotal: '3',
  chunkIndex: '1',
  chunkHash: MD5,
  fileName: '总平面图.pdf',
  fileHash: SHA256,
  fileSize: '10',
  uploadId: 'up-1',
  partNum: '2',
};

const shortFields: Record<string, string> = {
  size: '10',
  chunks: '3',
  chunk: '1',
  md5: MD5,
  filename: '总平面图.pdf',
  fileHash: MD5,
  uploadId: 'up-1',
  partNum: '2',
};

const errorOf = (fields: ChunkFormFields) => {
  const result = parseChunkForm(fields);
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
};

describe('parseChunkForm', () => {
  it('reads the long naming', () => {
    expect(parseChunkForm(longFields)).toEqual({
      ok: true,
      value: {
        variant: 'long',
        form: {
          uploadId: 'up-1',
          fileName: '总平面图.pdf',
          fileSize: 10,
          fileHash: SHA256,
          chunkSize: 4,
          chunkTotal: 3,
          chunkIndex: 1,
          chunkHash: MD5,
          partNum: 2,
        },
      },
    });
  });

  it('reads the short naming, where size is the file size and there is no chunk size', () => {
    const result = parseChunkForm(shortFields);
    expect(result.ok && result.value.variant).toBe('short');
    expect(result.ok && result.value.form.fileSize).toBe(10);
    expect(result.ok && result.value.form.chunkSize).toBeUndefined();
  });

  it('refuses mixed namings', () => {
    expect(detectChunkFormVariant({ ...longFields, chunk: '1' }).ok).toBe(false);
    expect(errorOf({ ...shortFields, chunkIndex: '1' }).code).toBe('UPLOAD.CHUNK_FORM_MIXED');
  });

  it.each(Object.keys(longFields))('names the missing long field %s', (name) => {
    const { [name]: _dropped, ...rest } = longFields;
    const error = errorOf(rest);
    expect(error.field).toBe(name);
    expect(error.message).toContain(name);
  });

  it.each(Object.keys(shortFields))('names the missing short field %s', (name) => {
    const { [name]: _dropped, ...rest } = shortFields;
    const error = errorOf(rest);
    expect(error.field).toBe(name);
    expect(error.message).toContain(name);
  });

  it.each([
    [{ chunkIndex: '-1' }, 'chunkIndex'],
    [{ chunkIndex: '1.5' }, 'chunkIndex'],
    [{ chunkIndex: '3' }, 'chunkIndex'],
    [{ partNum: '1' }, 'partNum'],
    [{ chunkSize: '0' }, 'chunkSize'],
    [{ chunkTotal: '4' }, 'chunkTotal'],
    [{ chunkHash: 'xyz' }, 'chunkHash'],
    [{ fileHash: MD5.slice(1) }, 'fileHash'],
    [{ fileName: '../etc/passwd' }, 'fileName'],
    [{ fileName: '  ' }, 'fileName'],
    [{ fileName: 'a\u0000.pdf' }, 'fileName'],
    [{ fileName: `${'名'.repeat(256)}.pdf` }, 'fileName'],
    [{ uploadId: '' }, 'uploadId'],
    [{ fileSize: '1e3' }, 'fileSize'],
  ])('refuses %o naming %s', (patch, field) => {
    const error = errorOf({ ...longFields, ...patch });
    expect(error.field).toBe(field);
    expect(error.message).toContain(field);
    expect(error.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it('refuses a short form whose count cannot fit the size', () => {
    expect(errorOf({ ...shortFields, size: '2', chunks: '3' }).field).toBe('chunks');
    expect(
      errorOf({ ...shortFields, size: '0', chunks: '2', chunk: '0', partNum: '1' }).field,
    ).toBe('chunks');
  });

  it('accepts a zero-byte file as one empty chunk', () => {
    const result = parseChunkForm({
      ...longFields,
      fileSize: '0',
      chunkTotal: '1',
      chunkIndex: '0',
      partNum: '1',
    });
    expect(result.ok).toBe(true);
    if (result.ok)
      expect(expectedChunkSpan(result.value.form)).toEqual({ index: 0, start: 0, end: 0, size: 0 });
  });

  it('lower-cases hashes', () => {
    const result = parseChunkForm({ ...longFields, chunkHash: MD5.toUpperCase() });
    expect(result.ok && result.value.form.chunkHash).toBe(MD5);
  });
});

const hex = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });

const formArb: fc.Arbitrary<ChunkForm> = fc
  .record({
    fileSize: fc.nat({ max: 1_000_000 }),
    chunkSize: fc.integer({ min: 1, max: 100_000 }),
    uploadId: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== ''),
    fileName: fc
      .string({ minLength: 1, maxLength: 60 })
      .filter((s) => s.trim() !== '' && s !== '.' && s !== '..' && !/[/\\\p{Cc}]/u.test(s)),
    fileHash: fc.oneof(hex(32), hex(64)),
    chunkHash: hex(32),
    pick: fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
  })
  .map(({ pick, ...file }) => {
    const total = chunkCount(file.fileSize, file.chunkSize);
    const index = Math.floor(pick * total);
    const chunk = planChunks(file.fileSize, file.chunkSize)[index]!;
    return buildChunkForm(file, file.chunkSize, chunk, file.chunkHash);
  });

describe('chunk form namings round-trip', () => {
  it('long: form → fields → form is the identity', () => {
    fc.assert(
      fc.property(formArb, (form) => {
        const fields = toChunkFormFields(form, 'long');
        expect(parseChunkForm(fields)).toEqual({ ok: true, value: { variant: 'long', form } });
        expect(toChunkFormFields(form, 'long')).toEqual(fields);
      }),
    );
  });

  it('short: form → fields → form keeps everything but the chunk size', () => {
    fc.assert(
      fc.property(formArb, (form) => {
        const fields = toChunkFormFields(form, 'short');
        const parsed = parseChunkForm(fields);
        expect(parsed).toEqual({
          ok: true,
          value: { variant: 'short', form: { ...form, chunkSize: undefined } },
        });
        if (parsed.ok) expect(toChunkFormFields(parsed.value.form, 'short')).toEqual(fields);
      }),
    );
  });

  it('either naming maps to the same form', () => {
    fc.assert(
      fc.property(formArb, (form) => {
        const long = parseChunkForm(toChunkFormFields(form, 'long'));
        const short = parseChunkForm(toChunkFormFields(form, 'short'));
        expect(long.ok && short.ok).toBe(true);
        if (long.ok && short.ok) {
          expect({ ...long.value.form, chunkSize: undefined }).toEqual(short.value.form);
        }
      }),
    );
  });

  it('partNum is 1-based and the chunk index 0-based', () => {
    fc.assert(
      fc.property(formArb, (form) => {
        expect(form.partNum).toBe(form.chunkIndex + 1);
        expect(form.chunkIndex).toBeGreaterThanOrEqual(0);
        expect(form.chunkIndex).toBeLessThan(form.chunkTotal);
      }),
    );
  });

  it('the long naming needs a chunk size', () => {
    expect(() =>
      toChunkFormFields(
        {
          uploadId: 'u',
          fileName: 'a.pdf',
          fileSize: 1,
          fileHash: MD5,
          chunkSize: undefined,
          chunkTotal: 1,
          chunkIndex: 0,
          chunkHash: MD5,
          partNum: 1,
        },
        'long',
      ),
    ).toThrow(TypeError);
  });
});
