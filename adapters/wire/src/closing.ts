import { z } from 'zod';
import {
  CLOSING_FEE_KEYS,
  closingErrors,
  closingInputProblems,
  finishConfirmProblems,
  finishErrors,
  type ClosingFeeKey,
} from '@dpms/core';
import { coreProblems } from './core-problems.js';
import { nullAsAbsent, okEnvelope, pageEnvelope, timestamp } from './envelope.js';
import { pagingShape } from './paging.js';
import { id, numeric, optionalEnum, optionalId, PG_INT_MAX, textFilter } from './primitives.js';

/*
 * The closing slice's wire contract: settlements (/contract/settle, 11_1) and closed cases
 * (/v4/contract/closedCase, 11_2), and a contract's finish confirmation (完工). Shapes here, rules
 * from core (`closingInputProblems`, `finishConfirmProblems`) as one check over the whole object,
 * so a form shows every field's problem at once in core's words; the server checks again in the
 * use case, with what only it knows (what came back, the rule's fees, the task's amount).
 */

/** A required id whose absence reads as core's "X不能为空". */
const requiredId = (message: string) =>
  numeric(z.number({ error: message }).int().positive().max(PG_INT_MAX));

/** An amount in 万元 as a decimal string; core checks its format. */
const amount = (field: string) =>
  z
    .preprocess(
      nullAsAbsent,
      z.string({ error: closingErrors.invalidAmount(field).message }).optional(),
    )
    .meta({ description: '万元，十进制字符串（不小于0，最多6位小数）' });

const remark = () => z.preprocess(nullAsAbsent, z.string().optional());

/** 新增或修改结案/结算 (closedCase/add, settle/insertContractSettle); submit=true also sends it. */
export const closingSaveBody = z
  .object({
    contractId: requiredId(closingErrors.required('contractId').message),
    closedCaseAmount: amount('closedCaseAmount'),
    backAmount: amount('backAmount'),
    settleAmount: amount('settleAmount'),
    directFee: amount('directFee'),
    technicalFee: amount('technicalFee'),
    expertFee: amount('expertFee'),
    operateFee: amount('operateFee'),
    designFee: amount('designFee'),
    remark: remark(),
    submit: z.boolean().optional(),
  })
  .check(coreProblems(closingInputProblems));

/**
 * 发起审批's 11_1/11_2 (`recordFields`): 结算结案's own fields, the contract being the form's
 * picker (`recordId`), checked with core's rules as the screen's body is.
 */
export const closingCentreFields = z
  .object({
    closedCaseAmount: amount('closedCaseAmount'),
    backAmount: amount('backAmount'),
    settleAmount: amount('settleAmount'),
    directFee: amount('directFee'),
    technicalFee: amount('technicalFee'),
    expertFee: amount('expertFee'),
    operateFee: amount('operateFee'),
    designFee: amount('designFee'),
    remark: remark(),
  })
  .check(coreProblems(closingInputProblems));

/** A closing record by its id, under the id's wire name of each kind. */
export const CLOSING_ID_QUERIES = {
  closed: z.object({ closedId: id() }),
  settle: z.object({ settleId: id() }),
} as const;

export const closingContractQuery = z.object({ contractId: id() });

export const CLOSING_STATUSES = ['0', '1', '2', '3'] as const;

export const closingListQuery = z.object({
  ...pagingShape(['closedId'] as const),
  contractId: optionalId(),
  contractName: textFilter(100),
  status: optionalEnum(CLOSING_STATUSES),
});

export const closingExportQuery = z.object({
  contractId: optionalId(),
  contractName: textFilter(100),
  status: optionalEnum(CLOSING_STATUSES),
});

// ---- closing answers -----------------------------------------------------------------------------

const decimal = () => z.string().meta({ description: '万元，十进制字符串' });
const fees = () =>
  z.object(
    Object.fromEntries(CLOSING_FEE_KEYS.map((k) => [k, decimal()])) as Record<
      ClosingFeeKey,
      ReturnType<typeof decimal>
    >,
  );
const status4 = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

export const closingRecord = z
  .object({
    closedId: z.number().int(),
    /** The same id under the settlement's wire name. */
    settleId: z.number().int(),
    kind: z.enum(['closed', 'settle']),
    kindName: z.string(),
    contractId: z.number().int(),
    contractNo: z.string(),
    contractName: z.string(),
    projectName: z.string(),
    closedCaseAmount: decimal(),
    backAmount: decimal(),
    settleAmount: decimal(),
    originalFees: fees(),
    fees: fees(),
    remark: z.string(),
    status: status4,
    statusName: z.string(),
    approvalId: z.string().nullable(),
    deptId: z.number().int().nullable(),
    userId: z.number().int(),
    createBy: z.string(),
    /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
    createByName: z.string(),
    version: z.number().int(),
    createTime: timestamp().nullable(),
    approvedTime: timestamp().nullable(),
  })
  .meta({ id: 'ClosingRecord' });

/** The closing form's contract: its original fees and what came back, with the current record. */
export const closingContractInfo = z.object({
  contract: z.object({
    contractId: z.number().int(),
    stage: z.string(),
    contractNo: z.string(),
    contractName: z.string(),
    projectName: z.string(),
    fees: fees(),
    backAmount: decimal(),
  }),
  record: closingRecord.nullable(),
});

