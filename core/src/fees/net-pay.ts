import { toAmountString, toMoneyDecimal } from '../money/amount.js';

/** The VAT rate the contracts assume (001 §9: "the 6% VAT invoice is assumed"). */
export const STANDARD_VAT_RATE = '0.06';

/**
 * Net pay (000 §9, 001 §9): realPayAmount = payAmount − payAmount × (0.06 − taxRate).
 * An invoice at less than 6% VAT has the tax shortfall deducted; at 6% the full amount is paid.
 *
 * - taxRate is a decimal fraction ('0.03' for 3%), as the formula implies.
 * - Computed exactly and rounded once, half up, to 6 decimals (one 分): the result holds a
 *   product, so the 4-decimal subtraction rule (for differences of entered amounts) does not apply.
 * - Takes values already checked at the edge; a string that is not a decimal throws a RangeError.
 */
export function netPay(payAmount: string, taxRate: string): string {
  const pay = toMoneyDecimal(payAmount);
  const shortfall = toMoneyDecimal(STANDARD_VAT_RATE).minus(toMoneyDecimal(taxRate));
  return toAmountString(pay.minus(pay.times(shortfall)));
}
