import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ByteSource, FileStore } from '@dpms/core';

const MiB = 1024 * 1024;

/** Deterministic bytes: the same seed gives the same content, without holding it twice. */
export function pattern(size: number, seed = 1): Buffer {
  const out = Buffer.alloc(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** Yields a buffer in pieces of `piece` bytes, as a network stream would. */
export async function* pieces(bytes: Uint8Array, piece = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += piece) {
    await Promise.resolve();
    yield bytes.subarray(at, Math.min(bytes.length, at + piece));
  }
}

export async function readAll(source: ByteSource | null): Promise<Buffer> {
  if (!source) throw new Error('no object');
  const chunks: Buffer[] = [];
  for await (const c of source) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

export interface StoreFixture {
  readonly store: FileStore;
  close(): Promise<void>;
}

/**
 * The FileStore contract, run against every adapter (CONVENTIONS: one suite per port), so the
 * local disk, s3rver and the strict fake cannot drift apart.
 */
export function fileStoreContract(name: string, open: () => Promise<StoreFixture>): void {
  describe(`FileStore contract: ${name}`, () => {
    let fixture: StoreFixture;
    let store: FileStore;
    beforeAll(async () => {
      fixture = await open();
      store = fixture.store;
    });
    afterAll(async () => {
      await fixture.close();
    });

    it('put answers the size; get gives the bytes back; stat knows the size', async () => {
      const bytes = pattern(300_000, 7);
      expect(await store.put('files/a1', pieces(bytes))).toEqual({ size: bytes.length });
      expect((await readAll(await store.get('files/a1'))).equals(bytes)).toBe(true);
      expect(await store.stat('files/a1')).toEqual({ size: bytes.length });
    });

    it('a missing object: get and stat answer null, delete is harmless', async () => {
      expect(await store.get('files/missing')).toBeNull();
      expect(await store.stat('files/missing')).toBeNull();
      await expect(store.delete('files/missing')).resolves.toBeUndefined();
    });

    it('a second put replaces the object; delete removes it', async () => {
      await store.put('files/r1', pieces(pattern(1000, 1)));
      await store.put('files/r1', pieces(pattern(10, 2)));
      expect((await readAll(await store.get('files/r1'))).equals(pattern(10, 2))).toBe(true);
      await store.delete('files/r1');
      expect(await store.stat('files/r1')).toBeNull();
    });

    it('stores an empty object', async () => {
      expect(await store.put('files/empty', pieces(Buffer.alloc(0)))).toEqual({ size: 0 });
      expect((await readAll(await store.get('files/empty'))).length).toBe(0);
    });

    it('reads ranges, both ends inclusive', async () => {
      const bytes = pattern(100_000, 3);
      await store.put('files/range', pieces(bytes));
      const mid = await readAll(await store.get('files/range', { start: 10, end: 99 }));
      expect(mid.equals(bytes.subarray(10, 100))).toBe(true);
      const tail = await readAll(await store.get('files/range', { start: 99_999, end: 99_999 }));
      expect(tail.equals(bytes.subarray(99_999))).toBe(true);
    });

    it('composes 1 MiB staged chunks in the order given, observing every byte', async () => {
      // 13.5 MiB: more than one 5 MiB part on S3, cut across the chunk boundaries.
      const total = pattern(13 * MiB + MiB / 2, 11);
      const keys: string[] = [];
      for (let i = 0, at = 0; at < total.length; i++, at += MiB) {
        const key = `staging/u1/${i + 1}-x`;
        keys.push(key);
        await store.put(key, pieces(total.subarray(at, Math.min(total.length, at + MiB))));
      }
      const hash = createHash('md5');
      let observed = 0;
      const out = await store.compose(keys, 'files/composed', {
        observe: (b) => {
          hash.update(b);
          observed += b.length;
        },
      });
      expect(out).toEqual({ size: total.length });
      expect(observed).toBe(total.length);
      expect(hash.digest('hex')).toBe(createHash('md5').update(total).digest('hex'));
      expect((await readAll(await store.get('files/composed'))).equals(total)).toBe(true);
      // The staged sources stay until the caller deletes them.
      expect(await store.stat(keys[0] ?? '')).toEqual({ size: MiB });
      for (const key of keys) await store.delete(key);
      expect(await store.stat(keys[0] ?? '')).toBeNull();
    });

    it('composes a single empty chunk into an empty file', async () => {
      await store.put('staging/u2/1-e', pieces(Buffer.alloc(0)));
      expect(await store.compose(['staging/u2/1-e'], 'files/empty2')).toEqual({ size: 0 });
      expect(await store.stat('files/empty2')).toEqual({ size: 0 });
    });

    it('a put whose stream fails leaves no object', async () => {
      async function* broken(): AsyncGenerator<Uint8Array> {
        yield pattern(1000);
        await Promise.resolve();
        throw new Error('connection reset');
      }
      await expect(store.put('files/broken', broken())).rejects.toThrow('connection reset');
      expect(await store.stat('files/broken')).toBeNull();
    });

    it('refuses keys that are not server-issued', async () => {
      for (const key of [
        '../outside',
        'files/../../etc/passwd',
        '/etc/passwd',
        'files\\..\\x',
        'files/x\u0000',
        '%2e%2e/x',
        '',
      ]) {
        await expect(store.put(key, pieces(pattern(1)))).rejects.toThrow();
        await expect(store.get(key)).rejects.toThrow();
        await expect(store.stat(key)).rejects.toThrow();
        await expect(store.delete(key)).rejects.toThrow();
      }
    });
  });
}
