import { Button } from '../ui/Button';
import { downloadFile } from './download';
import { formatSize, type UploadedFileRecord } from './file-record';
import { UPLOAD_UI_MESSAGES as M } from './messages';
import { useFilePreview } from './useFilePreview';

export interface FileListProps {
  files: readonly UploadedFileRecord[];
  /** Shows a delete button per file when given (and not disabled). */
  onRemove?: (file: UploadedFileRecord) => void;
  disabled?: boolean;
  testId?: string;
}

/**
 * The file list of a field: name, size, and preview (png, jpg, jpeg, pdf only), download and
 * delete for each file.
 */
export function FileList({ files, onRemove, disabled, testId = 'file-list' }: FileListProps) {
  const preview = useFilePreview();
  if (files.length === 0) {
    return (
      <p className="py-2 text-sm text-muted" data-testid={testId}>
        {M.noFiles}
      </p>
    );
  }
  return (
    <>
      <ul className="divide-y divide-line rounded-control border border-line" data-testid={testId}>
        {files.map((file) => (
          <li
            key={file.fileId || file.filePath}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2"
            data-testid="file-row"
            data-file={file.fileName}
          >
            <span className="min-w-0 flex-1 truncate text-ink" title={file.fileName}>
              {file.fileName}
            </span>
            {file.size !== undefined && (
              <span className="text-xs text-muted tabular-nums">{formatSize(file.size)}</span>
            )}
            <span className="flex gap-1">
              {file.hasView && (
                <Button size="sm" variant="text" onClick={() => void preview.open(file)}>
                  {M.preview}
                </Button>
              )}
              <Button
                size="sm"
                variant="text"
                // The name comes from the answer's Content-Disposition: the server's record.
                onClick={() => void downloadFile(file.filePath)}
              >
                {M.download}
              </Button>
              {onRemove && !disabled && (
                <Button
                  size="sm"
                  variant="text"
                  className="text-danger-600!"
                  onClick={() => onRemove(file)}
                >
                  {M.delete}
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {preview.dialog}
    </>
  );
}
