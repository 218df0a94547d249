/**
 * The upload components other screens use. Names and props here are stable: approval forms and
 * contract pages import them.
 *
 * - BigUpload: the chunked large-file field (profile 'shell' 1 MiB × 4, 'contract' 10 MiB × 3)
 * - FileUpload: the ordinary attachment field (POST /common/upload)
 * - FileList: stored files with preview, download and delete
 * - ResultFileForm: the result-file dialog (one file; name and attachment required)
 * - downloadFile(fileIdOrDownloadAddress, fileName?): a stored file, by what the server issued
 * - downloadExport(apiPath, fileName?): an export or PDF whose address the application builds
 */
export { BigUpload, type BigUploadProps } from './BigUpload';
export { FileUpload, type FileUploadProps } from './FileUpload';
export { FileList, type FileListProps } from './FileList';
export {
  ResultFileForm,
  type ResultFileFormProps,
  type ResultFileSubmission,
} from './ResultFileForm';
export { downloadFile, downloadExport, saveBlob, canSaveFiles } from './download';
export { toUploadedFileRecord, formatSize, type UploadedFileRecord } from './file-record';
export { useFilePreview } from './useFilePreview';
export { UploadActivity, useUploadsInFlight } from './upload-activity';
export type { BigUploadProfile } from './big-upload-queue';
