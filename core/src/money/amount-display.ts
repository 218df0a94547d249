import { MoneyDecimal } from './money-decimal.js';

/**
 * Decimals an amount shows on screen. Six stay stored (one 分 of 万元); four are what people
 * read (one 元), the precision the input filters take.
 */
export const DISPLAY_AMOUNT_DECIMALS = 4;

const NUMBER_PATTERN = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

/** Inserts a thousands separator every three digits of an integer part ('1234567' → '1,234,567'). */
const group = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * An amount as people read it on every list, total and detail: thousands separators, rounded half
 * away from zero to at most 4 decimals with trailing zeros trimmed ('2262.300000' → '2,262.3',
 * '4' → '4', '0.00005' → '0.0001'). Trimmed rather than padded: a column of whole 万元 reads as
 * whole numbers, and a total reads exactly like its cells. Numbers and numeric strings (a
 * separator already in place is accepted) are formatted; blank gives ''; other text is kept as
 * it is, so a '-' placeholder survives.
 */
export function displayAmount(value: unknown): string {
  return shown(value, (d) =>
    d.toDecimalPlaces(DISPLAY_AMOUNT_DECIMALS, MoneyDecimal.ROUND_HALF_UP),
  );
}

/** A number or numeric string as its text (positional, never exponent form); '' otherwise. */
const textOf = (value: unknown): string =>
  typeof value === 'number'
    ? Number.isFinite(value)
      ? new MoneyDecimal(value).toFixed()
      : ''
    : typeof value === 'string'
      ? value.trim()
      : '';

/** An amount, `shape`d (rounded or not), with separators and no trailing zeros. */
function shown(value: unknown, shape: (d: MoneyDecimal) => MoneyDecimal): string {
  if (value === null || value === undefined) return '';
  const raw = textOf(value);
  const text = raw.replace(/,/g, '');
  if (!NUMBER_PATTERN.test(text)) return raw;
  const d = shape(new MoneyDecimal(text));
  if (d.isZero()) return '0';
  const [int = '0', frac] = d.abs().toFixed().split('.');
  return `${d.isNegative() ? '-' : ''}${group(int)}${frac ? `.${frac}` : ''}`;
}

/**
 * A rate stored as a decimal fraction, as a percentage ('0.06' → '6%', '0.025' → '2.5%'), exact
 * (decimal.js, no binary rounding); blank gives '', other text is kept as it is.
 */
export function displayRate(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = textOf(value);
  if (!NUMBER_PATTERN.test(text)) return text;
  return `${new MoneyDecimal(text).times(100).toFixed()}%`;
}

/**
 * A figure computed from what a person is typing (a form's running total, what remains after
 * it), exact: thousands separators and trailing zeros trimmed ('11.500000' → '11.5'), never
 * rounded, so the 0.000001 over a limit that makes the form refused is there to be seen rather
 * than shown as '0'. Blank gives ''; other text is kept as it is.
 */
export function displayExactAmount(value: unknown): string {
  return shown(value, (d) => d);
}
