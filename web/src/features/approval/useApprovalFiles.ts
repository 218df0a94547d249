import { fileDownloadAddress, type TemplateFile } from '@dpms/core';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { saveBlob } from '../../components/upload/download';

/** The name a stored file shows. */
export const fileNameOf = (f: TemplateFile): string => f.name ?? f.fileName ?? f.fileId ?? '';

/**
 * What names a stored file: the server's id, else the download address the server answered.
 * Whatever it is, the file gateway fetches only ids and download addresses.
 */
export function fileUrlOf(f: TemplateFile & { url?: string }): string {
  if (f.fileId) return fileDownloadAddress(f.fileId);
  return f.url ?? f.filePath ?? '';
}

/**
 * Reading stored form attachments: the file gateway's authorised fetch of a stored file (by id or
 * download address only) into an object URL, for preview and download (uploads go through the
 * shared uploader).
 */
export function useApprovalFiles() {
  const files = useService(TOKENS.FileGateway);
  const objectUrl = async (f: TemplateFile): Promise<string> => {
    const { blob } = await files.download(fileUrlOf(f), { preview: true });
    return URL.createObjectURL(blob);
  };
  const download = async (f: TemplateFile): Promise<void> => {
    const file = await files.download(fileUrlOf(f));
    saveBlob(file.blob, fileNameOf(f) || file.fileName || 'download');
  };
  return { objectUrl, download };
}
