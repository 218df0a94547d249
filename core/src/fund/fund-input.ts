import { isValidApprovalDate } from '../approval/template-validation.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { parseMovementAmount } from './fund-ledger.js';
import { FUND_ERROR_CODES as C, FUND_MESSAGES as M } from './fund-messages.js';

/** The longest remark or reason a fund record keeps. */
export const FUND_TEXT_MAX = 500;

/** A required day, yyyy-MM-dd (a real date). */
export function checkFundDate(raw: unknown, field: string): Result<string> {
  const v = typeof raw === 'string' ? raw.trim() : '';
  if (!isValidApprovalDate(v) || !/^\d{4}-\d{2}-\d{2}$/.test(v))
    return err(domainError(C.invalidDate, M.invalidDate(field), field));
  return ok(v);
}

/** Free text, trimmed, at most FUND_TEXT_MAX characters. */
export function checkFundText(raw: unknown, field: string): Result<string> {
  const v = typeof raw === 'string' ? raw.trim() : '';
  if ([...v].length > FUND_TEXT_MAX)
    return err(domainError(C.textTooLong, M.textTooLong(field, FUND_TEXT_MAX), field));
  return ok(v);
}

const problemsOf = (results: readonly Result<unknown>[]): DomainError[] =>
  results.flatMap((r) => (r.ok ? [] : [r.error]));

/** The fields each fund form must fill (what it marks with `*`). */
export const FUND_REQUIRED_FIELDS = {
  backMoney: ['contractId', 'backAmount', 'backDate'],
  allot: ['deptId', 'allotAmount'],
  loan: ['loanAmount', 'refundDate'],
  repayment: ['loanId', 'repaymentAmount', 'repaymentDate'],
} as const;

/**
 * Every problem of a movement as entered that needs no stored record, at most one per field, in
 * the use case's words: its amount (a decimal string above zero), its day and its text. What the
 * wire schemas report and a form shows beside its fields at once; the use case checks the
 * balances and limits.
 */
export function fundMovementProblems(
  input: Readonly<Record<string, unknown>>,
  fields: {
    readonly amount: string;
    readonly date?: string;
    readonly text?: string;
    /** An edit may leave the amount (or the day) out: the stored one stays. */
    readonly partial?: boolean;
  },
): readonly DomainError[] {
  const given = (f: string) => fields.partial !== true || input[f] !== undefined;
  return problemsOf([
    given(fields.amount) ? parseMovementAmount(input[fields.amount], fields.amount) : ok(undefined),
    fields.date !== undefined && given(fields.date)
      ? checkFundDate(input[fields.date], fields.date)
      : ok(undefined),
    fields.text !== undefined ? checkFundText(input[fields.text], fields.text) : ok(undefined),
  ]);
}