export const closingAnswer = okEnvelope(closingRecord);
export const closingPage = pageEnvelope(closingRecord);
export const closingInfoAnswer = okEnvelope(closingContractInfo);

// ---- finish confirmation -------------------------------------------------------------------------

export const finishContractQuery = z.object({ contractId: id() });
export const finishConfirmationIdQuery = z.object({ id: id() });

/** 确认任务单完成产值: the task, the amount (> 0) and a remark. */
export const finishConfirmBody = z
  .object({
    contractId: requiredId(finishErrors.required('contractId').message),
    taskId: requiredId(finishErrors.required('taskId').message),
    confirmFinishAmount: z
      .preprocess(
        nullAsAbsent,
        z.string({ error: finishErrors.invalidAmount().message }).optional(),
      )
      .meta({ description: '确认完成产值（万元），十进制字符串，最多6位小数，大于0' }),
    remark: remark(),
  })
  .check(coreProblems(finishConfirmProblems));

export const finishUploadBody = z.object({
  contractId: id(),
  fileIds: z.array(z.string().trim().min(1).max(64)).min(1, finishErrors.noFiles().message).max(50),
});

export const finishManageQuery = z.object({
  ...pagingShape(['contractId'] as const),
  contractName: textFilter(100),
  projectName: textFilter(100),
  finishStatus: optionalEnum(['0', '1']),
});

const finishContractShape = {
  contractId: z.number().int(),
  stage: z.string(),
  contractNo: z.string(),
  contractName: z.string(),
  projectName: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string(),
  userId: z.number().int(),
  totalAmount: decimal(),
  backAmount: decimal(),
  finished: z.boolean(),
  finishTime: timestamp().nullable(),
  finishBy: z.string(),
  finishStatus: z.enum(['0', '1']),
  finishStatusName: z.string(),
};
export const finishContract = z.object(finishContractShape);
/** A row of 合同完工管理 (serviceManagelist). */
export const finishContractRow = z.object({
  ...finishContractShape,
  taskAmount: decimal(),
  confirmFinishAmount: decimal(),
  fileCount: z.number().int(),
});

export const finishTask = z.object({
  taskId: z.number().int(),
  contractId: z.number().int(),
  taskNo: z.string(),
  taskName: z.string(),
  designStageName: z.string(),
  deptId: z.number().int().nullable(),
  deptName: z.string(),
  qualityType: z.enum(['0', '1']),
  confirmed: z.number().int(),
  taskAmount: decimal(),
  confirmFinishAmount: decimal(),
  readyPaid: decimal(),
  backAllotted: decimal(),
  version: z.number().int(),
  value: z.string(),
  text: z.string(),
  confirmableAmount: decimal(),
});

export const finishFile = z.object({
  finishFileId: z.number().int(),
  contractId: z.number().int(),
  fileId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  createBy: z.string(),
  /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
  createByName: z.string(),
  createTime: timestamp().nullable(),
  name: z.string(),
  url: z.string(),
});

export const finishConfirmation = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  taskId: z.number().int(),
  taskNo: z.string(),
  taskName: z.string(),
  confirmFinishAmount: decimal(),
  beforeAmount: decimal(),
  afterAmount: decimal(),
  remark: z.string(),
  userId: z.number().int(),
  /** Who confirmed: the login, and the name the screens show. */
  userName: z.string(),
  nickName: z.string(),
  createTime: timestamp().nullable(),
});

export const finishOverview = z.object({
  contract: finishContract,
  tasks: z.array(finishTask),
  files: z.array(finishFile),
  blockers: z.array(z.string()),
  canFinish: z.boolean(),
});

export const uncollectedSummary = z.object({
  rows: z.array(
    z.object({
      taskId: z.number().int(),
      taskNo: z.string(),
      taskName: z.string(),
      taskAmount: decimal(),
      performedAmount: decimal(),
      collectedAmount: decimal(),
      uncollectedAmount: decimal(),
    }),
  ),
  performedAmount: decimal(),
  backAmount: decimal(),
  uncollectedAmount: decimal(),
});

export const finishOverviewAnswer = okEnvelope(finishOverview);
export const uncollectedAnswer = okEnvelope(uncollectedSummary);
export const finishConfirmationsAnswer = okEnvelope(z.array(finishConfirmation));
export const finishConfirmationAnswer = okEnvelope(finishConfirmation);
export const finishFilesAnswer = okEnvelope(z.array(finishFile));
export const finishContractAnswer = okEnvelope(finishContract);
export const finishContractPage = pageEnvelope(finishContractRow);
export const finishTasksAnswer = okEnvelope(z.array(finishTask));
/** An answer with nothing in it (a delete). */
export const closingDoneAnswer = z.object({ code: z.literal(200), msg: z.string() });

export type ClosingRecord = z.infer<typeof closingRecord>;
export type ClosingContractInfo = z.infer<typeof closingContractInfo>;
export type ClosingSaveInput = z.input<typeof closingSaveBody>;
export type FinishOverview = z.infer<typeof finishOverview>;
export type FinishContractRow = z.infer<typeof finishContractRow>;
export type FinishTaskRecord = z.infer<typeof finishTask>;
export type FinishFileRecord = z.infer<typeof finishFile>;
export type FinishConfirmationRecord = z.infer<typeof finishConfirmation>;
export type UncollectedSummaryRecord = z.infer<typeof uncollectedSummary>;
export type FinishConfirmInput = z.input<typeof finishConfirmBody>;
