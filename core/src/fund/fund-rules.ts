import { toAmountString } from '../money/amount.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import { parseMovementAmount, type FundAccount, type Posting } from './fund-ledger.js';
import { FUND_ERROR_CODES, FUND_MESSAGES } from './fund-messages.js';

const d = (v: string): MoneyDecimal => new MoneyDecimal(v);
const neg = (v: string): string => toAmountString(d(v).neg());

export const backMoneyAccount = (id: number): FundAccount => ({ kind: 'backMoney', id });
export const teamReceivedAccount = (deptId: number): FundAccount => ({
  kind: 'teamReceived',
  id: deptId,
});
export const loanAccount = (id: number): FundAccount => ({ kind: 'loan', id });
export const teamLoanAccount = (deptId: number): FundAccount => ({ kind: 'teamLoan', id: deptId });

/** Recording back money: its whole amount is unallotted. */
export const recordBackMoneyPostings = (backMoneyId: number, amount: string): Posting[] => [
  { account: backMoneyAccount(backMoneyId), amount },
];

/**
 * Changing a back money amount moves its unallotted balance by the difference; refused when the
 * new amount is below what is already allotted.
 */
export function adjustBackMoney(
  backMoneyId: number,
  oldAmount: string,
  newAmount: string,
  unallotted: string,
): Result<Posting[]> {
  const delta = d(newAmount).minus(d(oldAmount));
  if (d(unallotted).plus(delta).isNeg()) {
    const allotted = toAmountString(d(oldAmount).minus(d(unallotted)));
    return err(
      domainError(
        FUND_ERROR_CODES.backBelowAllotted,
        FUND_MESSAGES.backBelowAllotted(allotted),
        'backAmount',
      ),
    );
  }
  return ok(
    delta.isZero()
      ? []
      : [{ account: backMoneyAccount(backMoneyId), amount: toAmountString(delta) }],
  );
}

/** Deleting back money takes its balance out; refused once any of it is allotted. */
export function deleteBackMoney(
  backMoneyId: number,
  amount: string,
  unallotted: string,
): Result<Posting[]> {
  if (!d(amount).eq(d(unallotted))) {
    return err(domainError(FUND_ERROR_CODES.backAllotted, FUND_MESSAGES.backAllotted));
  }
  return ok(
    d(amount).isZero() ? [] : [{ account: backMoneyAccount(backMoneyId), amount: neg(amount) }],
  );
}

export interface AllotLine {
  readonly deptId: number;
  readonly taskId: number | null;
  readonly allotAmount: string;
}

/** The lines of one allotment together may not exceed the unallotted balance. */
function checkAllotTotal(unallotted: string, total: MoneyDecimal): Result<void> {
  if (total.gt(d(unallotted))) {
    return err(
      domainError(
        FUND_ERROR_CODES.overAllot,
        FUND_MESSAGES.overAllot(toAmountString(d(unallotted))),
        'allotAmount',
      ),
    );
  }
  return ok(undefined);
}

/**
 * Allotting back money to teams: the lines together may not exceed the unallotted balance (the
 * message says how much is left), and one team (with one task) appears once per call.
 */
export function allotPostings(
  backMoneyId: number,
  unallotted: string,
  lines: readonly AllotLine[],
): Result<Posting[]> {
  if (lines.length === 0) {
    return err(domainError(FUND_ERROR_CODES.emptyAllotment, FUND_MESSAGES.emptyAllotment));
  }
  const seen = new Set<string>();
  for (const l of lines) {
    const key = `${String(l.deptId)}/${String(l.taskId)}`;
    if (seen.has(key)) {
      return err(
        domainError(FUND_ERROR_CODES.duplicateTeam, FUND_MESSAGES.duplicateTeam, 'deptId'),
      );
    }
    seen.add(key);
  }
  const total = lines.reduce((s, l) => s.plus(d(l.allotAmount)), d('0'));
  const fits = checkAllotTotal(unallotted, total);
  if (!fits.ok) return fits;
  return ok(
    lines.flatMap((l) => [
      { account: backMoneyAccount(backMoneyId), amount: neg(l.allotAmount) },
      { account: teamReceivedAccount(l.deptId), amount: l.allotAmount },
    ]),
  );
}

export interface LoanLimitInputs {
  readonly totalShouldReceAmt: string;
  readonly totalReceiveAmt: string;
  readonly outstandingLoanAmt: string;
  readonly pendingLoanAmt: string;
}

/**
 * What a team may still borrow: what it should receive, less what it has received, less what it
 * already owes and has asked for; never below zero.
 */
export function borrowable(i: LoanLimitInputs): string {
  const left = d(i.totalShouldReceAmt)
    .minus(d(i.totalReceiveAmt))
    .minus(d(i.outstandingLoanAmt))
    .minus(d(i.pendingLoanAmt));
  return toAmountString(left.isNeg() ? d('0') : left);
}

/** A loan (new, changed or being approved) must fit in what the team may borrow. */
export function checkLoanLimit(loanAmount: string, limit: LoanLimitInputs): Result<void> {
  const left = borrowable(limit);
  if (d(loanAmount).gt(d(left))) {
    return err(
      domainError(FUND_ERROR_CODES.loanLimit, FUND_MESSAGES.loanLimit(left), 'loanAmount'),
    );
  }
  return ok(undefined);
}

