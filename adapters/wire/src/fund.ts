import { z } from 'zod';
import {
  BACK_MONEY_SORT_COLUMNS,
  FUND_MESSAGES as M,
  FUND_MOVEMENT_KINDS,
  FUND_REQUIRED_FIELDS,
  LOAN_SORT_COLUMNS,
  fundMovementProblems,
} from '@dpms/core';
import { coreProblems } from './core-problems.js';
import { wireText } from './wire-text.js';
import { blankAsAbsent, okEnvelope, pageEnvelope, timestamp } from './envelope.js';
import { pagingShape } from './paging.js';
import {
  id,
  numeric,
  optionalEnum,
  optionalId,
  PG_INT_MAX,
  textFilter,
  version,
} from './primitives.js';

/*
 * The 回款/分配 and 借款/还款 slice's wire contract: back money (/project/backMoney/*), loans
 * (/contract/loan/*, the /v4/contract loan calls) and repayments (/contract/repayment/*). Shapes
 * carry core's messages for a value of the wrong type; the rules (amounts as decimal strings above
 * zero, real days, text limits) are core's `fundMovementProblems`, every field's problem at once.
 */

const amount = (field: string) =>
  wireText(M.invalidAmount(field)).meta({ description: '万元，十进制字符串，最多6位小数' });
const day = (field: string) => wireText(M.invalidDate(field)).meta({ format: 'date' });
const text = (field: string) => wireText(M.textTooLong(field, 500));
const dateFilter = (field: string) =>
  z.preprocess(
    blankAsAbsent,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, M.invalidDate(field))
      .optional(),
  );
/** A required id whose absence reads as core's "X不能为空" (the form's picker left empty). */
const requiredId = (field: string) =>
  numeric(
    z
      .number({ error: M.required(field) })
      .int()
      .positive()
      .max(PG_INT_MAX),
  );
const movement = (fields: Parameters<typeof fundMovementProblems>[1]) =>
  coreProblems<Record<string, unknown>>((v) => fundMovementProblems(v, fields));

/** What each fund form marks with `*`: the fields core's rules refuse blank (core's list). */
export const requiredFundFields: {
  readonly [form in keyof typeof FUND_REQUIRED_FIELDS]: readonly string[];
} = FUND_REQUIRED_FIELDS;

/**
 * A text field the body cannot do without, refused blank or left out in core's "X不能为空" (the
 * rest of its rule stays core's). Part of the field's own schema, so a form built from the shape
 * (the generic FormDialog's `schemaRequires`) marks it too.
 */
const filled = <S extends z.ZodType<string | undefined>>(field: string, schema: S) =>
  schema.refine((v) => typeof v === 'string' && v.trim() !== '', { error: M.required(field) });

// ---- back money ------------------------------------------------------------------------------

const backMoneyShape = {
  contractId: requiredId('contractId'),
  backAmount: filled('backAmount', amount('backAmount')),
  backDate: filled('backDate', day('backDate')),
  remark: text('remark'),
};
const BACK = { amount: 'backAmount', date: 'backDate', text: 'remark' } as const;
export const backMoneyBody = z.object(backMoneyShape).check(movement(BACK));
export const backMoneyModifyBody = z
  .object({ ...backMoneyShape, backMoneyId: id(), version: version() })
  .check(movement(BACK));
export const backMoneyIdQuery = z.object({ backMoneyId: id() });

const allotLineShape = {
  deptId: requiredId('deptId'),
  taskId: optionalId(),
  allotAmount: amount('allotAmount'),
  remark: text('remark'),
};
const ALLOT = { amount: 'allotAmount', text: 'remark' } as const;
export const allotLineBody = z.object(allotLineShape).check(movement(ALLOT));
/** allotDesign (V1): one design team (or task) per call. */
export const allotV1Body = z
  .object({ ...allotLineShape, backMoneyId: id() })
  .check(movement(ALLOT));
/** allotDesignV2: several teams or tasks at once; their sum within the unallotted balance. */
export const allotV2Body = z.object({
  backMoneyId: id(),
  list: z.array(allotLineBody).min(1, M.emptyAllotment).max(100),
});
export const backMoneyListQuery = z.object({
  ...pagingShape(BACK_MONEY_SORT_COLUMNS),
  contractId: optionalId(),
  projectName: textFilter(100),
  contractName: textFilter(100),
  backDateBegin: dateFilter('backDate'),
  backDateEnd: dateFilter('backDate'),
  unallotted: optionalEnum(['0', '1']),
});

// ---- loans -----------------------------------------------------------------------------------

