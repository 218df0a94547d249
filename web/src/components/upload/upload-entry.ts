import { UPLOAD_PROFILES, type LargeUploadItem, type UploadProfile } from '@dpms/core';
import type { ChunkListing, StoredFile, TransferOptions } from '@dpms/http-client';
import type { PendingUploadStore } from './pending-uploads';

/** The two uploaders of the spec by the name the components take. */
export type BigUploadProfile = 'shell' | 'contract';

export const profileOf = (name: BigUploadProfile): UploadProfile =>
  name === 'shell' ? UPLOAD_PROFILES.shell : UPLOAD_PROFILES.contractPages;

/** The calls the queue makes: FileGateway's chunked-upload part. */
export interface ChunkedUploadGateway {
  getUploadId(fileName: string): Promise<string>;
  uploadChunk(
    fields: Readonly<Record<string, string>>,
    chunk: Blob,
    fileName: string,
    options?: TransferOptions,
  ): Promise<void>;
  listChunks(uploadId: string): Promise<ChunkListing>;
  completeUpload(uploadId: string): Promise<StoredFile>;
}

/** MD5 of a chunk, and of a whole file read piece by piece. */
export interface Md5Hasher {
  chunk(blob: Blob): Promise<string>;
  file(blob: Blob, onProgress: (hashedBytes: number) => void, signal: AbortSignal): Promise<string>;
}

/**
 * What a person sees of an entry. core's item keeps the lifecycle (ready → upload → success |
 * fail); these add the steps around it: hashing before the upload id is asked for, paused
 * (a web-side flag on an item still in `upload`), ending (core's isEnding), and needsFile (an
 * upload remembered from before a reload, waiting for its file to be picked again).
 */
export type EntryPhase =
  'ready' | 'hashing' | 'upload' | 'paused' | 'ending' | 'success' | 'fail' | 'needsFile';

export interface UploadEntry {
  readonly key: string;
  readonly item: LargeUploadItem;
  readonly phase: EntryPhase;
  readonly file: File | undefined;
  readonly fileHash: string | undefined;
  /** Bytes hashed so far while hashing. */
  readonly hashedBytes: number;
  /** Bytes the server acknowledged plus those of chunks in flight. */
  readonly sentBytes: number;
  readonly chunkTotal: number;
  readonly chunksDone: number;
  readonly error: string | undefined;
  readonly result: StoredFile | undefined;
}

/** Per-file percentage 0 … 100 (whole numbers, never above 99 before success). */
export function entryPercent(entry: UploadEntry): number {
  if (entry.phase === 'success') return 100;
  if (entry.phase === 'hashing') return 0;
  const size = entry.item.size;
  if (size === 0) return entry.chunksDone > 0 ? 99 : 0;
  return Math.min(99, Math.floor((entry.sentBytes / size) * 100));
}

/** The overall percentage across entries, weighted by size. */
export function overallPercent(entries: readonly UploadEntry[]): number {
  if (entries.length === 0) return 0;
  const total = entries.reduce((sum, e) => sum + Math.max(1, e.item.size), 0);
  const done = entries.reduce(
    (sum, e) => sum + (entryPercent(e) / 100) * Math.max(1, e.item.size),
    0,
  );
  return Math.floor((done / total) * 100);
}

/** The status core's dialog rules read: hashing and ending count as uploading, paused does not. */
export function dialogStatus(entry: UploadEntry): string {
  switch (entry.phase) {
    case 'hashing':
    case 'upload':
    case 'ending':
      return 'upload';
    case 'paused':
    case 'needsFile':
      return 'ready';
    default:
      return entry.item.status;
  }
}

/** How often one chunk is sent before its file fails (a wrong md5 or a dropped request). */
export const MAX_CHUNK_ATTEMPTS = 3;

export interface BigUploadQueueOptions {
  profile: BigUploadProfile;
  gateway: ChunkedUploadGateway;
  hasher: Md5Hasher;
  /** Remembers started uploads across a reload; undefined keeps nothing. */
  pending?: PendingUploadStore;
  /** Allowed extensions; the spec's list by default. */
  accept?: readonly string[];
  /** Called once per file the server has stored. */
  onUploaded?: (file: StoredFile, entry: UploadEntry) => void;
}
