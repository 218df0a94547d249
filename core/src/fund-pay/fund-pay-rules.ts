import { netPay } from '../fees/net-pay.js';
import { parseAmount, toAmountString } from '../money/amount.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import { BACK_MONEY_ACCOUNT_KIND, FUND_PAY_ACCOUNT_KIND } from './fund-pay.js';
import { FUND_PAY_ERROR_CODES as C, FUND_PAY_MESSAGES as M } from './fund-pay-messages.js';

const d = (v: string): MoneyDecimal => new MoneyDecimal(v);
const fail = (code: string, message: string, field?: string) =>
  err(domainError(code, message, field));

/** The highest tax rate a payment may carry: the 6% VAT the contracts assume (001 §9). */
export const MAX_PAY_TAX_RATE = '0.06';
export const PAY_TEXT_MAX = 500;

/**
 * An amount as a person types it: a decimal string of at most 6 decimals (one 分 of 万元),
 * strictly positive. A JSON number never gets here as an amount: it is refused like letters.
 */
export function parsePayAmount(raw: unknown, field = 'payAmount'): Result<string> {
  if (typeof raw !== 'string' || raw.trim() === '') {
    return raw === undefined || raw === null || raw === ''
      ? fail(C.required, M.required(field), field)
      : fail(C.invalidAmount, M.invalidAmount(field), field);
  }
  const parsed = parseAmount(raw, field);
  if (!parsed.ok) return fail(C.invalidAmount, M.invalidAmount(field), field);
  if (!d(parsed.value).gt(0)) return fail(C.notPositive, M.notPositive(field), field);
  return ok(parsed.value);
}

/**
 * A tax rate: a decimal fraction from 0 to 0.06 with at most 6 decimals (blank is 0.06, the
 * standard rate). Above 0.06 the net pay formula would pay more than the amount, so it is refused,
 * as for sub-contract pay items.
 */
export function parseTaxRate(raw: unknown): Result<string> {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === ''))
    return ok(MAX_PAY_TAX_RATE);
  if (typeof raw !== 'string') return fail(C.taxRate, M.taxRate, 'taxRate');
  const v = raw.trim();
  if (!/^0(\.\d{1,6})?$/.test(v) || d(v).gt(d(MAX_PAY_TAX_RATE)))
    return fail(C.taxRate, M.taxRate, 'taxRate');
  return ok(d(v).toFixed());
}

/** A plan month, 'YYYY-MM'. */
export function parsePayMonth(raw: unknown, field = 'planMonth'): Result<string> {
  const v = typeof raw === 'string' ? raw.trim() : '';
  if (v === '') return fail(C.required, M.required(field), field);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(v)) return fail(C.month, M.month(field), field);
  return ok(v);
}

/** An optional day, 'yyyy-MM-dd' (a real date); blank is ''. */
export function parsePayDate(raw: unknown, field = 'payTime'): Result<string> {
  const v = typeof raw === 'string' ? raw.trim() : '';
  if (v === '') return ok('');
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (m === null) return fail(C.date, M.date(field), field);
  const [y, mo, da] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, da));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== da)
    return fail(C.date, M.date(field), field);
  return ok(v);
}

/** Free text, trimmed, at most `max` characters. */
export function parsePayText(raw: unknown, field: string, max = PAY_TEXT_MAX): Result<string> {
  const v = typeof raw === 'string' ? raw.trim() : '';
  if ([...v].length > max) return fail(C.tooLong, M.tooLong(field, max), field);
  return ok(v);
}

/**
 * The live net pay of a payment as typed: realPayAmount = payAmount − payAmount × (0.06 − taxRate)
 * (fees slice's `netPay`), or the refusal naming the field that is wrong.
 */
export function previewNetPay(payAmount: unknown, taxRate: unknown): Result<string> {
  const pay = parsePayAmount(payAmount);
  if (!pay.ok) return pay;
  const rate = parseTaxRate(taxRate);
  if (!rate.ok) return rate;
  return ok(netPay(pay.value, rate.value));
}

/** The fund_plan_switch config value as stored ('1', 'true', '开', 'on', 'Y' … switch it on). */
export function isFundPlanSwitchOn(value: string | null | undefined): boolean {
  const v = (value ?? '').trim().toLowerCase();
  return ['1', 'true', '开', '开启', 'on', 'y', 'yes', '是'].includes(v);
}

/** What is left of a cap once the committed amounts are taken, never below zero. */
export function leftOf(cap: string, committed: string): string {
  const left = d(cap).minus(d(committed));
  return toAmountString(left.isNeg() ? d('0') : left);
}

