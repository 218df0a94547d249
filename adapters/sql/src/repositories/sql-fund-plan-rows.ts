import { nickNameOf } from './sql-helpers.js';
import {
  personNameOf,
  MoneyDecimal,
  SUBTRACTION_DECIMALS,
  lineConfirmAmount,
  toAmountString,
  type FundPerform,
  type FundPerformLine,
  type FundPlan,
  type FundPlanLine,
  type FundPlanLineKind,
  type FundPlanStatus,
  type PerformHeader,
  type PerformPatch,
  type PlanHeader,
  type PlanPatch,
} from '@dpms/core';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../database/schema.js';

/* The fund plan tables' rows as core's records, and the lines read for a page of plans or sheets. */

export type Db = Kysely<Database>;
export type AnyEb = ExpressionBuilder<Database, keyof Database>;

export const amount = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number'
    ? toAmountString(new MoneyDecimal(String(v)))
    : '0';
export const optionalAmount = (v: unknown): string | null =>
  v === null || v === undefined ? null : amount(v);
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const time = (v: unknown): Date | null => (v instanceof Date ? v : null);
export const dateText = (v: unknown): string =>
  v instanceof Date ? v.toISOString().slice(0, 10) : str(v).slice(0, 10);

export const PLAN_SORT: Readonly<Record<string, string>> = {
  planId: 'p.id',
  planMonth: 'p.plan_month',
  totalAmount: 'p.total_amount',
};
export const PERFORM_SORT: Readonly<Record<string, string>> = {
  performId: 'f.id',
  planMonth: 'f.plan_month',
  totalAmount: 'f.total_amount',
};

export const PLAN_COLUMNS = [
  'p.id',
  'p.dept_id',
  'p.plan_month',
  'p.status',
  'p.total_amount',
  'p.income_amount',
  'p.rigid_amount',
  'p.loan_amount',
  'p.payment_amount',
  'p.reserve_amount',
  'p.confirm_amount',
  'p.executed_amount',
  'p.reason',
  'p.remark',
  'p.approval_id',
  'p.approval_kind',
  'p.approved_time',
  'p.user_id',
  'p.create_by',
  nickNameOf('p.create_by').as('create_by_name'),
  'p.version',
  'p.create_time',
] as const;

export const PERFORM_COLUMNS = [
  'f.id',
  'f.plan_id',
  'f.dept_id',
  'f.plan_month',
  'f.status',
  'f.over_plan',
  'f.total_amount',
  'f.perform_date',
  'f.reason',
  'f.remark',
  'f.approval_id',
  'f.approval_kind',
  'f.approved_time',
  'f.user_id',
  'f.create_by',
  nickNameOf('f.create_by').as('create_by_name'),
  'f.version',
  'f.create_time',
] as const;

export type Row = Record<string, unknown>;

export function toPlan(r: Row, lines: readonly FundPlanLine[]): FundPlan {
  const income = amount(r.income_amount);
  const total = amount(r.total_amount);
  return {
    planId: Number(r.id),
    deptId: Number(r.dept_id),
    deptName: str(r.dept_name),
    planMonth: str(r.plan_month),
    status: Number(r.status) as FundPlanStatus,
    incomeAmount: income,
    rigidAmount: amount(r.rigid_amount),
    loanAmount: amount(r.loan_amount),
    paymentAmount: amount(r.payment_amount),
    totalAmount: total,
    reserveAmount: amount(r.reserve_amount),
    confirmAmount: amount(r.confirm_amount),
    balanceAmount: toAmountString(
      new MoneyDecimal(income).minus(new MoneyDecimal(total)),
      SUBTRACTION_DECIMALS,
    ),
    executedAmount: amount(r.executed_amount),
    reason: str(r.reason),
    remark: str(r.remark),
    approvalId: r.approval_id === null ? null : String(Number(r.approval_id)),
    approvalKind: r.approval_kind === null ? null : str(r.approval_kind),
    userId: Number(r.user_id),
    createBy: str(r.create_by),
    createByName: personNameOf(str(r.create_by), str(r.create_by_name)),
    createTime: time(r.create_time),
    approvedTime: time(r.approved_time),
    version: Number(r.version),
    lines,
  };
}

export function toPlanLine(r: Row): FundPlanLine {
  const paybackRate = optionalAmount(r.payback_rate);
  const allotAmount = optionalAmount(r.allot_amount);
  return {
    lineId: Number(r.line_id),
    lineKind: str(r.line_kind) as FundPlanLineKind,
    subjectName: str(r.subject_name),
    contractId: r.contract_id === null ? null : Number(r.contract_id),
    contractName: str(r.contract_name),
    amount: amount(r.amount),
    paybackRate,
    allotAmount,
    confirmAmount: lineConfirmAmount(paybackRate, allotAmount),
    executedAmount: amount(r.executed_amount),
    remark: str(r.remark),
  };
}

