import { CLOSING_FEE_KEYS, closingFees, MoneyDecimal, toAmountString } from '@dpms/core';
import type { Fees } from './closing.gateway';

export type ClosingPreview =
  | { readonly ok: true; readonly fees: Fees; readonly total: string }
  | { readonly ok: false; readonly message: string };

/**
 * The closing fees as the person types the closed-case amount: core's rule (closedCaseAmount /
 * backAmount × each original fee, to the 分), the same the server checks the form against.
 */
export function previewClosing(
  closedCaseAmount: string,
  backAmount: string,
  original: Fees,
): ClosingPreview {
  const typed = closedCaseAmount.trim();
  if (typed === '') return { ok: false, message: '请输入结案金额' };
  const r = closingFees(typed, backAmount, original);
  if (!r.ok) return { ok: false, message: r.error.message };
  const total = CLOSING_FEE_KEYS.reduce(
    (s, k) => s.plus(new MoneyDecimal(r.value[k])),
    new MoneyDecimal(0),
  );
  return { ok: true, fees: r.value, total: toAmountString(total) };
}
