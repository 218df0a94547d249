import { createHash, randomBytes } from 'node:crypto';
import type { Request } from 'express';
import {
  checkUploadType,
  deriveFileType,
  FILE_ID,
  mayReadFile,
  parseChunkForm,
  sniffMatchesExtension,
  storageKeyOf,
  UPLOAD_MESSAGES,
  Uploads,
  uploadTypesFor,
  type DomainError,
  type Result,
  type UploadPurpose,
  type FileRecord,
  type FileRecordRepository,
  type ByteSource,
  type FileStore,
} from '@dpms/core';
import { HttpError } from '../http/http-error.js';
import type { Clock } from '../identity/clock.js';
import type { Principal } from '../identity/principal.js';
import {
  DEFAULT_FILE_SERVICE_CONFIG,
  type FileServiceConfig,
} from './upload/file-service-config.js';
import { receiveMultipart, Tap, type ReceivedFile } from './upload/receive-multipart.js';

// The limits and the multipart reader live in upload/; this path keeps exporting the limits.
export {
  DEFAULT_FILE_SERVICE_CONFIG,
  fileServiceConfigFromEnv,
  type FileServiceConfig,
} from './upload/file-service-config.js';

// The read permission and the id shape are core's (the Uploads use case); this path keeps them.
export { FILE_ID, FILE_READ_PERMISSION, storageKeyOf } from '@dpms/core';
// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
const CONTROL = /[\u0000-\u001f\u007f]/;
const newId = (): string => randomBytes(16).toString('hex');

/** What the upload calls answer about a stored file (RuoYi's common/upload shape, plus our id). */
export interface FileAnswer {
  readonly fileId: string;
  /** What the download calls take as `resource` / `fileName`: the id, never a path. */
  readonly fileName: string;
  readonly originalFilename: string;
  readonly url: string;
  readonly size: number;
  readonly fileType: string;
}

export const fileAnswer = (
  file: Pick<FileRecord, 'fileId' | 'originalName' | 'size' | 'fileType'>,
): FileAnswer => ({
  fileId: file.fileId,
  fileName: file.fileId,
  originalFilename: file.originalName,
  url: `/prod-api/common/download/resource?resource=${file.fileId}`,
  size: file.size,
  fileType: file.fileType,
});

const fail = (status: number, code: string, message: string, field?: string) =>
  new HttpError(status, message, { errorCode: code, ...(field ? { field } : {}) });

/** The status each refusal of the Uploads use case answers with. */
const REFUSAL_STATUS: Readonly<Record<string, number>> = {
  'UPLOAD.FILE_NAME_INVALID': 400,
  'UPLOAD.TYPE_NOT_ALLOWED': 415,
  'UPLOAD.NOT_FOUND': 404,
  'UPLOAD.FILE_ID_INVALID': 400,
  'UPLOAD.FILE_NOT_FOUND': 404,
  'UPLOAD.FORBIDDEN': 403,
  'UPLOAD.TOO_LARGE': 413,
  'UPLOAD.CHUNK_HASH_MISMATCH': 422,
  'UPLOAD.CHUNK_SIZE_MISMATCH': 422,
  'UPLOAD.UNSUPPORTED_TYPE': 415,
  'UPLOAD.ALREADY_COMPLETE': 409,
  'UPLOAD.COMPLETING': 409,
  'UPLOAD.SHAPE_MISMATCH': 422,
  'UPLOAD.CHUNKS_MISSING': 422,
  'UPLOAD.FILE_SIZE_MISMATCH': 422,
  'UPLOAD.FILE_HASH_MISMATCH': 422,
};

const refused = (e: DomainError) => fail(REFUSAL_STATUS[e.code] ?? 422, e.code, e.message, e.field);

const answered = <T>(result: Result<T>): T => {
  if (!result.ok) throw refused(result.error);
  return result.value;
};

/**
 * Chunked and ordinary uploads over the file store and the file records (DESIGN §6). Stateless:
 * everything an instance needs to take a chunk or complete an upload is in the database.
 */
export class FileService {
  private readonly uploads: Uploads;

