import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HASH_READ_BYTES, sparkMd5Hasher } from './md5';

const never = new AbortController().signal;
const text = (s: string) => new Blob([new TextEncoder().encode(s)]);

describe('sparkMd5Hasher', () => {
  it('gives the RFC 1321 test vectors', async () => {
    expect(await sparkMd5Hasher.chunk(text(''))).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(await sparkMd5Hasher.chunk(text('abc'))).toBe('900150983cd24fb0d6963f7d28e17f72');
    expect(await sparkMd5Hasher.file(text('message digest'), () => undefined, never)).toBe(
      'f96b697d7cb7938d525a2f31aaf161d0',
    );
  });

  it('hashes a file read piece by piece to the MD5 of its bytes in one piece', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2048 }), async (bytes) => {
        const blob = new Blob([bytes]);
        expect(await sparkMd5Hasher.file(blob, () => undefined, never)).toBe(
          await sparkMd5Hasher.chunk(blob),
        );
      }),
      { numRuns: 30 },
    );
  });

  it('reports progress per piece across a file larger than one read', async () => {
    const bytes = new Uint8Array(HASH_READ_BYTES + 5).map((_, i) => i % 251);
    const seen: number[] = [];
    const blob = new Blob([bytes]);
    const hash = await sparkMd5Hasher.file(blob, (n) => seen.push(n), never);
    expect(hash).toBe(await sparkMd5Hasher.chunk(blob));
    expect(seen).toEqual([HASH_READ_BYTES, HASH_READ_BYTES + 5]);
  });
});
