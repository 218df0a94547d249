import {
  FILE_FIELD_TYPES,
  fileIdOfReference,
  toFileEntry,
  type TemplateContent,
  type TemplateField,
  type TemplateFile,
} from '@dpms/core';
import { BigUpload } from '../../components/upload/BigUpload';
import { FileUpload } from '../../components/upload/FileUpload';
import type { UploadedFileRecord } from '../../components/upload/file-record';
import { Button } from '../../components/ui/Button';
import { fileNameOf, fileUrlOf } from './useApprovalFiles';

/* The template's file fields: stored files, expired ones, and the uploaders while editing. */

/** What file fields do with files; the form binds these to the server. */
export interface FileActions {
  preview: (file: TemplateFile) => void;
  download: (file: TemplateFile) => void;
}

/**
 * The server id a stored form file names: its `fileId`, else the download address it carries.
 * Null for files saved before ids existed (the server answers them with `fileId: ''` and no
 * address).
 */
export function storedFileId(f: TemplateFile & { url?: string }): string | null {
  if (f.fileId !== undefined && f.fileId !== '') return f.fileId;
  for (const reference of [f.url, f.filePath]) {
    const id = reference ? fileIdOfReference(reference) : null;
    if (id !== null) return id;
  }
  return null;
}

/** A file the server no longer names: it cannot be opened, nor sent back (the server refuses it). */
export const isExpiredFile = (f: TemplateFile): boolean => storedFileId(f) === null;

export const EXPIRED_FILE_TEXT = '文件已失效，请重新上传';

/** The content with expired files left out of every file list, as a save sends it. */
export function withoutExpiredFiles(content: TemplateContent): TemplateContent {
  let changed = false;
  const out: Record<string, TemplateContent[string]> = {};
  for (const [refname, entry] of Object.entries(content)) {
    const value = entry.value;
    if (FILE_FIELD_TYPES.includes(entry.type) && Array.isArray(value)) {
      const files = (value as readonly unknown[]).filter(
        (f) => !(typeof f === 'object' && f !== null && isExpiredFile(f as TemplateFile)),
      );
      if (files.length !== value.length) {
        changed = true;
        out[refname] = { ...entry, value: files as readonly TemplateFile[] };
        continue;
      }
    }
    out[refname] = entry;
  }
  return changed ? out : content;
}

/** A stored form file as the shared uploader holds it (name, path, id, type). */
export const toUploadRecord = (f: TemplateFile & { size?: number }): UploadedFileRecord => ({
  ...toFileEntry({
    fileName: fileNameOf(f),
    filePath: fileUrlOf(f),
    isUpload: true,
  }),
  fileId: storedFileId(f) ?? '',
  ...(f.size === undefined ? {} : { size: f.size }),
});

/** Expired files, by name, with what to do: no preview, no download. */
function ExpiredFiles({ files }: { files: readonly TemplateFile[] }) {
  if (files.length === 0) return null;
  return (
    <ul className="divide-y divide-line rounded-control border border-line text-sm">
      {files.map((f, i) => (
        <li
          key={`${fileNameOf(f)}-${i}`}
          className="flex items-center gap-2 px-2.5 py-1.5"
          data-testid="expired-file"
        >
          <span className="min-w-0 flex-1 truncate text-muted line-through">{fileNameOf(f)}</span>
          <span className="text-xs text-danger-600">{EXPIRED_FILE_TEXT}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * upload, bigUpload, uploadAlways: while editable the shared uploader (FileUpload, or the
 * chunked BigUpload) with the field's limit; otherwise the stored files with preview and
 * download.
 */
export function FileField({
  id,
  field,
  locked,
  files,
  actions,
  onChange,
}: {
  id: string;
  field: TemplateField;
  locked: boolean;
  files: readonly TemplateFile[];
  actions: FileActions | undefined;
  onChange: (files: readonly TemplateFile[]) => void;
}) {
  const limit = field.limit ?? 0;
  const expired = files.filter(isExpiredFile);
  if (!locked) {
    const value = files.filter((f) => !isExpiredFile(f)).map(toUploadRecord);
    // The form keeps and sends only what names a file: the id the server issued.
    // Expired files stay listed (the save leaves them out) so the person knows to upload again.
    const change = (records: readonly UploadedFileRecord[]) =>
      onChange([...records.map((r) => ({ fileId: r.fileId, fileName: r.fileName })), ...expired]);
    return (
      <div id={id} className="space-y-1.5">
        <ExpiredFiles files={expired} />
        {field.type === 'bigUpload' ? (
          <BigUpload profile="shell" value={value} onChange={change} limit={limit} />
        ) : (
          <FileUpload
            value={value}
            onChange={change}
            limit={limit}
            testId={`upload-${field.refname}`}
          />
        )}
      </div>
    );
  }
  return (
    <div className="space-y-1.5" id={id}>
      {files.length === 0 ? (
        <p className="py-1.5 text-sm text-muted">无附件</p>
      ) : (
        <ul className="divide-y divide-line rounded-control border border-line text-sm">
          {files.map((f, i) => (
            <li
              key={`${f.fileId || fileNameOf(f)}-${i}`}
              className="flex items-center gap-2 px-2.5 py-1.5"
              {...(isExpiredFile(f) ? { 'data-testid': 'expired-file' } : {})}
            >
              <span
                className={`min-w-0 flex-1 truncate ${isExpiredFile(f) ? 'text-muted line-through' : 'text-ink'}`}
              >
                {fileNameOf(f)}
              </span>
              {isExpiredFile(f) ? (
                <span className="text-xs text-danger-600">{EXPIRED_FILE_TEXT}</span>
              ) : (
                actions && (
                  <>
                    <Button size="sm" variant="text" onClick={() => actions.preview(f)}>
                      预览
                    </Button>
                    <Button size="sm" variant="text" onClick={() => actions.download(f)}>
                      下载
                    </Button>
                  </>
                )
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
