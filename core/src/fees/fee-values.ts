import { parseAmount } from '../money/amount.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import { FEE_ERROR_CODES, FEE_MESSAGES } from './fee-messages.js';

/** The slice's inputs may be left blank by a form: undefined, null and '' all mean "not given". */
export const isBlank = (value: string | null | undefined): value is '' | null | undefined =>
  value === undefined || value === null || value.trim() === '';

/** A fee input amount: a valid amount (at most 6 decimals of 万元) and not negative. */
export function parseFeeAmount(raw: string, field: string): Result<MoneyDecimal> {
  const parsed = parseAmount(raw, field);
  if (!parsed.ok) {
    return err(
      domainError(FEE_ERROR_CODES.invalidAmount, FEE_MESSAGES.invalidAmount(field), field),
    );
  }
  const value = new MoneyDecimal(parsed.value);
  if (value.isNeg()) {
    return err(
      domainError(FEE_ERROR_CODES.negativeAmount, FEE_MESSAGES.negativeAmount(field), field),
    );
  }
  return ok(value);
}

const RATE_PATTERN = /^(?:\d+\.?\d*|\.\d+)$/;

/**
 * A rate: a decimal fraction from 0 to 1 (0.101 for 10.1%), any number of decimals, no sign.
 * Blank gives `fallback` (the spec: a missing rate defaults to 1). Above 1 is refused: a share
 * larger than its base would drive the fees after it negative.
 */
export function parseRate(
  raw: string | null | undefined,
  field: string,
  fallback: string,
): Result<MoneyDecimal> {
  if (isBlank(raw)) return ok(new MoneyDecimal(fallback));
  const text = raw.trim();
  if (!RATE_PATTERN.test(text)) {
    return err(domainError(FEE_ERROR_CODES.invalidRate, FEE_MESSAGES.invalidRate(field), field));
  }
  const rate = new MoneyDecimal(text);
  if (rate.gt(1)) {
    return err(
      domainError(FEE_ERROR_CODES.rateOutOfRange, FEE_MESSAGES.rateOutOfRange(field), field),
    );
  }
  return ok(rate);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written yyyy-MM-dd (the spec's date format), nothing else. */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (m === null) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= daysInMonth;
}
