import { z } from 'zod';
import {
  FUND_PERFORM_SORT_COLUMNS,
  FUND_PLAN_LINE_KINDS,
  FUND_PLAN_SORT_COLUMNS,
} from '@dpms/core';
import { blankAsAbsent, okEnvelope, pageEnvelope, timestamp } from './envelope.js';
import { pagingShape } from './paging.js';
import { id, optionalEnum, optionalId, version } from './primitives.js';

/*
 * The 资金计划/执行 slice's wire contract: monthly fund plans (/contract/fundPlan/*) and fund
 * execution (/contract/fundPerform/*). The bodies' amounts, months, kinds and lines pass through as
 * sent and core's use case checks them (a 400 naming the field); the answers are documented here
 * and parsed by the client.
 */

/** Amounts pass through as sent: core checks them and answers 400 naming the field. */
const amountIn = () => z.unknown().describe('金额（万元），字符串，最多6位小数');
const textIn = (max: number) =>
  z.preprocess((v) => (v === null ? undefined : v), z.string().max(max).optional());
const optionalBodyId = () => z.preprocess(blankAsAbsent, id().optional());
const monthFilter = () =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: () => '参数 planMonth 格式应为yyyy-MM' })
      .optional(),
  );

// ---- plans -----------------------------------------------------------------------------------

const planLineBody = z.object({
  lineKind: z
    .unknown()
    .describe('income 预计回款 | rigid 刚性支出 | loan 借款支出 | payment 付款支出'),
  subjectName: z.unknown(),
  contractId: optionalBodyId(),
  amount: amountIn(),
  paybackRate: z.unknown().optional().describe('回款率，0到1'),
  allotAmount: amountIn().optional().describe('备案分配（万元）'),
  remark: z.unknown().optional(),
});
const planFields = {
  deptId: optionalBodyId(),
  planMonth: z.unknown().describe('计划月份 yyyy-MM'),
  reason: textIn(500),
  remark: textIn(2000),
  lines: z.array(planLineBody).max(200).optional(),
  submit: z.boolean().optional(),
};
/** /contract/fundPlan/add: submit=true sends it (8_1 or 8_2) in the same call. */
export const fundPlanAddBody = z.object(planFields);
export const fundPlanEditBody = z.object({ ...planFields, planId: id(), version: version() });
export const fundPlanIdQuery = z.object({ planId: id() });
export const fundPlanListQuery = z.object({
  ...pagingShape(FUND_PLAN_SORT_COLUMNS),
  deptId: optionalId(),
  planMonth: monthFilter(),
  status: optionalEnum(['0', '1', '2', '3']),
});
export const fundPlanChartQuery = z.object({ month: monthFilter(), deptId: optionalId() });

// ---- execution -------------------------------------------------------------------------------

const performLineBody = z.object({
  planLineId: optionalBodyId(),
  amount: amountIn(),
  remark: z.unknown().optional(),
});
const performFields = {
  planId: optionalBodyId(),
  lineKind: z.unknown(),
  performDate: z.unknown().describe('执行日期 yyyy-MM-dd'),
  overPlan: z.boolean().optional().describe('超计划执行：走 9_2 超计划审批'),
  reason: textIn(500),
  remark: textIn(2000),
  lines: z.array(performLineBody).max(200).optional(),
  submit: z.boolean().optional(),
};
export const fundPerformAddBody = z.object(performFields);
export const fundPerformEditBody = z.object({
  ...performFields,
  performId: id(),
  version: version(),
});
export const fundPerformIdQuery = z.object({ performId: id() });
export const fundPerformListQuery = z.object({
  ...pagingShape(FUND_PERFORM_SORT_COLUMNS),
  planId: optionalId(),
  deptId: optionalId(),
  planMonth: monthFilter(),
  lineKind: optionalEnum(FUND_PLAN_LINE_KINDS),
  status: optionalEnum(['0', '1', '2', '3']),
});

