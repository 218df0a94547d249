/**
 * How a file is cut into chunks for the chunked upload (000 §7, §9; 001 §9). The web uses the
 * plan to slice the file; the server uses the same arithmetic to check each chunk it receives.
 */

/** One chunk: bytes [start, end) of the file; `index` is 0-based. */
export interface ChunkSpan {
  readonly index: number;
  readonly start: number;
  /** Exclusive, as in `Blob.slice(start, end)`. */
  readonly end: number;
  readonly size: number;
}

export interface UploadProfile {
  readonly chunkSize: number;
  /** How many chunks of one file are in flight at once. */
  readonly parallel: number;
}

/** The two uploaders of the spec: the shell's (1 MiB × 4) and the contract pages' (10 MiB × 3). */
export const UPLOAD_PROFILES = {
  shell: { chunkSize: 1_048_576, parallel: 4 },
  contractPages: { chunkSize: 10_485_760, parallel: 3 },
} as const satisfies Record<string, UploadProfile>;

const assertSizes = (fileSize: number, chunkSize: number): void => {
  if (!Number.isSafeInteger(fileSize) || fileSize < 0) {
    throw new RangeError(`fileSize must be a non-negative integer, got ${fileSize}`);
  }
  if (!Number.isSafeInteger(chunkSize) || chunkSize < 1) {
    throw new RangeError(`chunkSize must be a positive integer, got ${chunkSize}`);
  }
};

/**
 * How many chunks a file has. Why a zero-byte file has one (empty) chunk: the upload protocol
 * completes a file by its chunks, so an empty file still sends one request and completes like
 * any other, rather than needing a special path on both sides.
 */
export const chunkCount = (fileSize: number, chunkSize: number): number => {
  assertSizes(fileSize, chunkSize);
  return Math.max(1, Math.ceil(fileSize / chunkSize));
};

/** The chunk at `index` (0-based) of a file. */
export const chunkAt = (fileSize: number, chunkSize: number, index: number): ChunkSpan => {
  const total = chunkCount(fileSize, chunkSize);
  if (!Number.isSafeInteger(index) || index < 0 || index >= total) {
    throw new RangeError(`chunk index ${index} outside 0..${total - 1}`);
  }
  const start = index * chunkSize;
  const end = Math.min(fileSize, start + chunkSize);
  return { index, start, end, size: end - start };
};

/** Every chunk of a file, in order; together they cover each byte exactly once. */
export const planChunks = (fileSize: number, chunkSize: number): readonly ChunkSpan[] =>
  Array.from({ length: chunkCount(fileSize, chunkSize) }, (_, index) =>
    chunkAt(fileSize, chunkSize, index),
  );
