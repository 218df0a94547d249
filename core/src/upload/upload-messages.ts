/**
 * Every user-facing text of the upload slice, in one place so it can be translated. Where the
 * spec gives the words (000 §5, §8) they are used as given.
 */
export const UPLOAD_MESSAGES = {
  typeNotAllowed: (fileName: string, ext: string, allowed: readonly string[]): string =>
    `文件“${fileName}”的格式${ext === '' ? '（无扩展名）' : ext}不正确，请上传${allowed.join('/')}格式文件`,
  countExceeded: '文件数量超出限制，请先删除已上传文件再覆盖上传',
  failedUploadsConfirm: '存在上传失败的文件，确认放弃吗？',
  stillUploading: '文件正在上传中，请等待上传完成后再操作',
  invalidTransition: (from: string, event: string): string =>
    `上传状态“${from}”下不能执行“${event}”`,
  resultFileNameRequired: '请输入文件名称',
  resultFileRequired: '请上传附件',
  maxLength: (label: string, max: number): string => `${label}不能超过${max}个字符`,
  chunkFieldMissing: (field: string): string => `分片表单缺少字段${field}`,
  chunkFieldNotInteger: (field: string): string => `分片表单字段${field}必须为非负整数`,
  chunkFieldNotPositive: (field: string): string => `分片表单字段${field}必须大于0`,
  chunkIndexOutOfRange: (field: string, totalField: string): string =>
    `分片表单字段${field}超出范围，必须小于${totalField}`,
  chunkPartNumMismatch: (indexField: string): string =>
    `分片表单字段partNum必须等于${indexField}加1`,
  chunkTotalMismatch: (field: string): string => `分片表单字段${field}与文件大小、分片大小不一致`,
  chunkHashInvalid: (field: string): string => `分片表单字段${field}必须为32位十六进制MD5值`,
  fileHashInvalid: (field: string): string =>
    `分片表单字段${field}必须为32位（MD5）或64位（SHA-256）十六进制值`,
  chunkFileNameInvalid: (field: string): string =>
    `分片表单字段${field}不能为空，且不能包含路径分隔符或控制字符`,
  chunkFileNameTooLong: (field: string, max: number): string =>
    `分片表单字段${field}不能超过${max}个字符`,
  chunkUploadIdInvalid: (field: string): string => `分片表单字段${field}不能为空`,
  chunkFormMixed:
    '分片表单混用了两种字段命名（size/chunks/chunk/md5/filename 与 chunkSize/chunkTotal/chunkIndex/chunkHash/fileName/fileSize）',
} as const;
