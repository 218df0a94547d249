import { z } from 'zod';
import {
  FUND_PAY_MESSAGES as M,
  FUND_PAY_SORT_COLUMNS,
  FUND_PAY_TYPE_CODES,
  PAYMENT_PLAN_SORT_COLUMNS,
  fundPayInputProblems,
  paymentPlanInputProblems,
  type FundPayInput,
  type PaymentPlanInput,
} from '@dpms/core';
import { coreProblems } from './core-problems.js';
import { wireText } from './wire-text.js';
import { blankAsAbsent, okEnvelope, pageEnvelope, timestamp } from './envelope.js';
import { pagingShape } from './paging.js';
import { id, optionalEnum, optionalId, textFilter, version } from './primitives.js';

/*
 * The 资金支付 slice's wire contract: payment plan lines (/contract/paymentPlan/*) and fund
 * payments (/v4/fundPay/*). Shapes carry core's messages for a value of the wrong type; the rules
 * (required fields, amounts, months, dates, text limits, one source, approval type) are core's
 * `paymentPlanInputProblems` / `fundPayInputProblems`, every field's problem at once.
 */

/** An amount in 万元 as a decimal string (DESIGN §3); a number is refused in core's words. */
const amount = (field: string) =>
  wireText(M.invalidAmount(field)).meta({ description: '万元，十进制字符串，最多6位小数' });
const text = (field: string) => wireText(M.notText(field));
const month = (field: string) => wireText(M.month(field)).meta({ description: 'yyyy-MM' });
/** A blank sub-contract is none (null): "no sub-contract" is a value an edit may set. */
const nullableId = () => z.preprocess((v) => (v === '' ? null : v), id().nullable().optional());
const monthFilter = () =>
  z.preprocess(
    blankAsAbsent,
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, M.month('planMonth'))
      .optional(),
  );

// ---- payment plans -----------------------------------------------------------------------------

const planShape = {
  contractId: optionalId(),
  contractChildId: nullableId(),
  planMonth: month('planMonth'),
  subjectName: text('subjectName'),
  receiveCompanyName: text('receiveCompanyName').describe('收款单位（分包合同的收款单位为默认）'),
  planPayAmount: amount('planPayAmount'),
  remark: text('remark'),
};

/** /contract/paymentPlan/add. */
export const paymentPlanBody = z
  .object(planShape)
  .check(coreProblems((v) => paymentPlanInputProblems(v as PaymentPlanInput)));
/** /contract/paymentPlan/edit: the line and the version it was read at. */
export const paymentPlanEditBody = z
  .object({ ...planShape, paymentPlanId: id(), version: version() })
  .check(coreProblems((v) => paymentPlanInputProblems(v as PaymentPlanInput, { edit: true })));
export const paymentPlanIdBody = z.object({ paymentPlanId: id() });
export const paymentPlanListQuery = z.object({
  ...pagingShape(PAYMENT_PLAN_SORT_COLUMNS),
  contractId: optionalId(),
  contractChildId: optionalId(),
  planMonth: monthFilter(),
  contractName: textFilter(100),
  receiveCompanyName: textFilter(100),
  canPay: optionalEnum(['0', '1']),
});

// ---- fund payments -----------------------------------------------------------------------------

const payShape = {
  paymentPlanId: optionalId(),
  childPayId: optionalId(),
  planMonth: month('planMonth').describe('计划月份 yyyy-MM（付款计划的月份为默认）'),
  subjectName: text('subjectName'),
  reason: text('reason'),
  payTime: wireText(M.date('payTime')).meta({ format: 'date' }),
  payCompanyName: text('payCompanyName'),
  payAmount: amount('payAmount'),
  taxRate: wireText(M.taxRate).describe('税率，0到0.06的小数字符串，如 "0.03"；空为0.06'),
  remark: text('remark'),
  typeCode: z.enum(FUND_PAY_TYPE_CODES, { error: M.typeCode }).optional(),
};

/** /v4/fundPay/add: submit=true sends it for approval in the same call. */
export const fundPayBody = z
  .object({ ...payShape, submit: z.boolean().optional() })
  .check(coreProblems((v) => fundPayInputProblems(v as FundPayInput)));
/**
 * 发起审批's 16_x/20_1 (`recordFields`): 新增付款's own fields, the pay item or plan line being
 * the form's picker (`recordId`) and the code the form's; the source and code are checked by the
 * use case, the rest here with core's rules as on the screen.
 */
export const fundPayCentreFields = z
  .object({
    planMonth: payShape.planMonth,
    subjectName: payShape.subjectName,
    reason: payShape.reason,
    payTime: payShape.payTime,
    payCompanyName: payShape.payCompanyName,
    payAmount: payShape.payAmount,
    taxRate: payShape.taxRate,
    remark: payShape.remark,
  })
  .check(coreProblems((v) => fundPayInputProblems(v as FundPayInput, { edit: true })));
/** /v4/fundPay/edit: a draft or turned-down payment and the version it was read at. */
export const fundPayEditBody = z
  .object({ ...payShape, payId: id(), version: version() })
  .check(coreProblems((v) => fundPayInputProblems(v as FundPayInput, { edit: true })));