/** An approved loan takes effect: the team owes it. */
export const approveLoanPostings = (loanId: number, deptId: number, amount: string): Posting[] => [
  { account: loanAccount(loanId), amount },
  { account: teamLoanAccount(deptId), amount },
];

/** A repayment may not exceed what is still owed on the loan. */
function checkRepayAmount(outstanding: string, amount: string): Result<void> {
  if (d(amount).gt(d(outstanding))) {
    return err(
      domainError(
        FUND_ERROR_CODES.overRepay,
        FUND_MESSAGES.overRepay(toAmountString(d(outstanding))),
        'repaymentAmount',
      ),
    );
  }
  return ok(undefined);
}

/** Repaying: never more than is still owed on the loan. */
export function repaymentPostings(
  loanId: number,
  deptId: number,
  outstanding: string,
  amount: string,
): Result<Posting[]> {
  const fits = checkRepayAmount(outstanding, amount);
  if (!fits.ok) return fits;
  return ok([
    { account: loanAccount(loanId), amount: neg(amount) },
    { account: teamLoanAccount(deptId), amount: neg(amount) },
  ]);
}

/** What a form shows while a person types: the sum, what would be left, and what stops sending. */
export interface AllotPreview {
  /** Σ the lines that parse (blank lines count as 0). */
  readonly total: string;
  /** unallotted − total; negative when the lines ask for more than is left. */
  readonly remaining: string;
  /** The lines together exceed what is left: the refusal the server would give. */
  readonly overAllotted: boolean;
  /** Index of the first line whose amount is not a valid positive amount (blank lines excepted). */
  readonly invalidLine: number | null;
  /** The message the form shows, or null when it may be sent. */
  readonly message: string | null;
}

/**
 * The allotment form's live preview from the same rule the server applies (`allotPostings`):
 * amounts as typed, blank lines ignored, a line that is not a positive amount of at most 6
 * decimals named, and over-allotting refused with the server's message before anything is sent.
 */
export function previewAllotment(unallotted: string, amounts: readonly string[]): AllotPreview {
  let total = d('0');
  let invalidLine: number | null = null;
  let invalidMessage = '';
  let filled = 0;
  amounts.forEach((raw, i) => {
    if (raw.trim() === '') return;
    filled += 1;
    const parsed = parseMovementAmount(raw, 'allotAmount');
    if (!parsed.ok) {
      if (invalidLine === null) {
        invalidLine = i;
        invalidMessage = parsed.error.message;
      }
      return;
    }
    total = total.plus(d(parsed.value));
  });
  const fits = checkAllotTotal(unallotted, total);
  const message =
    invalidLine !== null
      ? invalidMessage
      : !fits.ok
        ? fits.error.message
        : filled === 0
          ? FUND_MESSAGES.emptyAllotment
          : null;
  return {
    total: toAmountString(total),
    remaining: toAmountString(d(unallotted).minus(total)),
    overAllotted: !fits.ok,
    invalidLine,
    message,
  };
}

/** The repayment form's preview: what would still be owed, or the server's refusal. */
export function previewRepayment(
  outstanding: string,
  raw: string,
): { readonly remaining: string; readonly message: string | null } {
  if (raw.trim() === '') return { remaining: toAmountString(d(outstanding)), message: null };
  const parsed = parseMovementAmount(raw, 'repaymentAmount');
  if (!parsed.ok)
    return { remaining: toAmountString(d(outstanding)), message: parsed.error.message };
  const fits = checkRepayAmount(outstanding, parsed.value);
  return {
    remaining: toAmountString(d(outstanding).minus(d(parsed.value))),
    message: fits.ok ? null : fits.error.message,
  };
}

/** The loan form's preview: what the team may borrow, and the refusal of a larger amount. */
export function previewLoan(
  limit: LoanLimitInputs,
  raw: string,
): { readonly borrowable: string; readonly message: string | null } {
  const left = borrowable(limit);
  if (raw.trim() === '') return { borrowable: left, message: null };
  const parsed = parseMovementAmount(raw, 'loanAmount');
  if (!parsed.ok) return { borrowable: left, message: parsed.error.message };
  const limited = checkLoanLimit(parsed.value, limit);
  return { borrowable: left, message: limited.ok ? null : limited.error.message };
}

/**
 * Back money by month of one year, for the chart: twelve sums (万元, exact) of the records whose
 * back date falls in that month. Records of other years and malformed dates are left out.
 */
export function backMoneyByMonth(
  records: readonly { readonly backDate: string; readonly backAmount: string }[],
  year: string,
): string[] {
  const sums = Array.from({ length: 12 }, () => d('0'));
  for (const r of records) {
    const m = /^(\d{4})-(\d{2})-\d{2}$/.exec(r.backDate);
    if (m === null || m[1] !== year) continue;
    const month = Number(m[2]) - 1;
    if (month < 0 || month > 11) continue;
    sums[month] = (sums[month] ?? d('0')).plus(d(r.backAmount));
  }
  return sums.map((s) => toAmountString(s));
}
