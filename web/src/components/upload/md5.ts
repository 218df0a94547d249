import { createMD5, md5 } from 'hash-wasm';
import type { Md5Hasher } from './big-upload-queue';

/** How much of a file is read at once while hashing it whole. */
export const HASH_READ_BYTES = 4 * 1024 * 1024;

const aborted = () => Object.assign(new Error('aborted'), { code: 'UPLOAD.ABORTED' });

/**
 * MD5 with hash-wasm: the whole file read piece by piece into one incremental hasher (a 1 GiB
 * file is never held whole), and each chunk on its own.
 */
export const wasmMd5Hasher: Md5Hasher = {
  async chunk(blob) {
    return md5(new Uint8Array(await blob.arrayBuffer()));
  },
  async file(blob, onProgress, signal) {
    const hasher = await createMD5();
    hasher.init();
    for (let start = 0; start < blob.size; start += HASH_READ_BYTES) {
      if (signal.aborted) throw aborted();
      const end = Math.min(blob.size, start + HASH_READ_BYTES);
      hasher.update(new Uint8Array(await blob.slice(start, end).arrayBuffer()));
      onProgress(end);
    }
    if (signal.aborted) throw aborted();
    return hasher.digest('hex');
  },
};