export function toPerform(r: Row, lines: readonly FundPerformLine[]): FundPerform {
  return {
    performId: Number(r.id),
    planId: Number(r.plan_id),
    deptId: Number(r.dept_id),
    deptName: str(r.dept_name),
    planMonth: str(r.plan_month),
    lineKind: (lines[0]?.lineKind ?? str(r.line_kind)) as FundPlanLineKind,
    status: Number(r.status) as FundPlanStatus,
    overPlan: r.over_plan === true,
    totalAmount: amount(r.total_amount),
    performDate: dateText(r.perform_date),
    reason: str(r.reason),
    remark: str(r.remark),
    approvalId: r.approval_id === null ? null : String(Number(r.approval_id)),
    approvalKind: r.approval_kind === null ? null : str(r.approval_kind),
    userId: Number(r.user_id),
    createBy: str(r.create_by),
    createByName: personNameOf(str(r.create_by), str(r.create_by_name)),
    createTime: time(r.create_time),
    approvedTime: time(r.approved_time),
    version: Number(r.version),
    lines,
  };
}

export const headerColumns = (h: PlanHeader) => ({
  dept_id: h.deptId,
  plan_month: h.planMonth,
  reason: h.reason,
  remark: h.remark,
  total_amount: h.totals.totalAmount,
  income_amount: h.totals.incomeAmount,
  rigid_amount: h.totals.rigidAmount,
  loan_amount: h.totals.loanAmount,
  payment_amount: h.totals.paymentAmount,
  reserve_amount: h.totals.reserveAmount,
  confirm_amount: h.totals.confirmAmount,
});

export const performColumns = (h: PerformHeader) => ({
  plan_id: h.planId,
  dept_id: h.deptId,
  plan_month: h.planMonth,
  line_kind: h.lineKind,
  over_plan: h.overPlan,
  total_amount: h.totalAmount,
  perform_date: h.performDate,
  reason: h.reason,
  remark: h.remark,
});

export const statusColumns = (patch: PlanPatch | PerformPatch) => ({
  ...(patch.status !== undefined ? { status: patch.status } : {}),
  ...(patch.approvalId !== undefined
    ? { approval_id: patch.approvalId === null ? null : Number(patch.approvalId) }
    : {}),
  ...(patch.approvalKind !== undefined ? { approval_kind: patch.approvalKind } : {}),
  ...(patch.approvedTime !== undefined ? { approved_time: patch.approvedTime } : {}),
});

export async function readPlanLines(
  db: Db,
  planIds: readonly number[],
): Promise<Map<number, FundPlanLine[]>> {
  const out = new Map<number, FundPlanLine[]>();
  if (planIds.length === 0) return out;
  const rows = await db
    .selectFrom('fund_plan_line as l')
    .leftJoin('contract as c', 'c.contract_id', 'l.contract_id')
    .selectAll('l')
    .select('c.contract_name')
    .where('l.plan_id', 'in', [...planIds])
    .orderBy('l.plan_id')
    .orderBy('l.sort_no')
    .orderBy('l.line_id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.plan_id) ?? [];
    list.push(toPlanLine(r));
    out.set(r.plan_id, list);
  }
  return out;
}

export async function readPerformLines(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, FundPerformLine[]>> {
  const out = new Map<number, FundPerformLine[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('fund_perform_line as pl')
    .innerJoin('fund_plan_line as l', 'l.line_id', 'pl.plan_line_id')
    .select([
      'pl.perform_id',
      'pl.perform_line_id',
      'pl.plan_line_id',
      'pl.amount',
      'pl.remark',
      'l.line_kind',
      'l.subject_name',
      'l.amount as plan_amount',
      'l.executed_amount as plan_executed',
    ])
    .where('pl.perform_id', 'in', [...ids])
    .orderBy('pl.perform_id')
    .orderBy('l.sort_no')
    .orderBy('pl.perform_line_id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.perform_id) ?? [];
    list.push({
      performLineId: r.perform_line_id,
      planLineId: r.plan_line_id,
      lineKind: r.line_kind as FundPlanLineKind,
      subjectName: r.subject_name,
      amount: amount(r.amount),
      planAmount: amount(r.plan_amount),
      planExecutedAmount: amount(r.plan_executed),
      remark: r.remark,
    });
    out.set(r.perform_id, list);
  }
  return out;
}
