import { domainError, err, ok, type Result } from '../shared/result.js';
import { UPLOAD_MESSAGES } from './upload-messages.js';

/** Either upload kind: the large-upload item ('upload') or the editor record ('uploading'). */
export interface HasUploadStatus {
  readonly status: string;
}

export const isUploading = (file: HasUploadStatus): boolean =>
  file.status === 'upload' || file.status === 'uploading';

/**
 * 000 §4: the upload dialog cannot close or confirm while a file is uploading. Returns the
 * refusal a person sees, so the button can explain itself.
 */
export const checkUploadDialogCanClose = (files: readonly HasUploadStatus[]): Result<true> =>
  files.some(isUploading)
    ? err(domainError('UPLOAD.IN_PROGRESS', UPLOAD_MESSAGES.stillUploading))
    : ok(true);

export const canCloseUploadDialog = (files: readonly HasUploadStatus[]): boolean =>
  checkUploadDialogCanClose(files).ok;

/** Same rule for confirm as for close (000 §4). */
export const canConfirmUploadDialog = canCloseUploadDialog;

export const hasFailedUploads = (files: readonly HasUploadStatus[]): boolean =>
  files.some((file) => file.status === 'fail');

/**
 * 000 §5: submitting with failed uploads asks to confirm giving them up. The question to ask,
 * or undefined when there is nothing to ask.
 */
export const failedUploadsConfirmation = (files: readonly HasUploadStatus[]): string | undefined =>
  hasFailedUploads(files) ? UPLOAD_MESSAGES.failedUploadsConfirm : undefined;
