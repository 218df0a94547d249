import { parseAmount, SUBTRACTION_DECIMALS, toAmountString } from '../money/amount.js';
import { allocationConfirmation as feeAllocation, reserveFunds } from '../fees/fee-tips.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import {
  FUND_PERFORM_TYPE_CODES,
  FUND_PLAN_LINE_KINDS,
  FUND_PLAN_TYPE_CODES,
  type FundPlanLineInput,
  type FundPlanLineKind,
  type FundPlanTotals,
} from './fund-plan.js';
import { FUND_PLAN_ERROR_CODES as C, FUND_PLAN_MESSAGES as M } from './fund-plan-messages.js';

const d = (v: string): MoneyDecimal => new MoneyDecimal(v);
const fail = (code: string, message: string, field: string) =>
  err(domainError(code, message, field));

export const FUND_PLAN_MAX_LINES = 200;
/** The text limits of a plan, an execution sheet and their lines. */
export const FUND_PLAN_TEXT_LIMITS = {
  reason: 500,
  remark: 2000,
  subjectName: 100,
  lineRemark: 500,
} as const;
export const FUND_PLAN_TEXT_MAX = FUND_PLAN_TEXT_LIMITS.reason;
export const FUND_PLAN_REMARK_MAX = FUND_PLAN_TEXT_LIMITS.remark;
const LINE_REMARK_MAX = FUND_PLAN_TEXT_LIMITS.lineRemark;

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const RATE_RE = /^(?:0(?:\.\d{1,6})?|1(?:\.0{1,6})?|\.\d{1,6})$/;

/** A plan month as 'YYYY-MM' (months 01–12). */
export function parseFundPlanMonth(raw: unknown, field = 'planMonth'): Result<string> {
  const v = typeof raw === 'string' ? raw.trim() : '';
  return MONTH_RE.test(v) ? ok(v) : fail(C.invalidMonth, M.invalidMonth, field);
}

/** A calendar date 'yyyy-MM-dd'. */
export function parseFundPerformDate(raw: unknown, field = 'performDate'): Result<string> {
  const v = typeof raw === 'string' ? raw.trim() : '';
  const m = DATE_RE.exec(v);
  if (m === null) return fail(C.invalidDate, M.invalidDate(field), field);
  const [y, mo, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const dt = new Date(Date.UTC(y, mo - 1, day));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== day)
    return fail(C.invalidDate, M.invalidDate(field), field);
  return ok(v);
}

/** A money amount typed by a person: a string of at most 6 decimals, strictly positive; blank is missing. */
export function parsePlanAmount(raw: unknown, field: string): Result<string> {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === ''))
    return fail(C.required, M.required(field), field);
  if (typeof raw !== 'string') return fail(C.invalidAmount, M.invalidAmount(field), field);
  const parsed = parseAmount(raw, field);
  if (!parsed.ok) return fail(C.invalidAmount, M.invalidAmount(field), field);
  if (!d(parsed.value).gt(0)) return fail(C.notPositive, M.notPositive(field), field);
  return ok(parsed.value);
}

/** An optional amount that may be zero (filing allocation). */
export function parseOptionalPlanAmount(raw: unknown, field: string): Result<string | null> {
  if (raw === undefined || raw === null || raw === '') return ok(null);
  if (typeof raw !== 'string') return fail(C.invalidAmount, M.invalidAmount(field), field);
  const parsed = parseAmount(raw, field);
  if (!parsed.ok || d(parsed.value).isNeg())
    return fail(C.invalidAmount, M.invalidAmount(field), field);
  return ok(parsed.value);
}

/** A payback rate: 0 to 1 with at most 6 decimals, or absent. */
export function parsePaybackRate(raw: unknown, field: string): Result<string | null> {
  if (raw === undefined || raw === null || raw === '') return ok(null);
  const v = typeof raw === 'string' ? raw.trim() : '';
  if (!RATE_RE.test(v)) return fail(C.invalidRate, M.invalidRate(field), field);
  return ok(toAmountString(d(v)));
}

