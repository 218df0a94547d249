import { domainError, err, ok, type Result } from '../shared/result.js';
import { parseAmount, toAmountString } from '../money/amount.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import { FUND_ERROR_CODES, FUND_MESSAGES } from './fund-messages.js';

/**
 * The balances money moves between. Each is a running total that never goes below zero:
 * - backMoney: back money of one record not yet allotted to a team;
 * - teamReceived: everything a design team (a department) has been allotted (totalReceiveAmt);
 * - loan: what is still owed on one loan;
 * - teamLoan: what a team still owes on all its loans.
 */
export const FUND_ACCOUNT_KINDS = ['backMoney', 'teamReceived', 'loan', 'teamLoan'] as const;
export type FundAccountKind = (typeof FUND_ACCOUNT_KINDS)[number];

export interface FundAccount {
  readonly kind: FundAccountKind;
  readonly id: number;
}

export const accountKey = (a: FundAccount): string => `${a.kind}:${String(a.id)}`;

/** Accounts in one fixed order: every movement locks its balances in it, so two never deadlock. */
export function sortAccounts(accounts: readonly FundAccount[]): FundAccount[] {
  const seen = new Map<string, FundAccount>();
  for (const a of accounts) seen.set(accountKey(a), a);
  return [...seen.values()].sort((a, b) =>
    a.kind === b.kind ? a.id - b.id : a.kind < b.kind ? -1 : 1,
  );
}

/** The kinds of movement the ledger records. */
export const FUND_MOVEMENT_KINDS = [
  'backMoney.record',
  'backMoney.adjust',
  'backMoney.delete',
  'allot',
  'loan.approve',
  'repayment',
  /** A fund payment approved (core/src/fund-pay): it draws on the contract's back money. */
  'fundPay.pay',
] as const;
export type FundMovementKind = (typeof FUND_MOVEMENT_KINDS)[number];

export const FUND_MOVEMENT_LABELS: Readonly<Record<FundMovementKind, string>> = {
  'backMoney.record': '登记回款',
  'backMoney.adjust': '修改回款',
  'backMoney.delete': '删除回款',
  allot: '分配回款',
  'loan.approve': '借款生效',
  repayment: '还款',
  'fundPay.pay': '资金支付',
};

/** One line of a movement: a signed amount (万元) on one account. */
export interface Posting {
  readonly account: FundAccount;
  readonly amount: string;
}

const d = (v: string): MoneyDecimal => new MoneyDecimal(v);

/**
 * Applies a movement's postings to the balances it locked. Refuses (FUND.BALANCE_NEGATIVE) when any
 * balance would go below zero, naming nothing changed; returns the new balance of every account
 * touched. A missing balance counts as zero.
 */
export function applyPostings(
  balances: ReadonlyMap<string, string>,
  postings: readonly Posting[],
): Result<Map<string, string>> {
  const next = new Map<string, MoneyDecimal>();
  for (const p of postings) {
    const key = accountKey(p.account);
    const current = next.get(key) ?? d(balances.get(key) ?? '0');
    next.set(key, current.plus(d(p.amount)));
  }
  const out = new Map<string, string>();
  for (const [key, value] of next) {
    if (value.isNeg()) {
      return err(domainError(FUND_ERROR_CODES.balanceNegative, FUND_MESSAGES.balanceNegative));
    }
    out.set(key, toAmountString(value));
  }
  return ok(out);
}

/** The balance of every account as the sum of its postings: what a reconciliation recomputes. */
export function balancesOf(postings: readonly Posting[]): Map<string, string> {
  const sums = new Map<string, MoneyDecimal>();
  for (const p of postings) {
    const key = accountKey(p.account);
    sums.set(key, (sums.get(key) ?? d('0')).plus(d(p.amount)));
  }
  return new Map([...sums].map(([k, v]) => [k, toAmountString(v)]));
}

/**
 * A movement amount as a person types it: a decimal string of at most 6 decimals (one 分 of 万元),
 * strictly positive; a blank one is "X不能为空". Numbers (floats) never reach here: the edge takes
 * strings only.
 */
export function parseMovementAmount(raw: unknown, field: string): Result<string> {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return err(domainError(FUND_ERROR_CODES.required, FUND_MESSAGES.required(field), field));
  }
  if (typeof raw !== 'string') {
    return err(
      domainError(FUND_ERROR_CODES.invalidAmount, FUND_MESSAGES.invalidAmount(field), field),
    );
  }
  const parsed = parseAmount(raw, field);
  if (!parsed.ok) {
    return err(
      domainError(FUND_ERROR_CODES.invalidAmount, FUND_MESSAGES.invalidAmount(field), field),
    );
  }
  if (!d(parsed.value).gt(0)) {
    return err(domainError(FUND_ERROR_CODES.notPositive, FUND_MESSAGES.notPositive(field), field));
  }
  return ok(parsed.value);
}
