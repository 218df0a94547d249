import { z } from 'zod';
import {
  REQUIRED_SEAL_FIELDS,
  RESULT_SEAL_TYPE_CODES,
  TASK_APPROVAL_TYPE_CODES,
  sealInputProblems,
  TASK_QUALITY_TYPES,
  TASK_SORT_COLUMNS,
  TASK_TEXT_LIMITS,
  taskErrors,
  taskInputProblems,
  type SealFieldsInput,
  type TaskInput,
} from '@dpms/core';
import { coreChecks, isArray, isNumber } from './core-rules.js';
import { blankAsAbsent, nullAsAbsent } from './envelope.js';
import { pagingShape } from './paging.js';
import {
  id,
  numeric,
  optionalEnum,
  PG_INT_MAX,
  optionalId,
  optionalInteger,
  textFilter,
  version,
} from './primitives.js';

/*
 * The design task slice's requests (设计任务, 001 §7): task sheets, their confirmations, results
 * and deliveries, result seals and output value. Built as the contract slice's are
 * (README "How a slice's schemas are built"): the shape with core's limits and messages, the
 * sheet's rules as core's `taskInputProblems` over the whole object, so a form shows every
 * field's problem at once in the words the server refuses with. The answers are in task-records.ts.
 */

const tooLong = (field: string, max: number) => taskErrors.tooLong(field, max).message;

/**
 * Optional text as sent (null is absent). The sheet's own fields are bounded by core's rule, which
 * counts characters as a person does; `max` bounds the rest, with core's message.
 */
const text = (field: string, max = 20_000) =>
  z.preprocess(nullAsAbsent, z.string().max(max, tooLong(field, max)).optional());

/** A yyyy-MM-dd date or blank; a wrong format is refused in core's words. */
const date = (field: string) =>
  z
    .preprocess(
      blankAsAbsent,
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, taskErrors.invalidDate(field).message)
        .optional(),
    )
    .meta({ format: 'date' });

/** An amount in 万元 as a decimal string (DESIGN §3), required: 0 up to six decimals. */
const amount = (field: string) =>
  z
    .string(taskErrors.invalidAmount(field).message)
    .trim()
    .min(1, { error: taskErrors.required(field).message, abort: true })
    .regex(/^\d{1,12}(\.\d{1,6})?$/, taskErrors.invalidAmount(field).message)
    .meta({ description: '万元，十进制字符串（不小于0，最多6位小数）' });

/** File ids the server issued: a list of ids or of `{fileId}` / `{id}` objects (the upload widgets). */
export const taskFileIds = (field = 'fileList') =>
  z.preprocess(
    (v) =>
      Array.isArray(v)
        ? v.map((x: unknown) =>
            typeof x === 'object' && x !== null
              ? ((x as { fileId?: unknown; id?: unknown }).fileId ?? (x as { id?: unknown }).id)
              : x,
          )
        : nullAsAbsent(v),
    z.array(z.string().trim().min(1).max(64)).max(50, tooLong(field, 50)).optional(),
  );

// ---- task sheets -----------------------------------------------------------------------------

/** The fields a task sheet form sends (001 §7 新增任务单). */
export const taskFieldsShape = {
  contractId: optionalId(),
  taskNo: text('taskNo'),
  taskName: text('taskName'),
  subItemName: text('subItemName'),
  taskResultName: text('taskResultName'),
  designStageId: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : nullAsAbsent(v)),
    z.string().max(10, taskErrors.invalidValue('designStageId').message).optional(),
  ),
  qualityType: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : blankAsAbsent(v)),
    z
      .enum(TASK_QUALITY_TYPES, { error: taskErrors.invalidValue('qualityType').message })
      .optional(),
  ),
  designUserId: optionalId(),
  projectManagerId: optionalId(),
  planFinishDate: z.preprocess(blankAsAbsent, z.string().optional()).meta({ format: 'date' }),
  remark: text('remark'),
  taskAmount: z
    .preprocess(nullAsAbsent, z.string(taskErrors.invalidAmount('taskAmount').message).optional())
    .meta({ description: '万元，十进制字符串（不小于0，最多6位小数）' }),
  /** Discipline ids, or the majorList objects the form holds. */
  majorIds: z.array(id()).max(50).optional(),
  majorList: z
    .array(z.object({ majorId: id() }).loose())
    .max(50)
    .optional(),
  deptId: optionalId(),
};

