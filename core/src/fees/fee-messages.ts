/** The fee slice's user-facing text, in one place so it can be translated. */

/** Chinese labels of the fee fields, by wire name, for messages that name a field. */
export const FEE_FIELD_LABELS: Readonly<Record<string, string>> = {
  totalAmount: '合同金额',
  cleanAmount: '合同净额',
  directFee: '直接费',
  realAmount: '实际金额',
  realAmountRate: '实际金额比例',
  technicalFee: '技术费',
  operateFee: '经营费',
  expertFee: '专家费',
  designFee: '设计费',
  technicalFee_rate: '技术费率',
  operateFee_rate: '经营费率',
  expertFee_rate: '专家费率',
  designFee_rate: '设计费率',
  closedCaseAmount: '结案金额',
  backAmount: '回款金额',
  signDate: '签订日期',
  cleanAmount_rate: '净额比例',
};

const label = (field: string): string => FEE_FIELD_LABELS[field] ?? field;

export const FEE_MESSAGES = {
  invalidAmount: (field: string): string => `${label(field)}格式不正确`,
  negativeAmount: (field: string): string => `${label(field)}不能为负数`,
  invalidRate: (field: string): string => `${label(field)}格式不正确`,
  rateOutOfRange: (field: string): string => `${label(field)}应在0到1之间`,
  invalidSignDate: '签订日期格式应为yyyy-MM-dd',
  directFeeExceedsCleanAmount: '直接费不能大于合同净额',
  backAmountZero: '回款金额为0，无法按比例计算结案费用',
  rateZero: (field: string): string => `${label(field)}不能为0`,
} as const;

/** Stable codes of the fee slice's expected failures. */
export const FEE_ERROR_CODES = {
  invalidAmount: 'FEES.INVALID_AMOUNT',
  negativeAmount: 'FEES.NEGATIVE_AMOUNT',
  invalidRate: 'FEES.INVALID_RATE',
  rateOutOfRange: 'FEES.RATE_OUT_OF_RANGE',
  invalidSignDate: 'FEES.INVALID_SIGN_DATE',
  directFeeExceedsCleanAmount: 'FEES.DIRECT_FEE_EXCEEDS_CLEAN_AMOUNT',
  backAmountZero: 'FEES.BACK_AMOUNT_ZERO',
  rateZero: 'FEES.RATE_ZERO',
} as const;
