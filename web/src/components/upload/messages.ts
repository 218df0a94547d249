import { HTTP_ERROR_MESSAGES, UPLOAD_MESSAGES } from '@dpms/core';

/**
 * The uploader's own words. Rules and the spec's messages are core's (UPLOAD_MESSAGES); these
 * are the labels of the screens around them.
 */
export const UPLOAD_UI_MESSAGES = {
  downloadUnsupported: HTTP_ERROR_MESSAGES.downloadUnsupported,
  downloadFailed: '文件下载失败，请稍后重试',
  stillUploading: UPLOAD_MESSAGES.stillUploading,
  failedUploadsConfirm: UPLOAD_MESSAGES.failedUploadsConfirm,
  chooseFile: '选择文件',
  bigUploadTitle: '大文件上传',
  uploadButton: '上传文件',
  dropHint: '支持 xls、xlsx、txt、doc、docx、ppt、pptx、jpg、jpeg、png、pdf、zip',
  overall: '总进度',
  statusReady: '等待上传',
  statusHashing: '正在计算校验值',
  statusUpload: '上传中',
  statusEnding: '正在合并文件',
  statusPaused: '已暂停',
  statusSuccess: '上传成功',
  statusFail: '上传失败',
  statusNeedsFile: '待续传：请重新选择该文件',
  pause: '暂停',
  resume: '继续',
  retry: '重试',
  remove: '移除',
  repick: '重新选择文件',
  confirm: '确定',
  close: '关闭',
  cancel: '取消',
  giveUpTitle: '系统提示',
  repickMismatch: (name: string): string =>
    `所选文件与待续传的“${name}”不一致（文件名、大小或修改时间不同），请选择原文件`,
  resumeExpired: (name: string): string => `“${name}”的上传任务已过期，将重新上传`,
  noFiles: '暂无文件',
  preview: '预览',
  download: '下载',
  delete: '删除',
  fileName: '文件名称',
  fileProp: '文件类型',
  memo: '备注',
  attachment: '附件',
  resultFileTitle: '上传成果文件',
  uploading: '上传中…',
  previewFailed: '文件预览失败',
} as const;
