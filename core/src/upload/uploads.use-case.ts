import { hasPermission } from '../session/permission.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import { expectedChunkSpan, type ChunkForm } from './chunk-form.js';
import { sniffMatchesExtension } from './file-signature.js';
import { checkUploadParts } from './upload-completion.js';
import {
  ADMITTED_UPLOAD_TYPES,
  checkUploadType,
  deriveFileType,
  uploadTypesFor,
  type UploadPurpose,
} from './file-type.js';
import type {
  FileRecord,
  FileRecordRepository,
  FileStore,
  UploadPart,
  UploadSession,
} from './file-store.port.js';
import { UPLOAD_MESSAGES } from './upload-messages.js';

/** Who may read a file besides its owner: role admin, `*:*:*`, or this permission. */
export const FILE_READ_PERMISSION = 'common:file:read';

/** Server-issued ids of files and uploads: 128 random bits as 32 lower-case hex digits. */
export const FILE_ID = /^[0-9a-f]{32}$/;

/** Where a stored file's bytes live in the file store. */
export const storageKeyOf = (fileId: string): string => `files/${fileId}`;

/** A running hash over bytes as they pass, keeping the first ones for the content check. */
export interface ByteTap {
  see(bytes: Uint8Array): void;
  digest(): string;
  readonly head: Uint8Array;
}

/** Hashes for the whole-file check: MD5 or SHA-256 (a 64-digit hash says which). */
export interface UploadHashing {
  tap(algorithm: 'md5' | 'sha256'): ByteTap;
}

/** New file and upload ids (the adapter draws them from a secure random source). */
export interface UploadIds {
  newId(): string;
}

export interface UploadClock {
  now(): Date;
}

/** One chunk as the adapter received it: already stored under `key`, counted and hashed. */
export interface ReceivedChunk {
  readonly key: string;
  readonly size: number;
  /** MD5 of the chunk's bytes, lower-case hex. */
  readonly md5: string;
  /** The first bytes, for the content check of the first chunk. */
  readonly head: Uint8Array;
}

export interface ChunkAccepted {
  readonly uploadId: string;
  readonly chunkIndex: number;
  readonly partNum: number;
  readonly size: number;
  readonly md5: string;
}

export interface UploadLimits {
  /** The largest whole file a chunked upload may announce. */
  readonly maxFileBytes: number;
  /** A completion claim older than this was left by a crashed instance and may be taken over. */
  readonly completionStaleMs: number;
}

/** Who asks: the signed-in person, as far as uploads care. */
export interface UploadActor {
  readonly userId: number;
  readonly isAdmin: boolean;
  readonly permissions: readonly string[];
}

/** The owner, role admin, or holders of `common:file:read` (`*:*:*` included). */
export function mayReadFile(file: Pick<FileRecord, 'ownerUserId'>, actor: UploadActor): boolean {
  return (
    file.ownerUserId === actor.userId ||
    actor.isAdmin ||
    hasPermission(actor.permissions, [FILE_READ_PERMISSION])
  );
}

// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const BAD_CHUNK_NAME = /[/\\\u0000-\u001f\u007f]/;

const uploadNotFound = () =>
  err(domainError('UPLOAD.NOT_FOUND', UPLOAD_MESSAGES.uploadNotFound, 'uploadId'));

/**
 * The upload decisions (DESIGN §6): which name and type an upload may start with, whose upload
 * a chunk listing belongs to, who may read a stored file. The adapter reads the bytes and maps
 * the refusals to its statuses.
 */
export class Uploads {
  constructor(
    private readonly files: FileRecordRepository,
    private readonly store: FileStore,
    private readonly clock: UploadClock,
    private readonly ids: UploadIds,
    private readonly limits: UploadLimits,
    private readonly hashing: UploadHashing,
  ) {}