  constructor(
    readonly store: FileStore,
    readonly files: FileRecordRepository,
    private readonly clock: Clock,
    readonly config: FileServiceConfig = DEFAULT_FILE_SERVICE_CONFIG,
  ) {
    this.uploads = new Uploads(files, store, clock, { newId }, config, {
      tap: (algorithm) => new Tap(algorithm),
    });
  }

  /**
   * GET /common/maxfile/getUploadId: an id for one file's chunks; the type is checked now, for
   * what the file is uploaded for (a result admits CAD drawings).
   */
  async createUpload(
    principal: Principal,
    fileName: string,
    purpose?: UploadPurpose,
  ): Promise<string> {
    return answered(await this.uploads.startUpload(principal, fileName, purpose));
  }

  /** POST /common/maxfile/upload: one chunk, either field naming. */
  async receiveChunk(req: Request, principal: Principal) {
    const { fields, file } = await receiveMultipart(req, this.store, {
      keyFor: (f) => {
        const id = f['uploadId'];
        return `staging/${id && FILE_ID.test(id) ? id : 'unknown'}/${newId()}`;
      },
      maxBytes: this.config.maxChunkBytes,
      tooLarge: () =>
        fail(413, 'UPLOAD.TOO_LARGE', UPLOAD_MESSAGES.chunkTooLarge(this.config.maxChunkBytes)),
    });
    if (!file) throw fail(400, 'UPLOAD.FILE_REQUIRED', UPLOAD_MESSAGES.fileRequired, 'file');
    let keep = false;
    try {
      const result = await this.acceptChunk(fields, file, principal);
      keep = true;
      return result;
    } finally {
      if (!keep) await this.store.delete(file.key).catch(() => undefined);
    }
  }

  private async acceptChunk(
    fields: Readonly<Record<string, string>>,
    file: ReceivedFile,
    principal: Principal,
  ) {
    const parsed = parseChunkForm(fields);
    if (!parsed.ok) throw fail(400, parsed.error.code, parsed.error.message, parsed.error.field);
    const { form } = parsed.value;
    const { key, tap } = file;
    const chunk = { key, size: tap.size, md5: tap.digest(), head: tap.head };
    return answered(await this.uploads.acceptChunk(form, chunk, principal));
  }

  /** The chunks the server holds, so a client resumes after a failure (ours, or its own). */
  async listChunks(uploadId: string, principal: Principal) {
    const session = await this.ownedUpload(uploadId, principal);
    const parts = session.status === 'complete' ? [] : await this.files.listParts(uploadId);
    return {
      uploadId,
      fileName: session.fileName,
      status: session.status,
      fileSize: session.fileSize,
      fileHash: session.fileHash,
      chunkTotal: session.chunkTotal,
      chunkSize: session.chunkSize,
      fileId: session.fileId,
      chunks: parts.map((p) => ({
        chunkIndex: p.partNum - 1,
        partNum: p.partNum,
        size: p.size,
        md5: p.md5,
      })),
    };
  }

  /**
   * GET /common/maxfile/complateUploadId: checks the count and sizes, composes the file while
   * hashing it, checks the whole-file hash and the content type, records it. Repeating it
   * answers the same file.
   */
  async complete(uploadId: string, principal: Principal): Promise<FileRecord> {
    return answered(await this.uploads.complete(uploadId, principal));
  }

  /**
   * A file the server made for `ownerUserId` (a background export's workbook): stored and
   * recorded as theirs, so it is in their file centre and downloads like an upload.
   */
  async storeGenerated(ownerUserId: number, name: string, body: ByteSource): Promise<FileRecord> {
    const fileId = newId();
    const key = storageKeyOf(fileId);
    const hash = createHash('sha256');
    async function* hashed() {
      for await (const chunk of body) {
        hash.update(chunk);
        yield chunk;
      }
    }
    const stored = await this.store.put(key, hashed());
    const record: FileRecord = {
      fileId,
      originalName: name,
      fileType: deriveFileType(name),
      size: stored.size,
      contentHash: hash.digest('hex'),
      storageKey: key,
      ownerUserId,
      createdAt: this.clock.now(),
    };
    try {
      await this.files.createFile(record);
      return record;
    } catch (e) {
      await this.store.delete(key).catch(() => undefined);
      throw e;
    }
  }

