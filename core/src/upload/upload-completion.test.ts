import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planChunks } from './chunk-plan.js';
import { isFileStoreKey } from './file-store.port.js';
import { checkUploadParts } from './upload-completion.js';

const MiB = 1_048_576;

describe('checkUploadParts', () => {
  it('accepts every part of any plan, with or without the chunk size', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 * MiB }),
        fc.integer({ min: 1, max: 500 }),
        (size, pieces) => {
          const chunk = Math.max(1, Math.ceil(size / pieces));
          const plan = planChunks(size, chunk);
          const parts = plan.map((c) => ({ partNum: c.index + 1, size: c.size }));
          const shape = { fileSize: size, chunkTotal: plan.length };
          expect(checkUploadParts({ ...shape, chunkSize: chunk }, parts).ok).toBe(true);
          expect(checkUploadParts({ ...shape, chunkSize: null }, parts).ok).toBe(true);
        },
      ),
    );
  });

  it('names the missing chunks', () => {
    const r = checkUploadParts({ fileSize: 3 * MiB, chunkTotal: 3, chunkSize: MiB }, [
      { partNum: 1, size: MiB },
    ]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('UPLOAD.CHUNKS_MISSING');
      expect(r.error.message).toContain('2个分片未上传');
    }
  });

  it('refuses a part of the wrong size and sizes that do not add up', () => {
    const known = checkUploadParts({ fileSize: 2 * MiB, chunkTotal: 2, chunkSize: MiB }, [
      { partNum: 1, size: MiB - 1 },
      { partNum: 2, size: MiB + 1 },
    ]);
    expect(!known.ok && known.error.code).toBe('UPLOAD.CHUNK_SIZE_MISMATCH');
    const uneven = checkUploadParts({ fileSize: 3, chunkTotal: 3, chunkSize: null }, [
      { partNum: 1, size: 2 },
      { partNum: 2, size: 1 },
      { partNum: 3, size: 0 },
    ]);
    expect(!uneven.ok && uneven.error.code).toBe('UPLOAD.CHUNK_SIZE_MISMATCH');
    const short = checkUploadParts({ fileSize: 5, chunkTotal: 2, chunkSize: null }, [
      { partNum: 1, size: 2 },
      { partNum: 2, size: 2 },
    ]);
    expect(!short.ok && short.error.code).toBe('UPLOAD.FILE_SIZE_MISMATCH');
  });
});

describe('isFileStoreKey', () => {
  it.each(['files/0123abcd', 'staging/u1/1-abc.part', 'a'])('accepts %s', (key) => {
    expect(isFileStoreKey(key)).toBe(true);
  });
  it.each([
    '../etc/passwd',
    'files/../../etc/passwd',
    '/etc/passwd',
    'files//x',
    'files/./x',
    'files/..',
    '..',
    'C:\\Windows\\win.ini',
    'files\\..\\x',
    'files/%2e%2e/x',
    'files/x\u0000.pdf',
    '.hidden',
    'x'.repeat(201),
  ])('refuses %j', (key) => {
    expect(isFileStoreKey(key)).toBe(false);
  });
});