/** A payment against a plan line: the line's other payments and this one fit in its amount. */
export function checkWithinPlan(
  planPayAmount: string,
  committedOthers: string,
  payAmount: string,
): Result<void> {
  const left = leftOf(planPayAmount, committedOthers);
  if (d(payAmount).gt(d(left))) return fail(C.overPlan, M.overPlan(left), 'payAmount');
  return ok(undefined);
}

/** A payment against a sub-contract pay item: never more than the item's amount left. */
export function checkWithinPayItem(
  itemAmount: string,
  committedOthers: string,
  payAmount: string,
): Result<void> {
  const left = leftOf(itemAmount, committedOthers);
  if (d(payAmount).gt(d(left))) return fail(C.overPayItem, M.overPayItem(left), 'payAmount');
  return ok(undefined);
}

/** A changed plan amount may not fall below what its payments already took or wait for. */
export function checkPlanAmount(planPayAmount: string, committed: string): Result<void> {
  if (d(planPayAmount).lt(d(committed)))
    return fail(
      C.planBelowCommitted,
      M.planBelowCommitted(toAmountString(d(committed))),
      'planPayAmount',
    );
  return ok(undefined);
}

/** One line of a payment's movement: a signed amount (万元) on one balance of the fund ledger. */
export interface PayPosting {
  readonly accountKind: string;
  readonly accountId: number;
  readonly amount: string;
}

export interface PayAccount {
  readonly kind: string;
  readonly id: number;
}

export const payAccountKey = (a: PayAccount): string => `${a.kind}:${String(a.id)}`;

/**
 * Accounts in the fund ledger's one fixed order (kind, then id), the order the fund slice locks
 * in, so a payment and a back money movement never wait on each other in a cycle.
 */
export function sortPayAccounts(accounts: readonly PayAccount[]): PayAccount[] {
  const seen = new Map<string, PayAccount>();
  for (const a of accounts) seen.set(payAccountKey(a), a);
  return [...seen.values()].sort((a, b) =>
    a.kind === b.kind ? a.id - b.id : a.kind < b.kind ? -1 : 1,
  );
}

/** A back money record of the contract with its unallotted balance, oldest first. */
export interface BackMoneySource {
  readonly backMoneyId: number;
  readonly balance: string;
}

/**
 * A paid payment draws its net pay from the contract's unallotted back money, oldest record first,
 * and books it on the payment's own balance. Refused (nothing posted) when the contract's back
 * money left is less than the net pay: no balance goes below zero.
 */
export function payPostings(
  payId: number,
  realPayAmount: string,
  sources: readonly BackMoneySource[],
): Result<PayPosting[]> {
  const total = sources.reduce((s, b) => s.plus(d(b.balance)), d('0'));
  let need = d(realPayAmount);
  if (need.gt(total)) return fail(C.balance, M.balance(toAmountString(total)), 'payAmount');
  const out: PayPosting[] = [];
  for (const b of [...sources].sort((x, y) => x.backMoneyId - y.backMoneyId)) {
    if (need.isZero()) break;
    const take = MoneyDecimal.min(need, d(b.balance));
    if (take.isZero() || take.isNeg()) continue;
    out.push({
      accountKind: BACK_MONEY_ACCOUNT_KIND,
      accountId: b.backMoneyId,
      amount: toAmountString(take.neg()),
    });
    need = need.minus(take);
  }
  if (!d(realPayAmount).isZero())
    out.push({ accountKind: FUND_PAY_ACCOUNT_KIND, accountId: payId, amount: realPayAmount });
  return ok(out);
}

/**
 * Applies postings to the balances they locked; refuses when any would go below zero. Returns the
 * new balance of every account touched (a missing one counts as zero).
 */
export function applyPayPostings(
  balances: ReadonlyMap<string, string>,
  postings: readonly PayPosting[],
): Result<Map<string, string>> {
  const next = new Map<string, MoneyDecimal>();
  for (const p of postings) {
    const key = payAccountKey({ kind: p.accountKind, id: p.accountId });
    next.set(key, (next.get(key) ?? d(balances.get(key) ?? '0')).plus(d(p.amount)));
  }
  const out = new Map<string, string>();
  for (const [key, value] of next) {
    if (value.isNeg()) return fail(C.balance, M.balance('0'), 'payAmount');
    out.set(key, toAmountString(value));
  }
  return ok(out);
}

/**
 * A payment contract pays only an approved sub-contract: one approved (status 1) or recorded as
 * history (signed before the system). A draft (待提交), one in approval or a turned-down one is
 * refused on childPayId — when entered, when sent and at the approval's final step.
 */
export function checkPayItemPayable(item: {
  readonly childStatus: number;
  readonly childHistory: boolean;
}): Result<void> {
  if (item.childHistory || item.childStatus === 1) return ok(undefined);
  return err(domainError(C.childNotApproved, M.childNotApproved, 'childPayId'));
}
