import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import type { FundPerformInput, FundPlanInput, FundPlanLineInput } from './fund-plan.js';
import { FUND_PLAN_ERROR_CODES as C, FUND_PLAN_MESSAGES as M } from './fund-plan-messages.js';
import {
  checkPlanText,
  isFundPlanLineKind,
  lineConfirmAmount,
  type CheckedPlanLine,
  FUND_PLAN_MAX_LINES,
  FUND_PLAN_TEXT_LIMITS,
  parseFundPerformDate,
  parseFundPlanMonth,
  parseOptionalPlanAmount,
  parsePaybackRate,
  parsePlanAmount,
} from './fund-plan-rules.js';

/**
 * The fields a 资金计划 form must fill: the month and at least one line. The department is the
 * drafter's own when none is chosen (a drafter without one is refused "计划部门不能为空"), so the
 * form offers it without a mark.
 */
export const FUND_PLAN_REQUIRED_FIELDS = ['planMonth', 'lines'] as const;
/** A plan line's: its kind, subject and amount; an income line also names its contract. */
export const FUND_PLAN_LINE_REQUIRED_FIELDS = ['lineKind', 'subjectName', 'amount'] as const;
export const requiredFundPlanLineFields = (lineKind: unknown): readonly string[] =>
  lineKind === 'income'
    ? [...FUND_PLAN_LINE_REQUIRED_FIELDS, 'contractId']
    : FUND_PLAN_LINE_REQUIRED_FIELDS;
/** The fields a 资金执行 form must fill: the approved plan, the kind, the date and its lines. */
export const FUND_PERFORM_REQUIRED_FIELDS = ['planId', 'lineKind', 'performDate', 'lines'] as const;
/** An execution line's: the plan line it takes from and the amount. */
export const FUND_PERFORM_LINE_REQUIRED_FIELDS = ['planLineId', 'amount'] as const;

const problemsOf = (results: readonly Result<unknown>[]): DomainError[] =>
  results.flatMap((r) => (r.ok ? [] : [r.error]));
const problem = (code: string, message: string, field: string): Result<never> => ({
  ok: false,
  error: domainError(code, message, field),
});
const fine: Result<undefined> = { ok: true, value: undefined };
const lineField = (i: number, f: string): string => `lines[${String(i)}].${f}`;

/**
 * Every problem of one plan line, at most one per field, in order (kind, subject, amount, remark,
 * then an income line's contract, rate and filing allocation): the use case refuses with the first,
 * the wire schema reports them all, each named `lines[i].field` ("第i+1行金额…").
 */
export function fundPlanLineProblems(line: FundPlanLineInput, i: number): DomainError[] {
  const at = (f: string) => lineField(i, f);
  const L = FUND_PLAN_TEXT_LIMITS;
  const kindKnown = isFundPlanLineKind(line.lineKind);
  const income = line.lineKind === 'income';
  return problemsOf([
    kindKnown ? fine : problem(C.invalidKind, M.invalidKind(at('lineKind')), at('lineKind')),
    checkPlanText(line.subjectName, at('subjectName'), L.subjectName, true),
    parsePlanAmount(line.amount, at('amount')),
    checkPlanText(line.remark, at('remark'), L.lineRemark),
    income && (line.contractId ?? null) === null
      ? problem(C.incomeNeedsContract, M.incomeNeedsContract(at('contractId')), at('contractId'))
      : fine,
    income ? parsePaybackRate(line.paybackRate, at('paybackRate')) : fine,
    income ? parseOptionalPlanAmount(line.allotAmount, at('allotAmount')) : fine,
  ]);
}

const linesCountProblem = (lines: readonly unknown[] | undefined): Result<undefined> => {
  const n = lines?.length ?? 0;
  if (n === 0) return problem(C.noLines, M.noLines, 'lines');
  if (n > FUND_PLAN_MAX_LINES)
    return problem(C.tooManyLines, M.tooManyLines(FUND_PLAN_MAX_LINES), 'lines');
  return fine;
};

/**
 * Every problem of a plan as entered that needs no stored record (month, texts, the lines and
 * each line's fields), in the use case's words: what the wire schema reports and a form shows
 * beside its fields at once. The use case still checks the department, the contracts and the
 * one-plan-a-month rule.
 */