const loanShape = {
  loanDeptId: optionalId(),
  contractId: optionalId(),
  taskId: optionalId(),
  loanAmount: amount('loanAmount'),
  refundDate: day('refundDate'),
  reason: text('reason'),
};
const LOAN = { amount: 'loanAmount', date: 'refundDate', text: 'reason' } as const;
/** /contract/loan/add: submit=true sends the loan agreement (10_1) in the same call. */
export const loanBody = z
  .object({ ...loanShape, submit: z.boolean().optional() })
  .check(movement({ ...LOAN, loanTeam: true }));
/**
 * 发起审批's 10_1 (`recordFields`): 申请借款's own fields, the team being the form's picker
 * (`recordId`), so each problem shows under the loan form's field name.
 */
export const loanCentreFields = z
  .object({
    contractId: loanShape.contractId,
    taskId: loanShape.taskId,
    loanAmount: loanShape.loanAmount,
    refundDate: loanShape.refundDate,
    reason: loanShape.reason,
  })
  .check(movement(LOAN));
/** /v4/contract/addTaskLoan: a design task's loan (its department borrows). */
export const taskLoanBody = z
  .object({ ...loanShape, taskId: requiredId('taskId'), submit: z.boolean().optional() })
  .check(movement(LOAN));
/** /contract/loan/edit: what is sent changes; the amount and the day may stay as stored. */
export const loanEditBody = z
  .object({
    loanId: id(),
    loanAmount: amount('loanAmount'),
    refundDate: day('refundDate'),
    reason: text('reason'),
    version: version(),
  })
  .check(movement({ ...LOAN, partial: true }));
/** /v4/contract/modifyReadyMoney (改金额): the amount alone. */
export const readyMoneyBody = z
  .object({ loanId: id(), loanAmount: amount('loanAmount') })
  .check(movement({ amount: 'loanAmount' }));
export const loanIdBody = z.object({ loanId: id() });
export const loanListQuery = z.object({
  ...pagingShape(LOAN_SORT_COLUMNS),
  loanDeptId: optionalId(),
  contractId: optionalId(),
  taskId: optionalId(),
  status: optionalEnum(['0', '1', '2', '3']),
});
export const teamPositionQuery = z.object({ deptId: optionalId(), taskId: optionalId() });

// ---- repayments ------------------------------------------------------------------------------

export const repaymentBody = z
  .object({
    loanId: requiredId('loanId'),
    repaymentAmount: amount('repaymentAmount'),
    repaymentDate: day('repaymentDate'),
    remark: text('remark'),
  })
  .check(movement({ amount: 'repaymentAmount', date: 'repaymentDate', text: 'remark' }));
export const repaymentIdQuery = z.object({ repaymentId: id() });
export const repaymentListQuery = z.object({
  ...pagingShape(['repaymentId'] as const),
  loanId: optionalId(),
  loanDeptId: optionalId(),
});

// ---- answers ---------------------------------------------------------------------------------

const decimal = () => z.string().meta({ description: '万元，十进制字符串' });
const int = () => z.number().int();

export const backMoneyRecord = z
  .object({
    backMoneyId: int(),
    contractId: int(),
    contractName: z.string(),
    projectName: z.string(),
    contractNo: z.string(),
    deptId: int().nullable(),
    userId: int(),
    backAmount: decimal(),
    allottedAmount: decimal(),
    /** 实付金额: the net pay paid fund payments drew from the record. */
    realPaidAmount: decimal(),
    /** 未分配: backAmount − allottedAmount − realPaidAmount. */
    unallottedAmount: decimal(),
    backDate: z.string(),
    remark: z.string(),
    createBy: z.string(),
    /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
    createByName: z.string(),
    createTime: timestamp().nullable(),
    version: int(),
  })
  .meta({ id: 'BackMoneyRecord' });

export const allotmentRecord = z
  .object({
    allotId: int(),
    backMoneyId: int(),
    contractId: int(),
    deptId: int(),
    deptName: z.string(),
    taskId: int().nullable(),
    taskNo: z.string(),
    taskName: z.string(),
    allotAmount: decimal(),
    remark: z.string(),
    allotVersion: z.union([z.literal(1), z.literal(2)]),
    createBy: z.string(),
    /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
    createByName: z.string(),
    createTime: timestamp().nullable(),
  })
  .meta({ id: 'AllotmentRecord' });

export const backMoneyDesignDetail = z.object({
  backMoney: backMoneyRecord,
  teams: z.array(
    z.object({
      deptId: int(),
      deptName: z.string(),
      allotAmount: decimal(),
      list: z.array(allotmentRecord),
    }),
  ),
});

export const backMoneyTaskRecord = z.object({
  taskId: int(),
  contractId: int(),
  deptId: int().nullable(),
  deptName: z.string(),
  taskNo: z.string(),
  taskName: z.string(),
  taskAmount: decimal(),
  confirmFinishAmount: decimal(),
  allottedAmount: decimal(),
});

