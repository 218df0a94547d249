import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { UPLOAD_MESSAGES } from './upload-messages.js';

/** The result-file upload form (000 §3): one file with its name, type and note. */
export interface ResultFileForm<F = unknown> {
  readonly fileName: string;
  /** The file's kind, chosen from a dictionary. */
  readonly fileProp: string;
  readonly memo: string;
  readonly fileList: readonly F[];
}

/** Input and textarea defaults (000 §5). */
export const RESULT_FILE_NAME_MAX = 50;
export const RESULT_FILE_MEMO_MAX = 1000;

/**
 * Checks the form (000 §5): a file name ('请输入文件名称'), exactly one file ('请上传附件' when
 * none). Text is trimmed before the checks and in the value returned. A file whose upload
 * failed does not count as uploaded. Why more than one file is refused with the count message:
 * the field is single, so a second file can only arrive by mistake.
 */
export const validateResultFileForm = <F extends { readonly status?: string }>(
  form: ResultFileForm<F>,
): Result<ResultFileForm<F>> => {
  const fileName = form.fileName.trim();
  const memo = form.memo.trim();
  const fail = (code: string, message: string, field: string): Result<never> =>
    err<DomainError>(domainError(code, message, field));
  if (fileName === '') {
    return fail('VALIDATION.REQUIRED', UPLOAD_MESSAGES.resultFileNameRequired, 'fileName');
  }
  if (fileName.length > RESULT_FILE_NAME_MAX) {
    return fail(
      'VALIDATION.MAX_LENGTH',
      UPLOAD_MESSAGES.maxLength('文件名称', RESULT_FILE_NAME_MAX),
      'fileName',
    );
  }
  if (memo.length > RESULT_FILE_MEMO_MAX) {
    return fail(
      'VALIDATION.MAX_LENGTH',
      UPLOAD_MESSAGES.maxLength('备注', RESULT_FILE_MEMO_MAX),
      'memo',
    );
  }
  const uploaded = form.fileList.filter(
    (file) => file.status === undefined || file.status === 'success',
  );
  if (form.fileList.length > 1) {
    return fail('UPLOAD.FILE_COUNT_EXCEEDED', UPLOAD_MESSAGES.countExceeded, 'fileList');
  }
  if (uploaded.length !== 1) {
    return fail('VALIDATION.REQUIRED', UPLOAD_MESSAGES.resultFileRequired, 'fileList');
  }
  return ok({ ...form, fileName, fileProp: form.fileProp.trim(), memo });
};
