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

  const open = useCallback(
    async (record: { fileName: string; filePath: string }) => {
      try {
        const { blob } = await files.download(record.filePath, { preview: true });
        setFile({ name: record.fileName, url: URL.createObjectURL(blob) });
      } catch (error) {
        feedback.error(errorMessage(error, UPLOAD_UI_MESSAGES.previewFailed));
      }
    },
    [files, feedback],
  );

  const dialog = <FilePreviewDialog file={file} onClose={() => setFile(null)} />;
  return { open, dialog };
}
