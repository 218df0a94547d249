import {
  ALLOWED_UPLOAD_TYPES,
  UPLOAD_MESSAGES,
  checkFileReference,
  checkUploadType,
  fileExtension,
  FILE_TYPES_BY_CATEGORY,
  fileDownloadAddress,
  fileIdOfReference,
  type FileRecordRepository,
  type TemplateFile,
} from '@dpms/core';
import { HttpError } from '../http/http-error.js';
import type { Principal } from '../identity/principal.js';
import { mayRead } from './upload.service.js';

/** A file a request names, with the field that names it (`files[0].url`). */
export interface SentFile {
  readonly field: string;
  readonly file: Readonly<Record<string, unknown>>;
}

const isCad = (name: string): boolean =>
  (FILE_TYPES_BY_CATEGORY.cad as readonly string[]).includes(fileExtension(name));
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

const refused = (status: number, field: string, message: string): HttpError =>
  new HttpError(status, message, { errors: [{ field, message }], field });

/**
 * The files a record may carry: only those the server issued, named by id, each one
 * the caller's own upload, one already on the record, or one the caller may read anyway (role
 * admin, `common:file:read`). Anything else is refused before anything is written: 400 naming the
 * field for a reference that is not an id or a download address, or names no live file; 403 for
 * another person's file. What is kept is the id and the stored file's own name, never an address
 * the client sent: answers build the address (`fileDownloadAddress`).
 */
export class FileReferences {
  constructor(private readonly files: Pick<FileRecordRepository, 'findFile'>) {}

  /** Checks every sent file; answers them as stored (id and the stored name), in order. */
  async resolve(
    sent: readonly SentFile[],
    principal: Principal,
    attached: ReadonlySet<string> = new Set(),
  ): Promise<TemplateFile[]> {
    const ids = sent.map(({ field, file }) => {
      const check = checkFileReference({
        fileId: text(file['fileId']),
        url: text(file['url']),
        filePath: text(file['filePath']),
      });
      if (!check.ok) {
        const at = `${field}.${check.field}`;
        throw refused(400, at, UPLOAD_MESSAGES.fileReferenceInvalid(at));
      }
      return check.fileId;
    });
    return this.stored(
      sent.map((s, i) => ({ field: s.field, fileId: ids[i] ?? '' })),
      principal,
      attached,
    );
  }

  /**
   * Checks references given as strings (a previewpdf field's comma list, a template's signurl):
   * answers the ids they name.
   */
  async resolveReferences(
    sent: readonly { field: string; reference: string }[],
    principal: Principal,
    attached: ReadonlySet<string> = new Set(),
  ): Promise<string[]> {
    const ids = sent.map(({ field, reference }) => {
      const id = fileIdOfReference(reference);
      if (id === null) throw refused(400, field, UPLOAD_MESSAGES.fileReferenceInvalid(field));
      return { field, fileId: id };
    });
    return (await this.stored(ids, principal, attached)).map((f) => f.fileId ?? '');
  }

  private async stored(
    refs: readonly { field: string; fileId: string }[],
    principal: Principal,
    attached: ReadonlySet<string>,
  ): Promise<TemplateFile[]> {
    const seen = new Map<string, TemplateFile>();
    const out: TemplateFile[] = [];
    for (const { field, fileId } of refs) {
      let file = seen.get(fileId);
      if (file === undefined) {
        const record = await this.files.findFile(fileId);
        if (record === null) throw refused(400, field, UPLOAD_MESSAGES.fileReferenceMissing(field));
        if (!attached.has(fileId) && !mayRead(record, principal)) {
          throw refused(403, field, UPLOAD_MESSAGES.fileReferenceForbidden(field));
        }
        // A CAD drawing is admitted for a design result only (RESULT_UPLOAD_TYPES): no approval,
        // template or contract attachment carries one.
        const type = checkUploadType(record.originalName, ALLOWED_UPLOAD_TYPES);
        if (!type.ok && isCad(record.originalName)) throw refused(400, field, type.error.message);
        file = { fileId, name: record.originalName, fileName: record.originalName };
        seen.set(fileId, file);
      }
      out.push(file);
    }
    return out;
  }
}

/**
 * A stored file as answers show it: its id, its name, and the download address the server builds.
 * A file stored before references were checked, with no id the server issued, keeps its name and
 * gets no address, so nothing stored can send a browser elsewhere.
 */
export function fileView(f: Readonly<Record<string, unknown>>): {
  fileId: string;
  name: string;
  fileName: string;
  url: string;
  filePath: string;
} {
  const check = checkFileReference({
    fileId: text(f['fileId']),
    url: text(f['url']),
    filePath: text(f['filePath']),
  });
  const name = text(f['name']) ?? text(f['fileName']) ?? '';
  const address = check.ok ? fileDownloadAddress(check.fileId) : '';
  return {
    fileId: check.ok ? check.fileId : '',
    name,
    fileName: text(f['fileName']) ?? name,
    url: address,
    filePath: address,
  };
}

/** A comma list of file references as answers show it: download addresses only. */
export const referenceListView = (value: string): string =>
  value
    .split(',')
    .map((r) => fileIdOfReference(r.trim()))
    .filter((id): id is string => id !== null)
    .map(fileDownloadAddress)
    .join(',');