export function fundPlanInputProblems(input: FundPlanInput): readonly DomainError[] {
  const L = FUND_PLAN_TEXT_LIMITS;
  const lines = input.lines ?? [];
  return [
    ...problemsOf([
      parseFundPlanMonth(input.planMonth),
      checkPlanText(input.reason, 'reason', L.reason),
      checkPlanText(input.remark, 'remark', L.remark),
      linesCountProblem(lines),
    ]),
    ...(lines.length > FUND_PLAN_MAX_LINES ? [] : lines.flatMap(fundPlanLineProblems)),
  ];
}

/**
 * Every problem of an execution sheet as entered that needs no stored plan: the plan named, the
 * kind, the date, the texts, and each line's plan line (named, once), amount and remark. The use
 * case still checks the lines against the approved plan's rooms (over-plan, kind, ownership).
 */
export function fundPerformInputProblems(input: FundPerformInput): readonly DomainError[] {
  const L = FUND_PLAN_TEXT_LIMITS;
  const lines = input.lines ?? [];
  const seen = new Set<number>();
  const lineProblems = (
    line: NonNullable<FundPerformInput['lines']>[number],
    i: number,
  ): DomainError[] => {
    const at = (f: string) => lineField(i, f);
    const planLineId = line.planLineId;
    const repeated = planLineId !== undefined && seen.has(planLineId);
    if (planLineId !== undefined) seen.add(planLineId);
    return problemsOf([
      planLineId === undefined
        ? problem(C.required, M.required(at('planLineId')), at('planLineId'))
        : repeated
          ? problem(C.duplicateLine, M.duplicateLine(at('planLineId')), at('planLineId'))
          : fine,
      parsePlanAmount(line.amount, at('amount')),
      checkPlanText(line.remark, at('remark'), L.lineRemark),
    ]);
  };
  return [
    ...problemsOf([
      input.planId === undefined ? problem(C.required, M.required('planId'), 'planId') : fine,
      isFundPlanLineKind(input.lineKind)
        ? fine
        : problem(C.invalidKind, M.invalidKind('lineKind'), 'lineKind'),
      parseFundPerformDate(input.performDate),
      checkPlanText(input.reason, 'reason', L.reason),
      checkPlanText(input.remark, 'remark', L.remark),
      linesCountProblem(lines),
    ]),
    ...(lines.length > FUND_PLAN_MAX_LINES ? [] : lines.flatMap(lineProblems)),
  ];
}

/**
 * Checks one line (`i` names it: `lines[i].amount`): its first problem, or the line as stored
 * with its allocation confirmation.
 */
export function checkPlanLine(line: FundPlanLineInput, i: number): Result<CheckedPlanLine> {
  const first = fundPlanLineProblems(line, i)[0];
  if (first !== undefined || !isFundPlanLineKind(line.lineKind)) {
    return err(first ?? domainError(C.invalidKind, M.invalidKind(lineField(i, 'lineKind'))));
  }
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const base = {
    lineKind: line.lineKind,
    subjectName: text(line.subjectName),
    contractId: line.contractId ?? null,
    amount: must(parsePlanAmount(line.amount, 'amount')),
    remark: text(line.remark),
  };
  if (line.lineKind !== 'income') {
    return ok({ ...base, paybackRate: null, allotAmount: null, confirmAmount: '0' });
  }
  const rate = must(parsePaybackRate(line.paybackRate, 'paybackRate'));
  const allot = must(parseOptionalPlanAmount(line.allotAmount, 'allotAmount'));
  return ok({
    ...base,
    paybackRate: rate,
    allotAmount: allot,
    confirmAmount: lineConfirmAmount(rate, allot),
  });
}

/** A value its problems list has already passed. */
function must<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Checks a plan's lines (1 to 200): the first problem, or the lines as stored. */
export function checkPlanLines(
  lines: readonly FundPlanLineInput[] | undefined,
): Result<CheckedPlanLine[]> {
  const count = linesCountProblem(lines);
  if (!count.ok) return count;
  const out: CheckedPlanLine[] = [];
  for (const [i, line] of (lines ?? []).entries()) {
    const c = checkPlanLine(line, i);
    if (!c.ok) return c;
    out.push(c.value);
  }
  return ok(out);
}
