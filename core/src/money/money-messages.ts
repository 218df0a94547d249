/** The money slice's user-facing text, in one place so it can be translated. */
export const MONEY_MESSAGES = {
  invalidAmount: '请输入正确的金额',
  tooManyDecimals: '金额最多保留6位小数',
  outOfRange: '金额超出范围',
} as const;

/** Stable codes of the money slice's expected failures. */
export const MONEY_ERROR_CODES = {
  invalidAmount: 'MONEY.INVALID_AMOUNT',
  tooManyDecimals: 'MONEY.TOO_MANY_DECIMALS',
  outOfRange: 'MONEY.OUT_OF_RANGE',
} as const;
