import { closingFees } from '../fees/closing-fees.js';
import { parseFeeAmount } from '../fees/fee-values.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import { toAmountString } from '../money/amount.js';
import { err, ok, type DomainError, type Result } from '../shared/result.js';
import {
  CLOSING_FEE_KEYS,
  type ClosingContract,
  type ClosingFeeKey,
  type ClosingFees,
  type ClosingInput,
  type ClosingStatus,
} from './closing.js';
import { closingErrors } from './closing-messages.js';

const amountOf = (raw: unknown, field: string): Result<string> => {
  if (typeof raw !== 'string') return err(closingErrors.invalidAmount(field));
  const parsed = parseFeeAmount(raw.trim(), field);
  return parsed.ok ? ok(toAmountString(parsed.value)) : err(closingErrors.invalidAmount(field));
};

const same = (a: string, b: string): boolean => new MoneyDecimal(a).eq(new MoneyDecimal(b));

/**
 * The closing ceiling: a closing or settlement closes at most what came back. closedCaseAmount
 * scales every fee by closedCaseAmount / backAmount, so above the back money each fee would grow
 * past the original; settleAmount is held to the same ceiling (a settlement settles money
 * received). Checked when a record is saved, when it is sent and again at the approval's final
 * step, against the back money as it is then.
 */
export function closingWithinBack(
  amounts: { readonly closedCaseAmount: string; readonly settleAmount: string },
  backAmount: string,
): Result<void> {
  const ceiling = new MoneyDecimal(backAmount);
  if (new MoneyDecimal(amounts.closedCaseAmount).gt(ceiling))
    return err(closingErrors.overBack('closedCaseAmount', toAmountString(ceiling)));
  if (new MoneyDecimal(amounts.settleAmount).gt(ceiling))
    return err(closingErrors.overBack('settleAmount', toAmountString(ceiling)));
  return ok(undefined);
}

export interface CheckedClosing {
  readonly closedCaseAmount: string;
  readonly backAmount: string;
  readonly settleAmount: string;
  readonly fees: ClosingFees;
}

/**
 * Checks a closing against its contract with the fee rule of core/src/fees (closingFees: each fee
 * = closedCaseAmount / backAmount × the original fee, exact to the 分). Amounts must be strings of
 * at most 6 decimals, not negative. A backAmount sent must equal what came back; each fee sent
 * must equal the rule's; the first that does not is named. Nothing sent: the rule's fees are used.
 */
export function checkClosing(
  input: ClosingInput,
  contract: ClosingContract,
): Result<CheckedClosing> {
  const closed = amountOf(input.closedCaseAmount, 'closedCaseAmount');
  if (!closed.ok) return closed;
  const settle =
    input.settleAmount === undefined || input.settleAmount === null || input.settleAmount === ''
      ? ok(closed.value)
      : amountOf(input.settleAmount, 'settleAmount');
  if (!settle.ok) return settle;
  if (input.backAmount !== undefined && input.backAmount !== null && input.backAmount !== '') {
    const back = amountOf(input.backAmount, 'backAmount');
    if (!back.ok) return back;
    if (!same(back.value, contract.backAmount)) {
      return err(closingErrors.backAmountMismatch(contract.backAmount));
    }
  }
  if (new MoneyDecimal(contract.backAmount).isZero()) return err(closingErrors.backAmountZero());
  const within = closingWithinBack(
    { closedCaseAmount: closed.value, settleAmount: settle.value },
    contract.backAmount,
  );
  if (!within.ok) return within;
  const computed = closingFees(closed.value, contract.backAmount, contract.fees);
  if (!computed.ok) {
    return err(closingErrors.invalidAmount(computed.error.field ?? 'closedCaseAmount'));
  }
  const sent = input.fees ?? {};
  for (const key of CLOSING_FEE_KEYS) {
    const raw = sent[key];
    if (raw === undefined || raw === null || raw === '') continue;
    const fee = amountOf(raw, key);
    if (!fee.ok) return fee;
    if (!same(fee.value, computed.value[key])) {
      return err(closingErrors.feeMismatch(key, computed.value[key]));
    }
  }
  return ok({
    closedCaseAmount: closed.value,
    backAmount: contract.backAmount,
    settleAmount: settle.value,
    fees: computed.value,
  });
}

/** A draft or turned-down record may be edited, sent and deleted; one in approval or approved may not. */
export const closingEditable = (status: ClosingStatus): boolean => status === 0 || status === 3;

/** The closing form's remark limit (characters). */
export const CLOSING_REMARK_MAX = 2000;

/** What a closing form must fill (the rules refuse them blank). */
export const CLOSING_REQUIRED_FIELDS = ['contractId', 'closedCaseAmount'] as const;

/** A closing form as entered: the amounts flat, as they travel. */
export type ClosingFormInput = Partial<
  Record<'closedCaseAmount' | 'backAmount' | 'settleAmount' | 'remark' | ClosingFeeKey, unknown>
>;

const blank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Every problem of a closing form as entered, one per field (what a form shows beside its fields
 * and the wire schema reports): the closed-case amount is required, every amount given is a
 * decimal string of at most 6 decimals, not negative, and the remark fits. Whether the amounts
 * agree with the contract (what came back, the rule's fees) is `checkClosing`'s, on the server.
 */
export function closingInputProblems(input: ClosingFormInput): readonly DomainError[] {
  const problems: DomainError[] = [];
  if (blank(input.closedCaseAmount)) problems.push(closingErrors.required('closedCaseAmount'));
  for (const field of [
    'closedCaseAmount',
    'settleAmount',
    'backAmount',
    ...CLOSING_FEE_KEYS,
  ] as const) {
    const raw = input[field];
    if (blank(raw)) continue;
    const r = amountOf(raw, field);
    if (!r.ok) problems.push(r.error);
  }
  const remark = input.remark;
  if (remark !== undefined && remark !== null) {
    if (typeof remark !== 'string')
      problems.push(closingErrors.tooLong('remark', CLOSING_REMARK_MAX));
    else if ([...remark].length > CLOSING_REMARK_MAX)
      problems.push(closingErrors.tooLong('remark', CLOSING_REMARK_MAX));
  }
  return problems;
}
