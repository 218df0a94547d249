import { Decimal } from 'decimal.js';

/**
 * The decimal type every money rule computes with: a private clone of decimal.js so that no other
 * module's `Decimal.set(...)` can change our precision or rounding behind our back.
 *
 * - precision 50 significant digits: an amount below 10^12 万元 with 6 decimals has at most 18,
 *   and a product of two such values at most 36, so no intermediate result is ever rounded.
 * - ROUND_HALF_UP: ties round away from zero (12.5 → 13, −12.5 → −13), the rounding finance staff
 *   do by hand ("四舍五入"); banker's rounding would surprise them.
 * - toExpNeg/toExpPos: never print exponent notation.
 */
export const MoneyDecimal = Decimal.clone({
  precision: 50,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -50,
  toExpPos: 50,
});
export type MoneyDecimal = InstanceType<typeof MoneyDecimal>;
