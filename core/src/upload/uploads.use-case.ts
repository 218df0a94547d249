import { hasPermission } from '../session/permission.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import { checkUploadType, uploadTypesFor, type UploadPurpose } from './file-type.js';
import type { FileRecord, FileRecordRepository, UploadSession } from './file-store.port.js';
import { UPLOAD_MESSAGES } from './upload-messages.js';

/** Who may read a file besides its owner: role admin, `*:*:*`, or this permission. */
export const FILE_READ_PERMISSION = 'common:file:read';

/** Server-issued ids of files and uploads: 128 random bits as 32 lower-case hex digits. */
export const FILE_ID = /^[0-9a-f]{32}$/;

/** New file and upload ids (the adapter draws them from a secure random source). */
export interface UploadIds {
  newId(): string;
}

export interface UploadClock {
  now(): Date;
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
    private readonly clock: UploadClock,
    private readonly ids: UploadIds,
  ) {}

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