  /** POST /common/upload: one file of a form, streamed into the store and checked. */
  async uploadFormFile(
    req: Request,
    principal: Principal,
    purpose?: UploadPurpose,
  ): Promise<FileRecord> {
    const fileId = newId();
    const key = storageKeyOf(fileId);
    const { file } = await receiveMultipart(req, this.store, {
      keyFor: () => key,
      maxBytes: this.config.maxFormFileBytes,
      tooLarge: () =>
        fail(413, 'UPLOAD.TOO_LARGE', UPLOAD_MESSAGES.fileTooLarge(this.config.maxFormFileBytes)),
    });
    if (!file) throw fail(400, 'UPLOAD.FILE_REQUIRED', UPLOAD_MESSAGES.fileRequired, 'file');
    let keep = false;
    try {
      // Old browsers send C:\fakepath\name; only the last segment is the name.
      const name = file.filename.split(/[/\\]/).pop()?.trim() ?? '';
      if (!name || name === '.' || name === '..' || CONTROL.test(name) || name.length > 255) {
        throw fail(
          400,
          'UPLOAD.FILE_NAME_INVALID',
          UPLOAD_MESSAGES.chunkFileNameInvalid('file'),
          'file',
        );
      }
      const type = checkUploadType(name, uploadTypesFor(purpose));
      if (!type.ok) throw fail(415, type.error.code, type.error.message, 'file');
      if (!sniffMatchesExtension(file.tap.head, type.value)) {
        throw fail(
          415,
          'UPLOAD.UNSUPPORTED_TYPE',
          UPLOAD_MESSAGES.contentMismatch(name, type.value),
          'file',
        );
      }
      const record: FileRecord = {
        fileId,
        originalName: name,
        fileType: deriveFileType(name),
        size: file.tap.size,
        contentHash: file.tap.digest(),
        storageKey: key,
        ownerUserId: principal.userId,
        createdAt: this.clock.now(),
      };
      await this.files.createFile(record);
      keep = true;
      return record;
    } finally {
      if (!keep) await this.store.delete(key).catch(() => undefined);
    }
  }

  /**
   * The file behind an id the caller may read: its owner, role admin, or holders of
   * `common:file:read` (`*:*:*` included). Anything that is not a server-issued id is refused
   * before the store is touched.
   */
  async readableFile(id: string, principal: Principal): Promise<FileRecord> {
    return answered(await this.uploads.readableFile(id, principal));
  }

  /** Deletes a file the server made (storeGenerated), when its time is up; gone already is fine. */
  async deleteGenerated(fileId: string): Promise<void> {
    const key = await this.files.deleteFile(fileId);
    if (key) await this.store.delete(key);
  }

  /** Removes abandoned uploads and their staged chunks; any instance may run it. */
  async sweep(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.config.abandonAfterMs);
    let removed = 0;
    for (;;) {
      const keys = await this.files.purgeAbandoned(before, 100);
      for (const key of keys) await this.store.delete(key).catch(() => undefined);
      removed += keys.length;
      if (keys.length === 0) return removed;
    }
  }

  private async ownedUpload(uploadId: string, principal: Principal) {
    return answered(await this.uploads.ownedUpload(uploadId, principal));
  }
}

/** Who may read a file: core's rule (the owner, role admin, or `common:file:read`). */
export function mayRead(file: FileRecord, principal: Principal): boolean {
  return mayReadFile(file, principal);
}

/** Runs the sweeper every `everyMs` (unref'd: it never keeps the process alive). */
export function startUploadSweeper(
  service: FileService,
  everyMs: number,
  onError: (e: unknown) => void,
): NodeJS.Timeout {
  const timer = setInterval(() => {
    service.sweep().catch(onError);
  }, everyMs);
  timer.unref();
  return timer;
}
