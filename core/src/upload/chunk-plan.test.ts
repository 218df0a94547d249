import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { UPLOAD_PROFILES, chunkAt, chunkCount, planChunks } from './chunk-plan.js';

describe('planChunks', () => {
  it('cuts a file into full chunks and a shorter last one', () => {
    expect(planChunks(10, 4)).toEqual([
      { index: 0, start: 0, end: 4, size: 4 },
      { index: 1, start: 4, end: 8, size: 4 },
      { index: 2, start: 8, end: 10, size: 2 },
    ]);
  });

  it('gives a zero-byte file one empty chunk', () => {
    expect(planChunks(0, UPLOAD_PROFILES.shell.chunkSize)).toEqual([
      { index: 0, start: 0, end: 0, size: 0 },
    ]);
    expect(chunkCount(0, 1)).toBe(1);
  });

  it('has the spec profiles', () => {
    expect(UPLOAD_PROFILES.shell).toEqual({ chunkSize: 1048576, parallel: 4 });
    expect(UPLOAD_PROFILES.contractPages).toEqual({ chunkSize: 10485760, parallel: 3 });
    expect(chunkCount(10485760 * 2 + 1, UPLOAD_PROFILES.contractPages.chunkSize)).toBe(3);
  });

  it('refuses invalid sizes and indexes', () => {
    expect(() => planChunks(-1, 4)).toThrow(RangeError);
    expect(() => planChunks(1.5, 4)).toThrow(RangeError);
    expect(() => planChunks(10, 0)).toThrow(RangeError);
    expect(() => chunkAt(10, 4, 3)).toThrow(RangeError);
  });

  it('covers every byte exactly once, in order, for any size and chunk size', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 50_000 }),
        fc.integer({ min: 1, max: 20_000 }),
        (fileSize, chunkSize) => {
          const chunks = planChunks(fileSize, chunkSize);
          expect(chunks.length).toBe(chunkCount(fileSize, chunkSize));
          // Count how often each byte is covered: exactly once, none left out.
          const hits = new Uint8Array(fileSize);
          let next = 0;
          let wellFormed = true;
          chunks.forEach((chunk, i) => {
            for (let b = chunk.start; b < chunk.end; b++) hits[b] = (hits[b] ?? 0) + 1;
            wellFormed &&=
              chunk.index === i &&
              chunk.start === next &&
              chunk.size === chunk.end - chunk.start &&
              chunk.size <= chunkSize &&
              (fileSize === 0 || chunk.size > 0) &&
              (i === chunks.length - 1 || chunk.size === chunkSize);
            next = chunk.end;
          });
          expect(wellFormed).toBe(true);
          expect(hits.every((n) => n === 1)).toBe(true);
          expect(next).toBe(fileSize);
          const last = chunks.length - 1;
          expect(chunkAt(fileSize, chunkSize, last)).toEqual(chunks[last]);
        },
      ),
    );
  });

  it('covers every byte exactly once for large files', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.constantFrom(UPLOAD_PROFILES.shell.chunkSize, UPLOAD_PROFILES.contractPages.chunkSize),
        (fileSize, chunkSize) => {
          const total = chunkCount(fileSize, chunkSize);
          fc.pre(total <= 2000);
          const chunks = planChunks(fileSize, chunkSize);
          const covered = chunks.reduce((sum, c) => sum + c.size, 0);
          expect(covered).toBe(fileSize);
          expect(chunks.at(-1)?.end).toBe(fileSize);
        },
      ),
    );
  });
});