export function checkPlanText(raw: unknown, field: string, max: number, required = false) {
  if (raw !== undefined && raw !== null && typeof raw !== 'string')
    return fail(C.required, M.required(field), field);
  const v = typeof raw === 'string' ? raw.trim() : '';
  if (required && v === '') return fail(C.required, M.required(field), field);
  if ([...v].length > max) return fail(C.textTooLong, M.textTooLong(field, max), field);
  return ok(v);
}

/**
 * Tip (001 §9): allocation confirmation = payback rate × filing allocation, to the 分 (the fees
 * slice's rule); 0 while either is missing.
 */
export function lineConfirmAmount(paybackRate: string | null, allotAmount: string | null): string {
  if (paybackRate === null || allotAmount === null) return '0';
  return feeAllocation(paybackRate, allotAmount);
}

export interface CheckedPlanLine {
  readonly lineKind: FundPlanLineKind;
  readonly subjectName: string;
  readonly contractId: number | null;
  readonly amount: string;
  readonly paybackRate: string | null;
  readonly allotAmount: string | null;
  readonly confirmAmount: string;
  readonly remark: string;
}

/** One of the four line kinds (income, rigid, loan, payment). */
export const isFundPlanLineKind = (v: unknown): v is FundPlanLineKind =>
  typeof v === 'string' && (FUND_PLAN_LINE_KINDS as readonly string[]).includes(v);

/** The totals and tips of a plan's lines: exact sums, the balance to the spec's 4 decimals. */
export function planTotals(
  lines: readonly Pick<CheckedPlanLine, 'lineKind' | 'amount' | 'confirmAmount'>[],
): FundPlanTotals {
  const sum = { income: d('0'), rigid: d('0'), loan: d('0'), payment: d('0') };
  let confirm = d('0');
  for (const l of lines) {
    sum[l.lineKind] = sum[l.lineKind].plus(d(l.amount));
    confirm = confirm.plus(d(l.confirmAmount));
  }
  const spend = sum.rigid.plus(sum.loan).plus(sum.payment);
  const rigid = toAmountString(sum.rigid);
  return {
    incomeAmount: toAmountString(sum.income),
    rigidAmount: rigid,
    loanAmount: toAmountString(sum.loan),
    paymentAmount: toAmountString(sum.payment),
    totalAmount: toAmountString(spend),
    reserveAmount: reserveFunds(rigid),
    confirmAmount: toAmountString(confirm),
    balanceAmount: toAmountString(sum.income.minus(spend), SUBTRACTION_DECIMALS),
  };
}

/**
 * Live preview for the form: the totals of whatever lines already hold a valid amount (a line
 * still being typed counts as 0), with each line's allocation confirmation.
 */
export function previewPlan(lines: readonly FundPlanLineInput[]): {
  totals: FundPlanTotals;
  confirmAmounts: string[];
} {
  const usable = lines.map((l) => {
    const kind = isFundPlanLineKind(l.lineKind) ? l.lineKind : 'rigid';
    const amount = parsePlanAmount(l.amount, 'amount');
    const rate = parsePaybackRate(l.paybackRate, 'paybackRate');
    const allot = parseOptionalPlanAmount(l.allotAmount, 'allotAmount');
    const confirm =
      kind === 'income' && rate.ok && allot.ok ? lineConfirmAmount(rate.value, allot.value) : '0';
    return { lineKind: kind, amount: amount.ok ? amount.value : '0', confirmAmount: confirm };
  });
  return { totals: planTotals(usable), confirmAmounts: usable.map((u) => u.confirmAmount) };
}

/** 8_1 for a plan whose spending its expected income covers; 8_2 for one that draws on reserves. */
export function planTypeCode(totals: Pick<FundPlanTotals, 'incomeAmount' | 'totalAmount'>) {
  return d(totals.totalAmount).gt(d(totals.incomeAmount))
    ? FUND_PLAN_TYPE_CODES.deficit
    : FUND_PLAN_TYPE_CODES.balanced;
}

/** What an execution may still take of a plan line. */
export interface PlanLineRoom {
  readonly lineId: number;
  readonly lineKind: FundPlanLineKind;
  readonly amount: string;
  /** Taken by approved executions. */
  readonly executedAmount: string;
  /** Held by executions in approval (other than the one being checked). */
  readonly pendingAmount: string;
}

