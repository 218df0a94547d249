/**
 * The ports of stored files (DESIGN §6): where the bytes live (FileStore: local disk or
 * S3-compatible object storage) and where their records and the state of chunked uploads live
 * (FileRecordRepository: the database, so any API instance can take any chunk).
 *
 * Bytes travel as `AsyncIterable<Uint8Array>`: a Node stream is one, a web ReadableStream can be
 * made one, and core names neither.
 */

/** A stream of bytes, read once. */
export type ByteSource = AsyncIterable<Uint8Array>;

/** Bytes [start, end] of an object, both inclusive (as in an HTTP Range header). */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/**
 * Object keys are issued by the server, never taken from a client: letters, digits, `_`, `-`,
 * `.` in segments separated by single `/`, no segment `.` or `..`, at most 200 characters. Both
 * adapters refuse any other key, so even a bug upstream cannot address a path outside the store.
 */
export const FILE_STORE_KEY =
  /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
export const MAX_FILE_STORE_KEY_LENGTH = 200;

export const isFileStoreKey = (key: string): boolean =>
  key.length <= MAX_FILE_STORE_KEY_LENGTH && FILE_STORE_KEY.test(key);

export interface StoredObject {
  readonly size: number;
}

export interface ComposeOptions {
  /** Sees every byte of the composed object, in order (the caller hashes the whole file). */
  readonly observe?: (bytes: Uint8Array) => void;
}

/**
 * A blob store. Every method refuses a key that fails `isFileStoreKey` (throws).
 * - `put` answers only once the bytes are durable (local disk: written, fsynced, renamed); an
 *   object appears whole or not at all; a second put of a key replaces it.
 * - `get` answers null for a missing object; a range past the end is the caller's mistake.
 * - `compose` concatenates staged objects, in the order given, into a new object (S3: 1 MiB
 *   chunks cannot be multipart parts one-to-one, so the adapter regroups them). The sources stay;
 *   the caller deletes them when its record says the target is in place.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: ByteSource): Promise<StoredObject>;
  get(key: string, range?: ByteRange): Promise<ByteSource | null>;
  stat(key: string): Promise<StoredObject | null>;
  /** Idempotent: deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  compose(
    sources: readonly string[],
    target: string,
    options?: ComposeOptions,
  ): Promise<StoredObject>;
}

/** A file the server issued: the bytes under `storageKey`, the person's name in `originalName`. */
export interface FileRecord {
  /** Server-issued: 32 lower-case hex digits. */
  readonly fileId: string;
  /** The name as the person chose it (Chinese included); never used as a path. */
  readonly originalName: string;
  /** The spec's fileType (`deriveFileType`). */
  readonly fileType: string;
  readonly size: number;
  /** Lower-case hex MD5 or SHA-256 of the whole file. */
  readonly contentHash: string;
  readonly storageKey: string;
  readonly ownerUserId: number;
  readonly createdAt: Date;
}

/** Where a stored file is linked, as its owner's file centre names it. */
export interface FileUse {
  /** 合同文件, 完工文件, 档案, or the design task's kind of file (成果文件, 验收文件 …). */
  readonly what: string;
  /** The record it is linked to: the contract's or archive's name, the task's number. */
  readonly record: string;
}

/** A file as its owner's file centre lists it. */
export interface OwnedFile {
  readonly fileId: string;
  readonly originalName: string;
  readonly fileType: string;
  readonly size: number;
  readonly createdAt: Date;
  readonly uses: readonly FileUse[];
}

export type UploadStatus = 'uploading' | 'completing' | 'complete';

/** A chunked upload in progress (or done), shared by every API instance through the database. */
export interface UploadSession {
  readonly uploadId: string;
  readonly ownerUserId: number;
  readonly fileName: string;
  /** Fixed by the first chunk received; every later chunk must agree. */
  readonly fileSize: number | null;
  readonly fileHash: string | null;
  readonly chunkTotal: number | null;
  /** Only the long field naming says it. */
  readonly chunkSize: number | null;
  readonly status: UploadStatus;
  /** Set once complete. */
  readonly fileId: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface UploadPart {
  /** 1-based (partNum = chunkIndex + 1). */
  readonly partNum: number;
  readonly size: number;
  readonly md5: string;
  readonly storageKey: string;
}

/** What a chunk says about its file; the first chunk records it, later chunks must match. */
export interface UploadShape {
  readonly fileSize: number;
  readonly fileHash: string;
  readonly chunkTotal: number;
  readonly chunkSize: number | null;
}

export type RecordPartOutcome =
  | { readonly kind: 'recorded'; readonly replacedKey: string | null }
  | { readonly kind: 'missing' }
  | { readonly kind: 'not-uploading'; readonly status: UploadStatus }
  | { readonly kind: 'shape-mismatch'; readonly session: UploadSession };

export type ClaimOutcome =
  | {
      readonly kind: 'claimed';
      readonly session: UploadSession;
      readonly parts: readonly UploadPart[];
    }
  | { readonly kind: 'complete'; readonly session: UploadSession; readonly file: FileRecord | null }
  | { readonly kind: 'busy' }
  | { readonly kind: 'missing' };

export interface FileRecordRepository {
  createFile(file: FileRecord): Promise<void>;
  findFile(fileId: string): Promise<FileRecord | null>;
  /** Marks the record deleted; answers its storage key, or null when there was none. */
  deleteFile(fileId: string): Promise<string | null>;
  /**
   * The owner's live files, newest first, each with where it is linked (`name` filters by a part
   * of the file's name); and how many there are.
   */
  listOwnedFiles(
    ownerUserId: number,
    query: { readonly name?: string; readonly offset: number; readonly limit: number },
  ): Promise<{ readonly rows: readonly OwnedFile[]; readonly total: number }>;

  createUpload(upload: {
    uploadId: string;
    ownerUserId: number;
    fileName: string;
    now: Date;
  }): Promise<void>;
  findUpload(uploadId: string): Promise<UploadSession | null>;
  listParts(uploadId: string): Promise<readonly UploadPart[]>;
  /**
   * Records (or replaces) one part of an upload still in 'uploading', fixing the upload's shape
   * on first use, in one transaction. Answers the key of the part it replaced, so the caller can
   * delete those bytes.
   */
  recordPart(
    uploadId: string,
    shape: UploadShape,
    part: UploadPart,
    now: Date,
  ): Promise<RecordPartOutcome>;
  /**
   * Moves an upload from 'uploading' (or a 'completing' claim older than `staleBefore`, left by a
   * crashed instance) to 'completing' and answers its parts; answers the finished file when it
   * is already complete; 'busy' when another instance is completing it now.
   */
  claimCompletion(uploadId: string, now: Date, staleBefore: Date): Promise<ClaimOutcome>;
  /** Gives a claim back (the checks refused the upload; the person may re-send chunks). */
  releaseCompletion(uploadId: string, now: Date): Promise<void>;
  /** Records the file and marks the upload complete, in one transaction; answers the part keys to delete. */
  finishCompletion(uploadId: string, file: FileRecord, now: Date): Promise<readonly string[]>;
  /**
   * Deletes uploads not complete and untouched since `before` (and complete ones' leftovers),
   * up to `limit` of them; answers the storage keys of their parts, to delete from the store.
   */
  purgeAbandoned(before: Date, limit: number): Promise<readonly string[]>;
}
