import { errorMessage } from '@dpms/http-client';
import { useCallback, useEffect, useState } from 'react';
import { FilePreviewDialog, type PreviewFile } from '../widgets/FilePreviewDialog';
import { UPLOAD_UI_MESSAGES } from './messages';
import { useFileServices } from './useFileServices';

/**
 * Preview of a stored image or PDF (000 §5: png, jpg, jpeg, pdf). The download calls need the
 * bearer token, which an <img> or the PDF viewer cannot send, so the file is fetched with it
 * and shown from an object URL that is revoked when the dialog closes.
 */
export function useFilePreview() {
  const { files, feedback } = useFileServices();
  const [file, setFile] = useState<PreviewFile | null>(null);

  useEffect(() => {
    if (!file) return;
    return () => URL.revokeObjectURL(file.url);
  }, [file]);

  const show = useCallback(
    async (fileName: string, fetchFile: () => Promise<{ blob: Blob }>) => {
      try {
        const { blob } = await fetchFile();
        setFile({ name: fileName, url: URL.createObjectURL(blob) });
      } catch (error) {
        feedback.error(errorMessage(error, UPLOAD_UI_MESSAGES.previewFailed));
      }
    },
    [feedback],
  );

  /**
   * A stored file, by its id or the download address the server built; any other address is
   * refused by the gateway and shown as a message, never fetched.
   */
  const open = useCallback(
    (record: { fileName: string; filePath: string; fileId?: string }) =>
      show(record.fileName, () =>
        files.download(record.fileId || record.filePath, { preview: true }),
      ),
    [files, show],
  );

  /** A PDF whose address the application's code builds (a printed contract document). */
  const openExport = useCallback(
    (record: { fileName: string; apiPath: string }) =>
      show(record.fileName, () => files.downloadPath(record.apiPath)),
    [files, show],
  );

  const dialog = <FilePreviewDialog file={file} onClose={() => setFile(null)} />;
  return { open, openExport, dialog };
}
