import { z } from 'zod';
import {
  FUND_PERFORM_SORT_COLUMNS,
  FUND_PLAN_LINE_KINDS,
  FUND_PLAN_MAX_LINES,
  FUND_PLAN_MESSAGES as M,
  FUND_PLAN_SORT_COLUMNS,
  fundPerformInputProblems,
  fundPlanInputProblems,
  type FundPerformInput,
  type FundPlanInput,
} from '@dpms/core';
import { coreProblems } from './core-problems.js';
import { wireText } from './wire-text.js';
import { blankAsAbsent, okEnvelope, pageEnvelope, timestamp } from './envelope.js';
import { pagingShape } from './paging.js';
import { id, optionalEnum, optionalId, version } from './primitives.js';

/*
 * The 资金计划/执行 slice's wire contract: monthly fund plans (/contract/fundPlan/*) and fund
 * execution (/contract/fundPerform/*). Shapes carry core's messages for a value of the wrong type;
 * the rules (the month, amounts as decimal strings above zero with at most 6 decimals, rates 0 to
 * 1, required fields, text limits, 1 to 200 lines, an income line's contract, each execution line
 * naming a plan line once) are core's `fundPlanInputProblems` / `fundPerformInputProblems`, every
 * field of every line at once, each named `lines[i].field` ("第i+1行金额…"). The use case still
 * checks what needs the stored records (the department, the contracts, the plan's rooms).
 */

/** The field an issue is on, as core names it: `lines[0].amount`. */
const fieldOf = (path: readonly PropertyKey[] | undefined): string =>
  (path ?? [])
    .map((p) => (typeof p === 'number' ? `[${String(p)}]` : String(p)))
    .join('.')
    .replace(/\.\[/g, '[');
/** A text field whose wrong-type message names its line, in core's words. */
const lineText = (message: (field: string) => string) =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z.string({ error: (iss) => message(fieldOf(iss.path)) }).optional(),
  );
const amountIn = () =>
  lineText(M.invalidAmount).meta({ description: '金额（万元），十进制字符串，最多6位小数' });
const text = (field: string) => wireText(M.required(field));
const lineKindIn = () =>
  z
    .enum(FUND_PLAN_LINE_KINDS, { error: (iss) => M.invalidKind(fieldOf(iss.path)) })
    .describe('income 预计回款 | rigid 刚性支出 | loan 借款支出 | payment 付款支出');
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

/** A plan line: its kind, subject, amount; an income line names its contract, rate and filing. */
export const fundPlanLineBody = z.object({
  lineKind: lineKindIn(),
  subjectName: lineText(M.required),
  contractId: optionalBodyId().describe('合同（预计回款必填）'),
  amount: amountIn(),
  paybackRate: lineText(M.invalidRate).describe('回款率，0到1，最多6位小数'),
  allotAmount: amountIn().describe('备案分配（万元），可为0'),
  remark: lineText(M.required),
});
const planFields = {
  deptId: optionalBodyId().describe('计划部门，不填为经办人所在部门'),
  planMonth: wireText(M.invalidMonth).meta({ description: '计划月份 yyyy-MM' }),
  reason: text('reason'),
  remark: text('remark'),
  lines: z
    .array(fundPlanLineBody, { error: M.noLines })
    .max(FUND_PLAN_MAX_LINES, M.tooManyLines(FUND_PLAN_MAX_LINES))
    .optional(),
  submit: z.boolean().optional(),
};
const planRules = coreProblems((v) => fundPlanInputProblems(v as FundPlanInput));
/** /contract/fundPlan/add: submit=true sends it (8_1 or 8_2) in the same call. */
export const fundPlanAddBody = z.object(planFields).check(planRules);
export const fundPlanEditBody = z
  .object({ ...planFields, planId: id(), version: version() })
  .check(planRules);
export const fundPlanIdQuery = z.object({ planId: id() });
export const fundPlanListQuery = z.object({
  ...pagingShape(FUND_PLAN_SORT_COLUMNS),
  deptId: optionalId(),
  planMonth: monthFilter(),
  status: optionalEnum(['0', '1', '2', '3']),
});
export const fundPlanChartQuery = z.object({ month: monthFilter(), deptId: optionalId() });

// ---- execution -------------------------------------------------------------------------------

/** An execution line: the plan line it takes from (once a sheet), the amount and a remark. */
export const fundPerformLineBody = z.object({
  planLineId: optionalBodyId().describe('计划明细'),
  amount: amountIn(),
  remark: lineText(M.required),
});
const performFields = {
  planId: optionalBodyId(),
  lineKind: lineKindIn(),
  performDate: wireText(M.invalidDate('performDate')).meta({ format: 'date' }),
  overPlan: z.boolean().optional().describe('超计划执行：走 9_2 超计划审批'),
  reason: text('reason'),
  remark: text('remark'),
  lines: z
    .array(fundPerformLineBody, { error: M.noLines })
    .max(FUND_PLAN_MAX_LINES, M.tooManyLines(FUND_PLAN_MAX_LINES))
    .optional(),
  submit: z.boolean().optional(),
};
const performRules = coreProblems((v) => fundPerformInputProblems(v as FundPerformInput));
export const fundPerformAddBody = z.object(performFields).check(performRules);
export const fundPerformEditBody = z
  .object({
    ...performFields,
    performId: id(),
    version: version(),
  })
  .check(performRules);
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

/** What a plan and an execution sheet both carry: their text, approval, author and version. */
const sheetFields = {
  reason: z.string(),
  remark: z.string(),
  approvalId: z.string().nullable(),
  approvalKind: z.string().nullable(),
  userId: int(),
  createBy: z.string(),
  /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
  createByName: z.string(),
  createTime: timestamp().nullable(),
  approvedTime: timestamp().nullable(),
  version: int(),
};

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
    ...sheetFields,
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
    ...sheetFields,
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
/** A plan line and an execution line as a form sends them. */
export type FundPlanLineBody = z.input<typeof fundPlanLineBody>;
export type FundPerformLineBody = z.input<typeof fundPerformLineBody>;
