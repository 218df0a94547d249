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
  // Server-side checks of the chunked upload and the file store.
  uploadNotFound: '上传任务不存在或已过期，请重新上传',
  uploadAlreadyComplete: '该文件已上传完成，无需再上传分片',
  uploadCompleting: '文件正在合并中，请稍后再试',
  uploadShapeMismatch: '分片信息与此前分片不一致（文件大小、文件哈希或分片数），请重新上传',
  chunkHashMismatch: (index: number): string =>
    `第${index + 1}个分片的MD5校验失败，请重新上传该分片`,
  chunkSizeMismatch: (index: number): string =>
    `第${index + 1}个分片的大小不正确，请重新上传该分片`,
  chunksMissing: (missing: readonly number[]): string =>
    `还有${missing.length}个分片未上传（第${missing
      .slice(0, 10)
      .map((i) => i + 1)
      .join('、')}${missing.length > 10 ? '等' : ''}个），请上传后再完成`,
  chunkSizesInvalid: '分片大小不一致，请重新上传',
  fileSizeMismatch: '分片总大小与文件大小不一致，请重新上传',
  fileHashMismatch: '文件校验失败（整体哈希不一致），请重新上传',
  fileTooLarge: (maxBytes: number): string => `文件大小不能超过${formatBytes(maxBytes)}`,
  chunkTooLarge: (maxBytes: number): string => `分片大小不能超过${formatBytes(maxBytes)}`,
  contentMismatch: (fileName: string, ext: string): string =>
    `文件“${fileName}”的内容与扩展名${ext}不符，请上传真实的${ext}文件`,
  fileRequired: '请选择要上传的文件',
  fileIdInvalid: '文件标识无效，只能下载系统上传的文件',
  fileNotFound: '文件不存在或已被删除',
  fileForbidden: '没有权限访问该文件',
  deleteForbidden: '只有上传者可以删除该文件',
  rangeNotSatisfiable: '请求的文件范围无效',
  storeUnavailable: '文件存储暂不可用，请稍后重试',
  // Stored file references: only ids the server issued.
  fileReferenceInvalid: (field: string): string =>
    `字段 ${field} 只能是系统上传后返回的文件标识（fileId）或其下载地址`,
  fileReferenceMissing: (field: string): string =>
    `字段 ${field} 引用的文件不存在或已被删除，请重新上传`,
  fileReferenceForbidden: (field: string): string =>
    `字段 ${field} 引用的文件不是您上传的，也不在您可查看的记录中，请重新上传`,
  downloadAddressInvalid: '文件地址无效：只能下载或预览系统上传的文件',
  chunkFormMixed:
    '分片表单混用了两种字段命名（size/chunks/chunk/md5/filename 与 chunkSize/chunkTotal/chunkIndex/chunkHash/fileName/fileSize）',
} as const;

/** 1048576 → '1MB', 1536 → '1.5KB': sizes in refusal messages. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number(value.toFixed(2))}${units[unit] ?? 'B'}`;
}
