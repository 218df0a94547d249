import { domainError, err, ok, type Result } from '../shared/result.js';
import { MoneyDecimal } from './money-decimal.js';
import { MONEY_ERROR_CODES, MONEY_MESSAGES } from './money-messages.js';

/**
 * Amounts are decimal strings in 万元 (10,000 yuan), never JS numbers (DESIGN §3).
 * Six decimals of 万元 is exactly one 分: the storage precision, `numeric(18,6)`.
 */
export const AMOUNT_DECIMALS = 6;

/** The spec (000 §9, 001 §9): "subtraction results use 4 decimals". */
export const SUBTRACTION_DECIMALS = 4;

/** `numeric(18,6)` holds 12 integer digits: an amount must be below 10^12 万元. */
export const MAX_AMOUNT_INTEGER_DIGITS = 12;

/**
 * What we accept as an amount: an optional minus, digits, an optional dot and decimals. '12.' and
 * '.5' are accepted too, because that is what the live input filter leaves while a person types.
 * No exponent, no thousands separators, no plus sign.
 */
const AMOUNT_PATTERN = /^-?(?:\d+\.?\d*|\.\d+)$/;

/** True when `value` (after trimming) is a decimal string this slice accepts. */
export const isAmountString = (value: string): boolean => AMOUNT_PATTERN.test(value.trim());

/**
 * The decimal value of an amount string or a decimal. Throws a RangeError on anything else:
 * arithmetic helpers take values already checked at the edge (by `parseAmount`), so a bad string
 * here is a programming error, not a user error.
 */
export function toMoneyDecimal(value: string | MoneyDecimal): MoneyDecimal {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!AMOUNT_PATTERN.test(text)) throw new RangeError(`not a decimal amount: '${value}'`);
  return new MoneyDecimal(text);
}

/**
 * The canonical string of a decimal: rounded half away from zero to `decimals` places, trailing
 * zeros removed, never '-0'. Canonical strings compare equal when the amounts are equal, which is
 * what tests and change detection need; `formatAmount` pads for display.
 */
export function toAmountString(value: MoneyDecimal, decimals: number = AMOUNT_DECIMALS): string {
  const rounded = value.toDecimalPlaces(decimals, MoneyDecimal.ROUND_HALF_UP);
  return rounded.isZero() ? '0' : rounded.toFixed();
}

/**
 * Checks and canonicalises an amount typed by a person or sent by a client.
 * Refuses: not a decimal string; more than 6 decimals (finer than one 分: rounding silently
 * would change what the person entered); 10^12 万元 or more (does not fit `numeric(18,6)`).
 */
export function parseAmount(raw: string, field?: string): Result<string> {
  const text = raw.trim();
  if (!AMOUNT_PATTERN.test(text)) {
    return err(domainError(MONEY_ERROR_CODES.invalidAmount, MONEY_MESSAGES.invalidAmount, field));
  }
  const value = new MoneyDecimal(text);
  if (value.decimalPlaces() > AMOUNT_DECIMALS) {
    return err(
      domainError(MONEY_ERROR_CODES.tooManyDecimals, MONEY_MESSAGES.tooManyDecimals, field),
    );
  }
  if (value.abs().gte(new MoneyDecimal(10).pow(MAX_AMOUNT_INTEGER_DIGITS))) {
    return err(domainError(MONEY_ERROR_CODES.outOfRange, MONEY_MESSAGES.outOfRange, field));
  }
  return ok(toAmountString(value));
}

/**
 * An amount for display with exactly `decimals` places (the table widget's default is 6), rounded
 * half away from zero. An empty or invalid value gives '' so a blank cell stays blank.
 */
export function formatAmount(value: string, decimals: number = AMOUNT_DECIMALS): string {
  const text = value.trim();
  if (!AMOUNT_PATTERN.test(text)) return '';
  const rounded = new MoneyDecimal(text).toDecimalPlaces(decimals, MoneyDecimal.ROUND_HALF_UP);
  return (rounded.isZero() ? new MoneyDecimal(0) : rounded).toFixed(decimals);
}

/** Rounds an amount to `decimals` places (default 6, one 分), half away from zero. */
export const roundAmount = (value: string, decimals: number = AMOUNT_DECIMALS): string =>
  toAmountString(toMoneyDecimal(value), decimals);

/** The sum of amounts, rounded to 6 decimals (exact for inputs with at most 6). */
export function addAmounts(...values: readonly string[]): string {
  const sum = values.reduce((acc, v) => acc.plus(toMoneyDecimal(v)), new MoneyDecimal(0));
  return toAmountString(sum);
}

/**
 * minuend − subtrahend, rounded half away from zero to 4 decimals as the spec asks. For values
 * typed through the input filters (at most 4 decimals) the rounding is exact; it only trims
 * 5-6 decimal values sent by a client.
 */
export const subtractAmounts = (minuend: string, subtrahend: string): string =>
  toAmountString(toMoneyDecimal(minuend).minus(toMoneyDecimal(subtrahend)), SUBTRACTION_DECIMALS);

/** amount × rate (a rate is a plain decimal fraction, 0.101 for 10.1%), rounded to one 分. */
export const multiplyAmount = (amount: string, rate: string): string =>
  toAmountString(toMoneyDecimal(amount).times(toMoneyDecimal(rate)));

/** −1, 0 or 1 as a is below, equal to or above b. */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const c = toMoneyDecimal(a).comparedTo(toMoneyDecimal(b));
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}

/** True when the amount is zero ('0', '0.000', '-0'). */
export const isZeroAmount = (value: string): boolean => toMoneyDecimal(value).isZero();

/** 万元 → 元, exactly: the decimal point moves four places (12.3456 万元 = 123456 元). */
export const wanToYuan = (wan: string): string => toMoneyDecimal(wan).times(10_000).toFixed();

/** 元 → 万元, exactly: the decimal point moves four places back. */
export const yuanToWan = (yuan: string): string => toMoneyDecimal(yuan).div(10_000).toFixed();