export const fundPayIdBody = z.object({ payId: id() });
export const fundPaySubmitBody = z.object({
  payId: id(),
  typeCode: z.enum(FUND_PAY_TYPE_CODES, { error: M.typeCode }).optional(),
});
export const fundPayListQuery = z.object({
  ...pagingShape(FUND_PAY_SORT_COLUMNS),
  contractId: optionalId(),
  paymentPlanId: optionalId(),
  deptId: optionalId(),
  planMonth: monthFilter(),
  status: optionalEnum(['0', '1', '2', '3']),
  contractName: textFilter(100),
  receiveCompanyName: textFilter(100),
});
/** /v4/fundPay/payItems: the 新增付款 form's pay-item picker, narrowed by sub-contract or contract. */
export const payItemQuery = z.object({
  contractChildId: optionalId(),
  contractId: optionalId(),
});

// ---- answers -----------------------------------------------------------------------------------

const decimal = () => z.string().meta({ description: '万元，十进制字符串' });

/** A payment plan line as the API answers it: its amounts and what its payments took. */
export const paymentPlanRecord = z
  .object({
    paymentPlanId: z.number().int(),
    contractId: z.number().int(),
    contractName: z.string(),
    contractNo: z.string(),
    contractChildId: z.number().int().nullable(),
    contractChildNo: z.string(),
    deptId: z.number().int().nullable(),
    deptName: z.string(),
    planMonth: z.string(),
    subjectName: z.string(),
    receiveCompanyName: z.string(),
    planPayAmount: decimal(),
    paidAmount: decimal(),
    pendingAmount: decimal(),
    canPayAmount: decimal(),
    /** Payments made against it (any status): a plan with one is kept (删除 is not offered). */
    paymentCount: z.number().int().min(0),
    remark: z.string(),
    userId: z.number().int(),
    createBy: z.string(),
    /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
    createByName: z.string(),
    createTime: timestamp().nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'PaymentPlanRecord' });

export const fundPayRecord = z
  .object({
    payId: z.number().int(),
    paymentPlanId: z.number().int().nullable(),
    childPayId: z.number().int().nullable(),
    contractId: z.number().int(),
    contractName: z.string(),
    contractNo: z.string(),
    contractChildId: z.number().int().nullable(),
    deptId: z.number().int().nullable(),
    deptName: z.string(),
    planMonth: z.string(),
    subjectName: z.string(),
    reason: z.string(),
    payTime: z.string(),
    payCompanyName: z.string(),
    receiveCompanyName: z.string(),
    payAmount: decimal(),
    taxRate: z.string(),
    realPayAmount: decimal(),
    typeCode: z.enum(FUND_PAY_TYPE_CODES),
    typeName: z.string(),
    status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    statusName: z.string(),
    approvalId: z.string().nullable(),
    paidTime: timestamp().nullable(),
    remark: z.string(),
    userId: z.number().int(),
    createBy: z.string(),
    /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
    createByName: z.string(),
    createTime: timestamp().nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'FundPayRecord' });

export const fundPayMonthRecord = z.object({
  month: z.string(),
  planPayAmount: decimal(),
  payAmount: decimal(),
  realPayAmount: decimal(),
  count: z.number().int(),
});

/** A pay item a payment contract may name: its sub-contract, amount, what is held and left. */
export const payItemRecord = z
  .object({
    childPayId: z.number().int(),
    contractChildId: z.number().int(),
    contractChildNo: z.string(),
    contractId: z.number().int(),
    contractName: z.string(),
    receiveCompanyName: z.string(),
    payAmount: decimal(),
    payDate: z.string().meta({ format: 'date' }).nullable(),
    remark: z.string(),
    /** What live payments (in approval or paid) hold of it. */
    committedAmount: decimal(),
    canPayAmount: decimal(),
  })
  .meta({ id: 'PayItemRecord' });
export const payItemsAnswer = okEnvelope(z.array(payItemRecord));
export type PayItemRecord = z.infer<typeof payItemRecord>;
export type PayItemQuery = z.input<typeof payItemQuery>;

export const paymentPlanAnswer = okEnvelope(paymentPlanRecord);
export const paymentPlanPage = pageEnvelope(paymentPlanRecord);
export const fundPayAnswer = okEnvelope(fundPayRecord);
export const fundPayPage = pageEnvelope(fundPayRecord);
export const fundPayMonthsAnswer = okEnvelope(z.array(fundPayMonthRecord));

export type PaymentPlanRecord = z.infer<typeof paymentPlanRecord>;
export type FundPayRecord = z.infer<typeof fundPayRecord>;
export type FundPayMonthRecord = z.infer<typeof fundPayMonthRecord>;
export type FundPayStatusCode = FundPayRecord['status'];
export type FundPayTypeCodeValue = FundPayRecord['typeCode'];
/** What a 付款计划 form sends (before the server's parse). */
export type PaymentPlanBody = z.input<typeof paymentPlanBody>;
export type PaymentPlanEditBody = z.input<typeof paymentPlanEditBody>;
/** What a 资金支付 form sends. */
export type FundPayBody = z.input<typeof fundPayBody>;
export type FundPayEditBody = z.input<typeof fundPayEditBody>;