// ---- answers ---------------------------------------------------------------------------------

const decimal = () => z.string().meta({ description: '万元，十进制字符串' });
const int = () => z.number().int();
const status = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
const lineKind = z.enum(FUND_PLAN_LINE_KINDS);

export const fundPlanLineRecord = z.object({
  lineId: int(),
  lineKind,
  lineKindName: z.string(),
  subjectName: z.string(),
  contractId: int().nullable(),
  contractName: z.string(),
  amount: decimal(),
  paybackRate: z.string().nullable(),
  allotAmount: z.string().nullable(),
  confirmAmount: decimal(),
  executedAmount: decimal(),
  remark: z.string(),
});

export const fundPlanRecord = z
  .object({
    planId: int(),
    deptId: int(),
    deptName: z.string(),
    planMonth: z.string(),
    status,
    statusName: z.string(),
    incomeAmount: decimal(),
    rigidAmount: decimal(),
    loanAmount: decimal(),
    paymentAmount: decimal(),
    totalAmount: decimal(),
    reserveAmount: decimal(),
    confirmAmount: decimal(),
    balanceAmount: decimal(),
    executedAmount: decimal(),
    reason: z.string(),
    remark: z.string(),
    approvalId: z.string().nullable(),
    approvalKind: z.string().nullable(),
    userId: int(),
    createBy: z.string(),
    createTime: timestamp().nullable(),
    approvedTime: timestamp().nullable(),
    version: int(),
    lines: z.array(fundPlanLineRecord).readonly(),
  })
  .meta({ id: 'FundPlanRecord' });

export const fundPerformLineRecord = z.object({
  performLineId: int(),
  planLineId: int(),
  lineKind,
  subjectName: z.string(),
  amount: decimal(),
  planAmount: decimal(),
  planExecutedAmount: decimal(),
  remark: z.string(),
});

export const fundPerformRecord = z
  .object({
    performId: int(),
    planId: int(),
    deptId: int(),
    deptName: z.string(),
    planMonth: z.string(),
    lineKind,
    lineKindName: z.string(),
    status,
    statusName: z.string(),
    overPlan: z.boolean(),
    totalAmount: decimal(),
    performDate: z.string(),
    reason: z.string(),
    remark: z.string(),
    approvalId: z.string().nullable(),
    approvalKind: z.string().nullable(),
    userId: int(),
    createBy: z.string(),
    createTime: timestamp().nullable(),
    approvedTime: timestamp().nullable(),
    version: int(),
    lines: z.array(fundPerformLineRecord).readonly(),
  })
  .meta({ id: 'FundPerformRecord' });

export const fundPlanChartRecord = z.object({
  month: z.string(),
  planIncome: decimal(),
  planSpend: decimal(),
  performIncome: decimal(),
  performSpend: decimal(),
});

export const fundPlanAnswer = okEnvelope(fundPlanRecord);
export const fundPlanPage = pageEnvelope(fundPlanRecord);
export const fundPerformAnswer = okEnvelope(fundPerformRecord);
export const fundPerformPage = pageEnvelope(fundPerformRecord);
export const fundPlanChartAnswer = okEnvelope(z.array(fundPlanChartRecord));

export type FundPlanLineKindCode = z.infer<typeof lineKind>;
export type FundPlanLineRecord = z.infer<typeof fundPlanLineRecord>;
export type FundPlanRecord = z.infer<typeof fundPlanRecord>;
export type FundPerformLineRecord = z.infer<typeof fundPerformLineRecord>;
export type FundPerformRecord = z.infer<typeof fundPerformRecord>;
export type FundPlanChartRecord = z.infer<typeof fundPlanChartRecord>;
export type FundPlanBody = z.input<typeof fundPlanAddBody>;
export type FundPlanEditBody = z.input<typeof fundPlanEditBody>;
export type FundPerformBody = z.input<typeof fundPerformAddBody>;
export type FundPerformEditBody = z.input<typeof fundPerformEditBody>;
