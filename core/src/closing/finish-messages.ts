import { domainError, type DomainError } from '../shared/result.js';

/** The finish forms' field labels in the spec's words. */
export const FINISH_FIELD_LABELS: Readonly<Record<string, string>> = {
  contractId: '合同',
  taskId: '任务单',
  confirmFinishAmount: '确认完成产值',
  remark: '备注',
  fileIds: '完工文件',
};

export const FINISH_ERROR_CODES = {
  required: 'VALIDATION.FINISH_REQUIRED',
  tooLong: 'VALIDATION.FINISH_TEXT_TOO_LONG',
  invalidAmount: 'VALIDATION.FINISH_INVALID_AMOUNT',
  exceeds: 'VALIDATION.FINISH_EXCEEDS_TASK_AMOUNT',
  noFiles: 'VALIDATION.FINISH_NO_FILES',
  contractNotFound: 'FINISH.CONTRACT_NOT_FOUND',
  taskNotFound: 'FINISH.TASK_NOT_FOUND',
  confirmationNotFound: 'FINISH.CONFIRMATION_NOT_FOUND',
  notFormal: 'FINISH.CONTRACT_NOT_FORMAL',
  finished: 'FINISH.CONTRACT_FINISHED',
  taskNotConfirmed: 'FINISH.TASK_NOT_CONFIRMED',
  belowPaid: 'FINISH.BELOW_PAID',
  belowZero: 'FINISH.BELOW_ZERO',
  conditions: 'FINISH.CONDITIONS_NOT_MET',
  fileNotFound: 'FINISH.FILE_NOT_FOUND',
} as const;

export const finishErrors = {
  required: (field: string): DomainError =>
    domainError(
      FINISH_ERROR_CODES.required,
      `${FINISH_FIELD_LABELS[field] ?? field}不能为空`,
      field,
    ),
  tooLong: (field: string, max: number): DomainError =>
    domainError(
      FINISH_ERROR_CODES.tooLong,
      `${FINISH_FIELD_LABELS[field] ?? field}不能超过${String(max)}个字`,
      field,
    ),
  invalidAmount: (): DomainError =>
    domainError(
      FINISH_ERROR_CODES.invalidAmount,
      '确认完成产值须为大于0、最多6位小数的金额（万元）',
      'confirmFinishAmount',
    ),
  exceeds: (left: string): DomainError =>
    domainError(
      FINISH_ERROR_CODES.exceeds,
      `确认完成产值超出任务产值，本任务单最多还可确认 ${left} 万元`,
      'confirmFinishAmount',
    ),
  noFiles: (): DomainError =>
    domainError(FINISH_ERROR_CODES.noFiles, '请选择要上传的完工文件', 'fileIds'),
  contractNotFound: (): DomainError =>
    domainError(FINISH_ERROR_CODES.contractNotFound, '合同不存在或无权查看', 'contractId'),
  taskNotFound: (): DomainError =>
    domainError(FINISH_ERROR_CODES.taskNotFound, '该合同下没有此任务单', 'taskId'),
  confirmationNotFound: (): DomainError =>
    domainError(FINISH_ERROR_CODES.confirmationNotFound, '确认记录不存在或无权查看', 'id'),
  notFormal: (): DomainError =>
    domainError(FINISH_ERROR_CODES.notFormal, '只有正式合同可以确认完成', 'contractId'),
  finished: (): DomainError =>
    domainError(FINISH_ERROR_CODES.finished, '合同已确认完成，不能再修改完成产值或完工文件'),
  taskNotConfirmed: (): DomainError =>
    domainError(
      FINISH_ERROR_CODES.taskNotConfirmed,
      '任务单尚未完成部门确认，不能确认完成产值',
      'taskId',
    ),
  belowPaid: (): DomainError =>
    domainError(
      FINISH_ERROR_CODES.belowPaid,
      '删除后确认完成产值将不足以覆盖已发放的产值，不能删除',
    ),
  belowZero: (): DomainError =>
    domainError(FINISH_ERROR_CODES.belowZero, '任务单当前确认完成产值小于该记录，不能删除'),
  conditions: (reasons: readonly string[]): DomainError =>
    domainError(FINISH_ERROR_CODES.conditions, `合同尚不能确认完成：${reasons.join('；')}`),
  fileNotFound: (): DomainError =>
    domainError(FINISH_ERROR_CODES.fileNotFound, '文件不存在或不是您上传的', 'fileIds'),
};
