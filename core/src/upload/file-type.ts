import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { UPLOAD_MESSAGES } from './upload-messages.js';

/** The extensions a person may upload anywhere in the application (000 §5). */
export const ALLOWED_UPLOAD_TYPES = [
  'xls',
  'xlsx',
  'txt',
  'doc',
  'docx',
  'ppt',
  'pptx',
  'jpg',
  'jpeg',
  'png',
  'pdf',
  'zip',
] as const;
export type AllowedUploadType = (typeof ALLOWED_UPLOAD_TYPES)[number];

/** Only these can be shown in the preview dialog (000 §5). */
export const PREVIEWABLE_TYPES = ['png', 'jpg', 'jpeg', 'pdf'] as const;
export type PreviewableType = (typeof PREVIEWABLE_TYPES)[number];

/**
 * File types per category (000 §9). The spec names "text documents" without listing them; we
 * read it as the word-processing and plain-text types a person calls a document (doc, docx,
 * txt, pdf). CAD and packages name dwg, dxf and rar, which the general allow-list refuses: a
 * field that accepts a category passes its list to `checkUploadType` explicitly.
 */
export const FILE_TYPES_BY_CATEGORY = {
  rendering: ['jpg', 'png', 'pdf'],
  text: ['doc', 'docx', 'txt', 'pdf'],
  cad: ['dwg', 'dxf', 'zip'],
  package: ['zip', 'rar'],
} as const satisfies Record<string, readonly string[]>;
export type FileCategory = keyof typeof FILE_TYPES_BY_CATEGORY;

/**
 * What an upload is for, when it is more than an ordinary attachment. The spec lists CAD files
 * (000 §9: dwg/dxf/zip) for design results only, so `result` admits the CAD category besides the
 * general list; every other upload, and every record but a result, keeps to the general list.
 */
export const UPLOAD_PURPOSES = ['result'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** A design result's file: the general list and the CAD category (dwg, dxf; zip is in both). */
export const RESULT_UPLOAD_TYPES: readonly string[] = [
  ...new Set<string>([...ALLOWED_UPLOAD_TYPES, ...FILE_TYPES_BY_CATEGORY.cad]),
];

/** The extensions an upload for `purpose` may carry (the general list without one). */
export const uploadTypesFor = (purpose?: UploadPurpose): readonly string[] =>
  purpose === 'result' ? RESULT_UPLOAD_TYPES : ALLOWED_UPLOAD_TYPES;

/**
 * Every extension some upload admits: what a chunk or a completion of an upload whose id was
 * already issued (its type checked then, for its purpose) is checked against again.
 */
export const ADMITTED_UPLOAD_TYPES: readonly string[] = RESULT_UPLOAD_TYPES;

/**
 * The spec's fileType: the last 4 characters of the name, lower-cased, dot removed (000 §3).
 * Kept literally, quirks included ('a.JPEG' → 'jpeg', 'a.pdf' → 'pdf', but 'a.js' → 'ajs'),
 * because stored records and the web compare against this value. For every allowed type it
 * equals the real extension.
 */
export const deriveFileType = (fileName: string): string =>
  fileName.slice(-4).toLowerCase().replaceAll('.', '');

/**
 * The real extension: what follows the last dot, lower-cased; '' when there is none. The
 * allow-list check uses this rather than `deriveFileType`, so a refusal names the extension the
 * person actually sees.
 */
export const fileExtension = (fileName: string): string => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
};

export const isPdf = (fileName: string): boolean => deriveFileType(fileName) === 'pdf';

export const isPreviewable = (fileName: string): boolean =>
  (PREVIEWABLE_TYPES as readonly string[]).includes(deriveFileType(fileName));

/** A stored file as the screens list it (000 §3 Files). */
export interface FileEntry {
  readonly fileName: string;
  readonly filePath: string;
  readonly fileType: string;
  readonly isPdf: boolean;
  /** Whether the preview dialog can show it. */
  readonly hasView: boolean;
  /** Whether it was uploaded in this editing session (not yet saved with its record). */
  readonly isUpload: boolean;
}

/** Fills the derived properties of a file entry. */
export const toFileEntry = (file: {
  readonly fileName: string;
  readonly filePath: string;
  readonly isUpload?: boolean;
}): FileEntry => ({
  fileName: file.fileName,
  filePath: file.filePath,
  fileType: deriveFileType(file.fileName),
  isPdf: isPdf(file.fileName),
  hasView: isPreviewable(file.fileName),
  isUpload: file.isUpload ?? false,
});

/**
 * Refuses a file whose extension is not in `allowed` (the general allow-list by default), with a
 * message that names the file and its extension.
 */
export const checkUploadType = (
  fileName: string,
  allowed: readonly string[] = ALLOWED_UPLOAD_TYPES,
): Result<string> => {
  const ext = fileExtension(fileName);
  return allowed.includes(ext)
    ? ok(ext)
    : err(
        domainError(
          'UPLOAD.TYPE_NOT_ALLOWED',
          UPLOAD_MESSAGES.typeNotAllowed(fileName, ext, allowed),
          'fileName',
        ),
      );
};

/**
 * Splits a selection into the files that may be uploaded and those ignored (000 §5: "another
 * extension is ignored with a message"), so one wrong file does not drop the whole selection.
 */
export const partitionByUploadType = <F extends { readonly name: string }>(
  files: readonly F[],
  allowed: readonly string[] = ALLOWED_UPLOAD_TYPES,
): { readonly accepted: readonly F[]; readonly refused: readonly DomainError[] } => {
  const accepted: F[] = [];
  const refused: DomainError[] = [];
  for (const file of files) {
    const checked = checkUploadType(file.name, allowed);
    if (checked.ok) accepted.push(file);
    else refused.push(checked.error);
  }
  return { accepted, refused };
};
