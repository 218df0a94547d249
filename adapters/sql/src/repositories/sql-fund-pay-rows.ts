import {
  MoneyDecimal,
  toAmountString,
  type FundPayFields,
  type FundPayListFilter,
} from '@dpms/core';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../database/schema.js';

export type Db = Kysely<Database>;
export type AnyEb = ExpressionBuilder<Database, keyof Database>;

export const amount = (v: string | number | bigint | null | undefined): string =>
  v === null || v === undefined ? '0' : toAmountString(new MoneyDecimal(String(v)));
export const time = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
export const d = (v: string) => new MoneyDecimal(v);
export const dayOf = (col: string) => sql<string | null>`to_char(${sql.ref(col)}, 'YYYY-MM-DD')`;
/** Statuses whose payAmount counts against a plan line or a pay item. */
export const LIVE_STATUSES = [0, 1, 2];

export const PLAN_SORT: Readonly<Record<string, string>> = {
  paymentPlanId: 'p.payment_plan_id',
  planMonth: 'p.plan_month',
  planPayAmount: 'p.plan_pay_amount',
};
export const PAY_SORT: Readonly<Record<string, string>> = {
  payId: 'f.pay_id',
  planMonth: 'f.plan_month',
  payAmount: 'f.pay_amount',
  payTime: 'f.pay_time',
};

export interface PlanRow {
  payment_plan_id: number;
  contract_id: number;
  contract_name: string;
  contract_no: string | null;
  contract_child_id: number | null;
  contract_child_no: string | null;
  dept_id: number | null;
  dept_name: string | null;
  plan_month: string;
  subject_name: string;
  receive_company_name: string;
  plan_pay_amount: string;
  paid: string | null;
  pending: string | null;
  payments: unknown;
  remark: string;
  user_id: number;
  create_by: string;
  create_by_name?: string | null;
  create_time: Date;
  version: number;
}

export interface PayRow {
  pay_id: number;
  payment_plan_id: number | null;
  child_pay_id: number | null;
  contract_id: number;
  contract_name: string;
  contract_no: string | null;
  contract_child_id: number | null;
  dept_id: number | null;
  dept_name: string | null;
  plan_month: string;
  subject_name: string;
  reason: string;
  pay_time: string | null;
  pay_company_name: string;
  receive_company_name: string;
  pay_amount: string;
  tax_rate: string;
  real_pay_amount: string;
  type_code: string;
  status: number;
  approval_id: number | null;
  paid_time: Date | null;
  remark: string;
  user_id: number;
  create_by: string;
  create_by_name?: string | null;
  create_time: Date;
  version: number;
}

export function withoutStatus(f: FundPayListFilter): FundPayListFilter {
  const { status: _status, ...rest } = f;
  return rest;
}

export function payColumns(f: FundPayFields) {
  return {
    payment_plan_id: f.paymentPlanId,
    child_pay_id: f.childPayId,
    contract_id: f.contractId,
    contract_child_id: f.contractChildId,
    dept_id: f.deptId,
    plan_month: f.planMonth,
    subject_name: f.subjectName,
    reason: f.reason,
    pay_time: f.payTime === '' ? null : f.payTime,
    pay_company_name: f.payCompanyName,
    receive_company_name: f.receiveCompanyName,
    pay_amount: f.payAmount,
    tax_rate: f.taxRate,
    real_pay_amount: f.realPayAmount,
    type_code: f.typeCode,
    remark: f.remark,
  };
}
