import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalDiskFileStore } from './local-disk-file-store.js';
import { fileStoreContract, pattern, pieces } from './testing/file-store.contract.js';

fileStoreContract('local disk', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'dpms-files-'));
  return Promise.resolve({
    store: new LocalDiskFileStore(root),
    close: () => Promise.resolve(rmSync(root, { recursive: true, force: true })),
  });
});

describe('LocalDiskFileStore on disk', () => {
  it('keeps objects under root/objects and leaves nothing in tmp after a write', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'dpms-files-'));
    try {
      const store = new LocalDiskFileStore(root);
      await store.put('files/abc', pieces(pattern(5000)));
      expect(existsSync(path.join(root, 'objects', 'files', 'abc'))).toBe(true);
      expect(readdirSync(path.join(root, 'tmp'))).toEqual([]);
      // A staged chunk's directory goes with its last chunk.
      await store.put('staging/u9/1-a', pieces(pattern(10)));
      await store.delete('staging/u9/1-a');
      expect(existsSync(path.join(root, 'objects', 'staging', 'u9'))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('sweeps writes a crashed process left in tmp', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'dpms-files-'));
    try {
      const store = new LocalDiskFileStore(root);
      await store.put('files/x', pieces(pattern(1)));
      const old = path.join(root, 'tmp', 'left-over.part');
      writeFileSync(old, 'x');
      utimesSync(old, new Date(Date.now() - 7_200_000), new Date(Date.now() - 7_200_000));
      writeFileSync(path.join(root, 'tmp', 'fresh.part'), 'y');
      expect(await store.sweepTemp(3_600_000)).toBe(1);
      expect(readdirSync(path.join(root, 'tmp'))).toEqual(['fresh.part']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
