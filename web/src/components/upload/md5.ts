import SparkMD5 from 'spark-md5';
import type { Md5Hasher } from './big-upload-queue';

/** How much of a file is read at once while hashing it whole. */
export const HASH_READ_BYTES = 4 * 1024 * 1024;

const aborted = () => Object.assign(new Error('aborted'), { code: 'UPLOAD.ABORTED' });

/**
 * MD5 with spark-md5: the whole file read piece by piece into one incremental hasher (a 1 GiB
 * file is never held whole), and each chunk on its own. Plain JavaScript, so it runs under the
 * server's Content-Security-Policy (`script-src 'self'`), which refuses WebAssembly compilation.
 */
export const sparkMd5Hasher: Md5Hasher = {
  async chunk(blob) {
    return SparkMD5.ArrayBuffer.hash(await blob.arrayBuffer());
  },
  async file(blob, onProgress, signal) {
    const hasher = new SparkMD5.ArrayBuffer();
    for (let start = 0; start < blob.size; start += HASH_READ_BYTES) {
      if (signal.aborted) throw aborted();
      const end = Math.min(blob.size, start + HASH_READ_BYTES);
      hasher.append(await blob.slice(start, end).arrayBuffer());
      onProgress(end);
    }
    if (signal.aborted) throw aborted();
    return hasher.end();
  },
};