export const ledgerRecord = z
  .object({
    entryId: int(),
    movementId: z.string(),
    movement: z.enum(FUND_MOVEMENT_KINDS),
    movementName: z.string(),
    accountKind: z.string(),
    accountId: int(),
    amount: z.string(),
    backMoneyId: int().nullable(),
    allotId: int().nullable(),
    loanId: int().nullable(),
    repaymentId: int().nullable(),
    deptId: int().nullable(),
    contractId: int().nullable(),
    taskId: int().nullable(),
    createBy: z.string(),
    /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
    createByName: z.string(),
    createTime: timestamp().nullable(),
  })
  .meta({ id: 'LedgerRecord' });

export const ledgerMismatchRecord = z.object({
  accountKind: z.string(),
  accountId: int(),
  balance: z.string(),
  ledgerSum: z.string(),
});

export const loanRecord = z
  .object({
    loanId: int(),
    loanDeptId: int(),
    loanDeptName: z.string(),
    contractId: int().nullable(),
    taskId: int().nullable(),
    loanAmount: decimal(),
    repaidAmount: decimal(),
    outstandingAmount: decimal(),
    refundDate: z.string(),
    reason: z.string(),
    totalShouldReceAmt: decimal(),
    totalReceiveAmt: decimal(),
    totalAllotConfirmAmt: decimal(),
    status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    statusName: z.string(),
    approvalId: z.string().nullable(),
    userId: int(),
    createBy: z.string(),
    /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
    createByName: z.string(),
    createTime: timestamp().nullable(),
    approvedTime: timestamp().nullable(),
    version: int(),
  })
  .meta({ id: 'LoanRecord' });

export const repaymentRecord = z
  .object({
    repaymentId: int(),
    loanId: int(),
    loanDeptId: int(),
    loanDeptName: z.string(),
    repaymentAmount: decimal(),
    repaymentDate: z.string(),
    remark: z.string(),
    userId: int(),
    createBy: z.string(),
    /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
    createByName: z.string(),
    createTime: timestamp().nullable(),
  })
  .meta({ id: 'RepaymentRecord' });

/** What a team is owed, has had, owes, has asked for and may still borrow. */
export const teamPositionRecord = z.object({
  deptId: int(),
  totalShouldReceAmt: decimal(),
  totalReceiveAmt: decimal(),
  totalAllotConfirmAmt: decimal(),
  outstandingLoanAmt: decimal(),
  pendingLoanAmt: decimal(),
  borrowableAmt: decimal(),
});

export const backMoneyAnswer = okEnvelope(backMoneyRecord);
export const backMoneyPage = pageEnvelope(backMoneyRecord);
export const allotmentsAnswer = okEnvelope(z.array(allotmentRecord));
export const backMoneyDesignDetailAnswer = okEnvelope(backMoneyDesignDetail);
export const backMoneyTasksAnswer = okEnvelope(z.array(backMoneyTaskRecord));
export const ledgerAnswer = okEnvelope(z.array(ledgerRecord));
export const ledgerMismatchAnswer = okEnvelope(z.array(ledgerMismatchRecord));
export const loanAnswer = okEnvelope(loanRecord);
export const loanPage = pageEnvelope(loanRecord);
export const repaymentAnswer = okEnvelope(repaymentRecord);
export const repaymentPage = pageEnvelope(repaymentRecord);
export const teamPositionAnswer = okEnvelope(teamPositionRecord);

export type BackMoneyRecord = z.infer<typeof backMoneyRecord>;
export type AllotmentRecord = z.infer<typeof allotmentRecord>;
export type BackMoneyDesignDetail = z.infer<typeof backMoneyDesignDetail>;
export type BackMoneyTask = z.infer<typeof backMoneyTaskRecord>;
export type LedgerRecord = z.infer<typeof ledgerRecord>;
export type LedgerMismatchRecord = z.infer<typeof ledgerMismatchRecord>;
export type LoanRecord = z.infer<typeof loanRecord>;
export type LoanStatusCode = LoanRecord['status'];
export type RepaymentRecord = z.infer<typeof repaymentRecord>;
export type TeamPositionRecord = z.infer<typeof teamPositionRecord>;
/** What each fund form sends (before the server's parse). */
export type BackMoneyBody = z.input<typeof backMoneyBody>;
export type BackMoneyModifyBody = z.input<typeof backMoneyModifyBody>;
export type AllotLineBody = z.input<typeof allotLineBody>;
export type LoanBody = z.input<typeof loanBody>;
export type TaskLoanBody = z.input<typeof taskLoanBody>;
export type LoanEditBody = z.input<typeof loanEditBody>;
export type RepaymentBody = z.input<typeof repaymentBody>;