  /**
   * complateUploadId: claims the upload, checks the count and sizes, composes the file while
   * hashing it, checks the whole-file size, hash and content type, records it. Repeating it
   * answers the same file. A refusal gives the claim back and deletes the composed bytes.
   */
  async complete(
    uploadId: string,
    actor: Pick<UploadActor, 'userId'>,
  ): Promise<Result<FileRecord>> {
    const owned = await this.ownedUpload(uploadId, actor);
    if (!owned.ok) return owned;
    const now = this.clock.now();
    const stale = new Date(now.getTime() - this.limits.completionStaleMs);
    const claim = await this.files.claimCompletion(uploadId, now, stale);
    switch (claim.kind) {
      case 'missing':
        return uploadNotFound();
      case 'busy':
        return err(domainError('UPLOAD.COMPLETING', UPLOAD_MESSAGES.uploadCompleting));
      case 'complete':
        return claim.file
          ? ok(claim.file)
          : err(domainError('UPLOAD.NOT_FOUND', UPLOAD_MESSAGES.fileNotFound));
      case 'claimed':
        break;
    }
    const release = () =>
      this.files.releaseCompletion(uploadId, this.clock.now()).catch(() => undefined);
    try {
      const done = await this.composeClaimed(claim.session, claim.parts);
      if (!done.ok) await release();
      return done;
    } catch (e) {
      await release();
      throw e;
    }
  }

  private async composeClaimed(
    session: UploadSession,
    parts: readonly UploadPart[],
  ): Promise<Result<FileRecord>> {
    const order = checkUploadParts(session, parts);
    if (!order.ok) return order;
    const fileHash = session.fileHash ?? '';
    const type = checkUploadType(session.fileName, ADMITTED_UPLOAD_TYPES);
    if (!type.ok) return err(domainError(type.error.code, type.error.message));
    const fileId = this.ids.newId();
    const target = storageKeyOf(fileId);
    const tap = this.hashing.tap(fileHash.length === 64 ? 'sha256' : 'md5');
    const byNum = new Map(parts.map((p) => [p.partNum, p.storageKey]));
    const sources = order.value.map((n) => byNum.get(n) ?? '');
    const stored = await this.store.compose(sources, target, { observe: (b) => tap.see(b) });
    const problem =
      stored.size !== session.fileSize
        ? domainError('UPLOAD.FILE_SIZE_MISMATCH', UPLOAD_MESSAGES.fileSizeMismatch)
        : tap.digest() !== fileHash
          ? domainError('UPLOAD.FILE_HASH_MISMATCH', UPLOAD_MESSAGES.fileHashMismatch)
          : !sniffMatchesExtension(tap.head, type.value)
            ? domainError(
                'UPLOAD.UNSUPPORTED_TYPE',
                UPLOAD_MESSAGES.contentMismatch(session.fileName, type.value),
              )
            : undefined;
    if (problem) {
      await this.store.delete(target).catch(() => undefined);
      return err(problem);
    }
    const record: FileRecord = {
      fileId,
      originalName: session.fileName,
      fileType: deriveFileType(session.fileName),
      size: stored.size,
      contentHash: fileHash,
      storageKey: target,
      ownerUserId: session.ownerUserId,
      createdAt: this.clock.now(),
    };
    const staged = await this.files.finishCompletion(session.uploadId, record, this.clock.now());
    // The staged chunks are no longer needed; a failure here only leaves garbage.
    void Promise.allSettled(staged.map((k) => this.store.delete(k)));
    return ok(record);
  }

  /**
   * getUploadId: an id for one file's chunks; the type is checked now, for what the file is
   * uploaded for (a result admits CAD drawings). Nothing is written when refused.
   */
  async startUpload(
    actor: Pick<UploadActor, 'userId'>,
    fileName: string,
    purpose?: UploadPurpose,
  ): Promise<Result<string>> {
    const name = fileName.trim();
    if (!name || name === '.' || name === '..' || BAD_CHUNK_NAME.test(name)) {
      return err(
        domainError(
          'UPLOAD.FILE_NAME_INVALID',
          UPLOAD_MESSAGES.chunkFileNameInvalid('fileName'),
          'fileName',
        ),
      );
    }
    const type = checkUploadType(name, uploadTypesFor(purpose));
    if (!type.ok) return err({ ...type.error, field: 'fileName' });
    const uploadId = this.ids.newId();
    await this.files.createUpload({
      uploadId,
      ownerUserId: actor.userId,
      fileName: name,
      now: this.clock.now(),
    });
    return ok(uploadId);
  }