/** What core reads of a parsed-or-refused object: a value of the wrong type is absent. */
function readable(value: Record<string, unknown>): TaskInput {
  const textOf = (k: string) => (typeof value[k] === 'string' ? value[k] : undefined);
  const idOf = (k: string) => (typeof value[k] === 'number' ? value[k] : undefined);
  return {
    contractId: idOf('contractId'),
    taskNo: textOf('taskNo'),
    taskName: textOf('taskName'),
    subItemName: textOf('subItemName'),
    taskResultName: textOf('taskResultName'),
    designStageId: textOf('designStageId'),
    qualityType: textOf('qualityType'),
    designUserId: idOf('designUserId'),
    projectManagerId: idOf('projectManagerId'),
    planFinishDate: textOf('planFinishDate'),
    remark: textOf('remark'),
    taskAmount: textOf('taskAmount'),
  };
}

/**
 * Core's task sheet rules as one check over the whole object: each problem lands on its field
 * unless the shape already refused it, so every field's problem is reported at once.
 */
export const taskRules = () =>
  z.superRefine<Record<string, unknown>>(
    (value, ctx) => {
      for (const p of taskInputProblems(readable(value))) {
        if (ctx.issues.some((i) => i.path?.[0] === p.field)) continue;
        ctx.addIssue({
          code: 'custom',
          path: p.field === undefined ? [] : [p.field],
          message: p.message,
        });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );

/** add and addHistory: a new sheet. */
export const taskSaveBody = z.object(taskFieldsShape).check(taskRules());

/** update: the sheet's id and the version it was read at. */
export const taskUpdateBody = z
  .object({ ...taskFieldsShape, taskId: id(), version: version() })
  .check(taskRules());

export const taskIdQuery = z.object({ taskId: id() });

/** updateToApproval: sends the sheet into approval (3_1 to 3_5; 3_1 when left out). */
export const taskSubmitBody = z.object({
  taskId: id(),
  typeCode: optionalEnum(TASK_APPROVAL_TYPE_CODES),
});

/** The filters of the task sheet list, the output value list and their exports. */
export const taskListQuery = z.object({
  ...pagingShape(TASK_SORT_COLUMNS),
  contractId: optionalId(),
  taskNo: textFilter(64),
  taskName: textFilter(100),
  projectName: textFilter(100),
  designStageId: textFilter(10),
  designUserId: optionalId(),
  projectManagerId: optionalId(),
  deptId: optionalId(),
  status: optionalEnum(['0', '1', '2', '3']),
  finished: optionalEnum(['0', '1']),
  planFinishDateBegin: date('planFinishDate'),
  planFinishDateEnd: date('planFinishDate'),
});

/** confirmDetail/export: one sheet's payments, or those of every sheet the list finds. */
export const taskValueExportQuery = taskListQuery.extend({ taskId: optionalId() });

/** 设计主持确认, 项目经理确认, 部门确认: the sheet and the signer's opinion. */
export const taskConfirmQuery = z.object({
  taskId: id(),
  dealContent: text('dealContent', 1000),
});

// ---- files, results and deliveries -----------------------------------------------------------

export const taskFilesBody = z.object({ taskId: id(), fileList: taskFileIds() });
export const taskFileIdQuery = z.object({ id: id() });
export const contractFilesBody = z.object({ contractId: id(), fileList: taskFileIds() });
export const taskContractIdQuery = z.object({ contractId: id() });

/** uploadResultFileV2 / uploadResultFileHistory: a result, or (fileType=acceptance) its acceptance file. */
export const taskResultBody = z.object({
  taskId: id(),
  resultId: optionalId(),
  /** 'acceptance' attaches the acceptance file of resultId. */
  fileType: optionalEnum(['result', 'acceptance']),
  majorId: optionalId(),
  fileName: text('fileName', 200),
  fileProp: text('fileProp', 50),
  memo: text('memo'),
  fileList: taskFileIds(),
});

export const taskResultIdQuery = z.object({ resultId: id() });
export const taskResultDeleteQuery = z.object({ id: optionalId(), resultId: optionalId() });

export const taskResultListQuery = z.object({
  ...pagingShape(['resultId']),
  taskId: optionalId(),
  taskName: textFilter(100),
  resultConfirmed: optionalEnum(['0', '1']),
});

/** insertTaskResultSongda: a delivery of a task's results. */
export const taskSongdaBody = z.object({
  taskId: id(),
  resultId: optionalId(),
  songdaDate: date('songdaDate'),
  receiveUnit: text('receiveUnit', 1000),
  receiveUser: text('receiveUser', 1000),
  content: text('content'),
  fileList: taskFileIds(),
});

// ---- result seals ----------------------------------------------------------------------------

/** A required id whose blank is refused in core's words ("任务单不能为空"). */
const requiredId = (field: string) =>
  numeric(
    z
      .number(taskErrors.required(field).message)
      .int()
      .positive(taskErrors.invalidValue(field).message)
      .max(PG_INT_MAX, taskErrors.invalidValue(field).message),
  );

/**
 * insertResultSealV2: a new seal request, or with resultSealId an edit of one not in approval.
 * Its rules are core's `sealInputProblems` over the whole object, so a form shows them all.
 */
export const taskSealBody = z
  .object({
    resultSealId: optionalId(),
    taskId: requiredId('taskId'),
    drawContent: text('drawContent', 1000),
    drawNum: optionalInteger(),
    sealGoalContent: text('sealGoalContent', 1000),
    unGuidangShowImg: text('unGuidangShowImg', 10),
    guidangShowImg: text('guidangShowImg', 10),
    sealCategory: text('sealCategory', 10),
    sealType: z.preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter((s) => s !== '') : nullAsAbsent(v)),
      z
        .array(z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(10)))
        .max(20, tooLong('sealType', 20))
        .optional(),
    ),
    sealTime: date('sealTime'),
    imgFiles: taskFileIds('imgFiles'),
    /** The results it stamps (confirmed results of the task); a new request names at least one. */
    resultIds: z.preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .filter((x) => x !== '')
              .map(Number)
          : nullAsAbsent(v),
      z.array(id()).max(50, tooLong('resultIds', 50)).optional(),
    ),
  })
  .check(
    coreChecks((v) => sealInputProblems(v as SealFieldsInput), {
      drawNum: isNumber,
      sealType: isArray,
    }),
  );

