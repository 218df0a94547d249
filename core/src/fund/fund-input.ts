import { isValidApprovalDate } from '../approval/template-validation.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { parseMovementAmount } from './fund-ledger.js';
import { FUND_ERROR_CODES as C, FUND_MESSAGES as M } from './fund-messages.js';

/** The longest remark or reason a fund record keeps. */
export const FUND_TEXT_MAX = 500;

/** A required day, yyyy-MM-dd (a real date); a blank one is "X不能为空". */
export function checkFundDate(raw: unknown, field: string): Result<string> {
  const v = typeof raw === 'string' ? raw.trim() : '';
  if (raw === undefined || raw === null || (typeof raw === 'string' && v === ''))
    return err(domainError(C.required, M.required(field), field));
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

/**
 * The fields each fund form must fill (what it marks with `*`). A loan names its team
 * (`loanDeptId`) unless it is a task's loan, which borrows for the task's team (`loanTeamProblem`).
 */
export const FUND_REQUIRED_FIELDS = {
  backMoney: ['contractId', 'backAmount', 'backDate'],
  allot: ['deptId', 'allotAmount'],
  loan: ['loanDeptId', 'loanAmount', 'refundDate'],
  repayment: ['loanId', 'repaymentAmount', 'repaymentDate'],
} as const;

/** A loan applied for names its team, or a task whose team borrows: else 借款部门不能为空. */
export function loanTeamProblem(input: {
  readonly loanDeptId?: unknown;
  readonly taskId?: unknown;
}): DomainError | null {
  const absent = (v: unknown) => v === undefined || v === null || v === '';
  return absent(input.loanDeptId) && absent(input.taskId)
    ? domainError(C.required, M.required('loanDeptId'), 'loanDeptId')
    : null;
}

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
    /** A loan applied for: its team (or its task) is named (`loanTeamProblem`). */
    readonly loanTeam?: boolean;
  },
): readonly DomainError[] {
  const given = (f: string) => fields.partial !== true || input[f] !== undefined;
  const team = fields.loanTeam === true ? loanTeamProblem(input) : null;
  return problemsOf([
    team === null ? ok(undefined) : err(team),
    given(fields.amount) ? parseMovementAmount(input[fields.amount], fields.amount) : ok(undefined),
    fields.date !== undefined && given(fields.date)
      ? checkFundDate(input[fields.date], fields.date)
      : ok(undefined),
    fields.text !== undefined ? checkFundText(input[fields.text], fields.text) : ok(undefined),
  ]);
}
