import { domainError, type DomainError } from '../shared/result.js';

/** Field labels in the spec's own words, for messages that name a field. */
export const CLOSING_FIELD_LABELS: Readonly<Record<string, string>> = {
  closedCaseAmount: '结案金额',
  backAmount: '回款金额',
  settleAmount: '结算金额',
  directFee: '直接费',
  technicalFee: '技术费',
  expertFee: '专家费',
  operateFee: '经营费',
  designFee: '设计费',
  contractId: '合同',
  remark: '备注',
};

const label = (field: string): string => CLOSING_FIELD_LABELS[field] ?? field;

export const CLOSING_ERROR_CODES = {
  required: 'VALIDATION.CLOSING_REQUIRED',
  tooLong: 'VALIDATION.CLOSING_TEXT_TOO_LONG',
  invalidAmount: 'VALIDATION.CLOSING_INVALID_AMOUNT',
  backAmountZero: 'VALIDATION.CLOSING_BACK_AMOUNT_ZERO',
  backAmountMismatch: 'VALIDATION.CLOSING_BACK_AMOUNT_MISMATCH',
  overBack: 'VALIDATION.CLOSING_OVER_BACK_AMOUNT',
  feeMismatch: 'VALIDATION.CLOSING_FEE_MISMATCH',
  notFound: 'CLOSING.NOT_FOUND',
  contractNotFound: 'CLOSING.CONTRACT_NOT_FOUND',
  notFormal: 'CLOSING.CONTRACT_NOT_FORMAL',
  locked: 'CLOSING.LOCKED',
  approvedNoDelete: 'CLOSING.APPROVED_NOT_DELETABLE',
  duplicate: 'CLOSING.DUPLICATE',
  stale: 'CLOSING.STALE_VERSION',
} as const;

export const closingErrors = {
  required: (field: string): DomainError =>
    domainError(CLOSING_ERROR_CODES.required, `${label(field)}不能为空`, field),
  tooLong: (field: string, max: number): DomainError =>
    domainError(CLOSING_ERROR_CODES.tooLong, `${label(field)}不能超过${String(max)}个字`, field),
  invalidAmount: (field: string): DomainError =>
    domainError(
      CLOSING_ERROR_CODES.invalidAmount,
      `${label(field)}须为不小于0、最多6位小数的金额（万元）`,
      field,
    ),
  backAmountZero: (): DomainError =>
    domainError(CLOSING_ERROR_CODES.backAmountZero, '合同尚无回款，不能结案', 'backAmount'),
  backAmountMismatch: (expected: string): DomainError =>
    domainError(
      CLOSING_ERROR_CODES.backAmountMismatch,
      `回款金额与合同已回款金额 ${expected} 万元不符`,
      'backAmount',
    ),
  overBack: (field: 'closedCaseAmount' | 'settleAmount', ceiling: string): DomainError =>
    domainError(
      CLOSING_ERROR_CODES.overBack,
      `${label(field)}不能超过合同已回款金额 ${ceiling} 万元`,
      field,
    ),
  feeMismatch: (field: string, expected: string): DomainError =>
    domainError(
      CLOSING_ERROR_CODES.feeMismatch,
      `${label(field)}应为 ${expected} 万元（结案金额 ÷ 回款金额 × 原${label(field)}），费用合计不符`,
      field,
    ),
  notFound: (): DomainError =>
    domainError(CLOSING_ERROR_CODES.notFound, '结案记录不存在或无权查看'),
  contractNotFound: (): DomainError =>
    domainError(CLOSING_ERROR_CODES.contractNotFound, '合同不存在或无权查看', 'contractId'),
  notFormal: (): DomainError =>
    domainError(CLOSING_ERROR_CODES.notFormal, '只有正式合同可以结案或结算', 'contractId'),
  locked: (): DomainError =>
    domainError(CLOSING_ERROR_CODES.locked, '记录审批中或已通过，不能修改或再次送审'),
  approvedNoDelete: (): DomainError =>
    domainError(CLOSING_ERROR_CODES.approvedNoDelete, '审批中或已通过的结案记录不能删除'),
  duplicate: (): DomainError =>
    domainError(
      CLOSING_ERROR_CODES.duplicate,
      '该合同已有未删除的同类记录，请修改原记录',
      'contractId',
    ),
  stale: (): DomainError =>
    domainError(CLOSING_ERROR_CODES.stale, '记录已被他人修改，请刷新后重试'),
};