/**
 * The results 发起审批's technical seal (25_x) stamps: the seal request's own `resultIds`, at least
 * one (a seal from the centre names what it stamps).
 */
export const taskSealCentreFields = z
  .object({ resultIds: taskSealBody.shape.resultIds })
  .refine((v) => (v.resultIds ?? []).length > 0, {
    path: ['resultIds'],
    message: taskErrors.required('resultIds').message,
  });

/** What a seal request form marks with `*` (core's list). */
export const requiredSealFields: readonly string[] = REQUIRED_SEAL_FIELDS;

export const taskSealIdQuery = z.object({ resultSealId: id() });
/** updateResultSealToApproval: the request, sent as 13_1 (default) or as the technical seal 25_x. */
export const taskSealIdBody = taskSealIdQuery.extend({
  /** 13_1 成果盖章 (default); 25_1, 25_2 技术章. */
  typeCode: optionalEnum(RESULT_SEAL_TYPE_CODES),
});
/** The stamped scans, uploaded back on the result they stamp (one of the request's). */
export const taskSealAttachBody = z.object({
  resultSealId: id(),
  resultId: optionalId(),
  fileList: taskFileIds(),
});

/** The seal list's filters, and its export's (已通过 by default). */
export const taskSealListQuery = z.object({
  ...pagingShape(['resultSealId']),
  taskId: optionalId(),
  taskName: textFilter(100),
  status: optionalEnum(['-1', '0', '1', '2', '3']),
});

// ---- output value ----------------------------------------------------------------------------

/** insertTaskQualityPay / insertTaskReadyPay: a payment of the deposit or of the output value. */
export const taskPayBody = z.object({
  taskId: id(),
  payAmount: amount('payAmount'),
  payDate: date('payDate'),
  remark: text('remark'),
});

/** updateConfirmFinishAmount: the finished output value, at most the task's. */
export const taskFinishAmountQuery = z.object({
  taskId: id(),
  confirmFinishAmount: amount('confirmFinishAmount'),
});

// ---- the contract documents' lists ------------------------------------------------------------

export const taskDesignListQuery = z.object({
  projectName: textFilter(100),
  contractId: optionalId(),
});
export const taskDesignStagesQuery = z.object({ contractId: id() });

/** The sheet's text limits (core's), for the form's counters. */
export { TASK_TEXT_LIMITS };

/** What a task sheet form holds and sends (before the server's parse). */
export type TaskSaveInput = z.input<typeof taskSaveBody>;
export type TaskUpdateInput = z.input<typeof taskUpdateBody>;
export type TaskListQueryInput = z.input<typeof taskListQuery>;
export type TaskSealInput = z.input<typeof taskSealBody>;
export type TaskSealAttachInput = z.input<typeof taskSealAttachBody>;
export type TaskSubmitInput = z.input<typeof taskSubmitBody>;
export type TaskResultInput = z.input<typeof taskResultBody>;
export type TaskPayInput = z.input<typeof taskPayBody>;