  /**
   * One chunk of the caller's upload, in this order: the announced size, the upload is theirs,
   * the type its name was started with, the chunk's hash, its size against the chunk plan, the
   * content of the first chunk; only then is the part recorded (replacing a re-sent one, whose
   * bytes are deleted). The caller deletes the received bytes when this refuses.
   */
  async acceptChunk(
    form: ChunkForm,
    chunk: ReceivedChunk,
    actor: Pick<UploadActor, 'userId'>,
  ): Promise<Result<ChunkAccepted>> {
    const refuse = (code: string, message: string, field?: string) =>
      err(domainError(code, message, field));
    if (form.fileSize > this.limits.maxFileBytes) {
      return refuse('UPLOAD.TOO_LARGE', UPLOAD_MESSAGES.fileTooLarge(this.limits.maxFileBytes));
    }
    const session = await this.files.findUpload(form.uploadId);
    if (!session || session.ownerUserId !== actor.userId) return uploadNotFound();
    // The name given to getUploadId decides the type (checked there for its purpose); a chunk
    // cannot rename the file.
    const type = checkUploadType(session.fileName, ADMITTED_UPLOAD_TYPES);
    if (!type.ok) return refuse(type.error.code, type.error.message);
    if (chunk.md5 !== form.chunkHash) {
      return refuse(
        'UPLOAD.CHUNK_HASH_MISMATCH',
        UPLOAD_MESSAGES.chunkHashMismatch(form.chunkIndex),
        'chunkHash',
      );
    }
    const span = expectedChunkSpan(form);
    const size = chunk.size;
    const sizeOk = span
      ? size === span.size
      : size <= form.fileSize && (size > 0 || form.fileSize === 0);
    if (!sizeOk) {
      return refuse(
        'UPLOAD.CHUNK_SIZE_MISMATCH',
        UPLOAD_MESSAGES.chunkSizeMismatch(form.chunkIndex),
      );
    }
    if (form.chunkIndex === 0 && !sniffMatchesExtension(chunk.head, type.value)) {
      return refuse(
        'UPLOAD.UNSUPPORTED_TYPE',
        UPLOAD_MESSAGES.contentMismatch(session.fileName, type.value),
      );
    }
    const outcome = await this.files.recordPart(
      form.uploadId,
      {
        fileSize: form.fileSize,
        fileHash: form.fileHash,
        chunkTotal: form.chunkTotal,
        chunkSize: form.chunkSize ?? null,
      },
      { partNum: form.partNum, size, md5: chunk.md5, storageKey: chunk.key },
      this.clock.now(),
    );
    switch (outcome.kind) {
      case 'missing':
        return uploadNotFound();
      case 'not-uploading':
        return outcome.status === 'complete'
          ? refuse('UPLOAD.ALREADY_COMPLETE', UPLOAD_MESSAGES.uploadAlreadyComplete)
          : refuse('UPLOAD.COMPLETING', UPLOAD_MESSAGES.uploadCompleting);
      case 'shape-mismatch':
        return refuse('UPLOAD.SHAPE_MISMATCH', UPLOAD_MESSAGES.uploadShapeMismatch);
      case 'recorded':
        if (outcome.replacedKey)
          await this.store.delete(outcome.replacedKey).catch(() => undefined);
    }
    return ok({
      uploadId: form.uploadId,
      chunkIndex: form.chunkIndex,
      partNum: form.partNum,
      size,
      md5: chunk.md5,
    });
  }

  /** The caller's own upload; anyone else's (or a malformed id) is not found. */
  async ownedUpload(
    uploadId: string,
    actor: Pick<UploadActor, 'userId'>,
  ): Promise<Result<UploadSession>> {
    if (!FILE_ID.test(uploadId)) return uploadNotFound();
    const session = await this.files.findUpload(uploadId);
    if (!session || session.ownerUserId !== actor.userId) return uploadNotFound();
    return ok(session);
  }

  /**
   * The file behind an id the caller may read. Anything that is not a server-issued id is
   * refused before the records are touched.
   */
  async readableFile(id: string, actor: UploadActor): Promise<Result<FileRecord>> {
    if (!FILE_ID.test(id)) {
      return err(domainError('UPLOAD.FILE_ID_INVALID', UPLOAD_MESSAGES.fileIdInvalid));
    }
    const file = await this.files.findFile(id);
    if (!file) return err(domainError('UPLOAD.FILE_NOT_FOUND', UPLOAD_MESSAGES.fileNotFound));
    if (!mayReadFile(file, actor)) {
      return err(domainError('UPLOAD.FORBIDDEN', UPLOAD_MESSAGES.fileForbidden));
    }
    return ok(file);
  }
}