export const roomLeft = (r: PlanLineRoom): MoneyDecimal =>
  d(r.amount).minus(d(r.executedAmount)).minus(d(r.pendingAmount));

export interface CheckedPerformLine {
  readonly planLineId: number;
  readonly amount: string;
  readonly remark: string;
}

export interface CheckedPerform {
  readonly lines: CheckedPerformLine[];
  readonly totalAmount: string;
  /** Some line takes more than its plan line has left. */
  readonly exceeds: boolean;
}

/**
 * Checks an execution sheet's lines against its plan: each names a line of the plan of the sheet's
 * kind, once, with a positive amount. Taking more than a line has left (planned − executed −
 * held by sheets in approval) is refused unless the sheet asks for over-plan approval.
 */
export function checkPerformLines(
  lineKind: FundPlanLineKind,
  lines: readonly { planLineId?: number; amount?: unknown; remark?: unknown }[] | undefined,
  rooms: readonly PlanLineRoom[],
  overPlan: boolean,
): Result<CheckedPerform> {
  const list = lines ?? [];
  if (list.length === 0) return fail(C.noLines, M.noLines, 'lines');
  if (list.length > FUND_PLAN_MAX_LINES)
    return fail(C.tooManyLines, M.tooManyLines(FUND_PLAN_MAX_LINES), 'lines');
  const byId = new Map(rooms.map((r) => [r.lineId, r]));
  const seen = new Set<number>();
  const out: CheckedPerformLine[] = [];
  let total = d('0');
  let exceeds = false;
  let firstOver: { field: string; left: string } | null = null;
  for (const [i, line] of list.entries()) {
    const at = (f: string) => `lines[${String(i)}].${f}`;
    const room = line.planLineId === undefined ? undefined : byId.get(line.planLineId);
    if (room === undefined)
      return fail(C.lineNotOfPlan, M.lineNotOfPlan(at('planLineId')), at('planLineId'));
    if (room.lineKind !== lineKind)
      return fail(C.lineKindMismatch, M.lineKindMismatch(at('planLineId')), at('planLineId'));
    if (seen.has(room.lineId))
      return fail(C.duplicateLine, M.duplicateLine(at('planLineId')), at('planLineId'));
    seen.add(room.lineId);
    const amount = parsePlanAmount(line.amount, at('amount'));
    if (!amount.ok) return amount;
    const remark = checkPlanText(line.remark, at('remark'), LINE_REMARK_MAX);
    if (!remark.ok) return remark;
    const left = roomLeft(room);
    if (d(amount.value).gt(left)) {
      exceeds = true;
      firstOver ??= { field: at('amount'), left: toAmountString(left.isNeg() ? d('0') : left) };
    }
    total = total.plus(d(amount.value));
    out.push({ planLineId: room.lineId, amount: amount.value, remark: remark.value });
  }
  if (firstOver !== null && !overPlan)
    return fail(C.overPlan, M.overPlan(firstOver.field, firstOver.left), firstOver.field);
  return ok({ lines: out, totalAmount: toAmountString(total), exceeds });
}

/** The approval an execution sheet travels on (see FUND_PERFORM_TYPE_CODES). */
export function performTypeCode(lineKind: FundPlanLineKind, exceeds: boolean): string {
  return exceeds ? FUND_PERFORM_TYPE_CODES.overPlan : FUND_PERFORM_TYPE_CODES[lineKind];
}

/** Whether a record of this status may still be changed or deleted (draft or turned down). */
export const fundPlanEditable = (status: number): boolean => status === 0 || status === 3;

/** The last 12 months up to `month` ('YYYY-MM'), oldest first: the chart's default window. */
export function fundPlanMonthsUpTo(month: string, count = 12): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const idx = y * 12 + (m - 1) - i;
    out.push(
      `${String(Math.floor(idx / 12)).padStart(4, '0')}-${String((idx % 12) + 1).padStart(2, '0')}`,
    );
  }
  return out;
}
