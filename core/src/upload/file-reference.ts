/**
 * How a stored record names a file: only by the id the server issued, turned into a
 * download address by the server. A stored string never becomes an address the browser fetches
 * with its token, so an attachment cannot point at an API route (`/prod-api/approval/flow/del`),
 * another origin (`//evil.example`), `javascript:` or `data:`.
 */

/** Server-issued ids of files: 128 random bits as 32 lower-case hex digits. */
export const FILE_ID_PATTERN = /^[0-9a-f]{32}$/;

export const isFileId = (value: string): boolean => FILE_ID_PATTERN.test(value);

/** The API's base path, as the browser sees it. */
const API_PREFIX = '/prod-api';

/** The download address of a stored file, as the server builds it for its answers. */
export const fileDownloadAddress = (fileId: string): string =>
  `${API_PREFIX}/common/download/resource?resource=${fileId}`;

/**
 * The download routes a stored reference may name: the resource call (optionally `preview`) and
 * the older call without `delete` (which would remove the file for its owner). With or without the
 * API prefix, since answers of the older contract calls leave it out.
 */
const DOWNLOAD_ADDRESS =
  /^(?:\/prod-api)?\/common\/download(?:\/resource\?resource=([0-9a-f]{32})(?:&preview=true)?|\?fileName=([0-9a-f]{32}))$/;

/**
 * The file id a reference names: the id itself, or one of the download addresses the server
 * builds. Anything else (a path elsewhere in the API, another origin, a scheme, extra parameters)
 * answers null.
 */
export function fileIdOfReference(reference: string): string | null {
  if (isFileId(reference)) return reference;
  const m = DOWNLOAD_ADDRESS.exec(reference);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/** A file as a form or an attachment list sends it: any of the names the wire has carried. */
export interface FileReferenceFields {
  readonly fileId?: string | undefined;
  readonly url?: string | undefined;
  readonly filePath?: string | undefined;
}

export type FileReferenceCheck =
  | { readonly ok: true; readonly fileId: string }
  | { readonly ok: false; readonly field: 'fileId' | 'url' | 'filePath' };

/**
 * The one file a sent file names. `fileId` must be a server-issued id; `url` and `filePath`, when
 * sent (the web sends back what the upload answered), must name the same file through a download
 * address. A reference with no id at all, or whose parts disagree, is refused naming the field.
 */
export function checkFileReference(f: FileReferenceFields): FileReferenceCheck {
  let id: string | null = null;
  if (f.fileId !== undefined && f.fileId !== '') {
    if (!isFileId(f.fileId)) return { ok: false, field: 'fileId' };
    id = f.fileId;
  }
  for (const field of ['url', 'filePath'] as const) {
    const value = f[field];
    if (value === undefined || value === '') continue;
    const named = fileIdOfReference(value);
    if (named === null || (id !== null && named !== id)) return { ok: false, field };
    id = named;
  }
  return id === null ? { ok: false, field: 'fileId' } : { ok: true, fileId: id };
}
