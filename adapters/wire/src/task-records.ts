import { z } from 'zod';
import {
  TASK_CONFIRM_STEPS,
  TASK_FILE_KINDS,
  TASK_PAY_KINDS,
  TASK_QUALITY_TYPES,
} from '@dpms/core';
import { okEnvelope, pageEnvelope, timestamp } from './envelope.js';

/*
 * The design task slice's answers: every record a task route answers is built through one of
 * these (RouteBook checks it), and the client parses with the same envelope schemas.
 */

const int = () => z.number().int();
const decimal = () => z.string().meta({ description: '万元，十进制字符串' });
const approvalStatus = z.union([
  z.literal(-1),
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
]);

/** A task sheet: every list row, every write's answer. */
export const taskRecord = z
  .object({
    taskId: int(),
    contractId: int(),
    projectName: z.string(),
    contractName: z.string(),
    taskNo: z.string(),
    taskName: z.string(),
    subItemName: z.string(),
    taskResultName: z.string(),
    designStageId: z.string(),
    designStageName: z.string(),
    qualityType: z.enum(TASK_QUALITY_TYPES),
    qualityTypeName: z.string(),
    designUserId: int(),
    designUserName: z.string(),
    projectManagerId: int(),
    projectManagerName: z.string(),
    planFinishDate: z.string().meta({ format: 'date' }),
    remark: z.string(),
    taskAmount: decimal(),
    confirmFinishAmount: decimal(),
    majorList: z.array(z.object({ majorId: int(), majorName: z.string() })).readonly(),
    /** How many of the three confirmations are done (0 to 3). */
    status: int().min(0).max(3),
    statusName: z.string(),
    /** The step waiting now: designHost, projectManager, department, or null once confirmed. */
    currentStep: z.enum(TASK_CONFIRM_STEPS).nullable(),
    history: z.boolean(),
    finished: z.boolean(),
    /** The sheet's approval (3_x): -1 never sent, 0 in approval, 1 approved, 2 rejected, 3 withdrawn. */
    approvalStatus: approvalStatus,
    approvalStatusName: z.string(),
    approvalId: z.string().nullable(),
    deptId: int().nullable(),
    deptName: z.string(),
    /** Who signs 部门确认: with the step, the web offers only the turn's holder. */
    deptConfirmerId: int().nullable(),
    userId: int(),
    createBy: z.string(),
    /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
    createByName: z.string(),
    version: int(),
    createTime: timestamp(),
    updateTime: timestamp(),
  })
  .meta({ id: 'TaskRecord' });

/** The design team's sign flow of a sheet (设计主持 → 项目经理 → 部门负责人). */
export const taskSignFlowShape = {
  designTaskSignFlowList: z.array(
    z.object({
      flowId: z.string(),
      flowName: z.string(),
      orderNo: int(),
      dealUserId: z.string(),
      dealUserName: z.string(),
      taskId: z.string(),
    }),
  ),
  designTaskSignDetailList: z.array(
    z.object({
      flowId: z.string(),
      dealContent: z.string(),
      createTime: timestamp().nullable(),
      dealUserSignUrl: z.string().nullable(),
    }),
  ),
  currentFlowName: z.string().nullable(),
};

/** A file of a result, delivery or seal: its id, name and download address. */
export const taskFileRecord = z.object({
  fileId: z.string(),
  name: z.string(),
  fileName: z.string(),
  url: z.string(),
});

/** A file linked to a task or a contract (附件, 合同设计文件, 政府批文). */
export const taskFileLinkRecord = taskFileRecord.extend({
  id: int(),
  kind: z.enum(TASK_FILE_KINDS),
  ownerId: int(),
  userId: int(),
  createTime: timestamp(),
});

export const taskResultRecord = z
  .object({
    resultId: int(),
    taskId: int(),
    majorId: int().nullable(),
    majorName: z.string(),
    fileName: z.string(),
    fileProp: z.string(),
    memo: z.string(),
    fileList: z.array(taskFileRecord),
    acceptanceFileList: z.array(taskFileRecord),
    /** The stamped scans of approved seal requests, uploaded back on this result. */
    sealScanList: z.array(taskFileRecord),
    resultConfirmed: z.boolean(),
    acceptanceConfirmed: z.boolean(),
    history: z.boolean(),
    userId: int(),
    /** The uploader's login, and the name the screens show. */
    userName: z.string(),
    nickName: z.string(),
    createTime: timestamp(),
  })
  .meta({ id: 'TaskResultRecord' });

/** A row of the result list: the result and its sheet's number and name. */
export const taskResultRow = taskResultRecord.extend({ taskNo: z.string(), taskName: z.string() });

export const taskSongdaRecord = z.object({
  songdaId: int(),
  taskId: int(),
  resultId: int().nullable(),
  songdaDate: z.string().meta({ format: 'date' }),
  receiveUnit: z.string(),
  receiveUser: z.string(),
  content: z.string(),
  fileList: z.array(taskFileRecord),
  userId: int(),
  createTime: timestamp(),
});

export const taskSealRecord = z
  .object({
    resultSealId: int(),
    taskId: int(),
    taskNo: z.string(),
    taskName: z.string(),
    contractName: z.string(),
    /** The results the request stamps. */
    resultList: z.array(z.object({ resultId: int(), fileName: z.string(), majorName: z.string() })),
    drawContent: z.string(),
    drawNum: int(),
    sealGoalContent: z.string(),
    unGuidangShowImg: z.string(),
    guidangShowImg: z.string(),
    sealCategory: z.string(),
    sealType: z.array(z.string()).readonly(),
    sealTime: z.string().meta({ format: 'date' }).nullable(),
    imgFiles: z.array(taskFileRecord),
    sealImagesList: z.array(taskFileRecord),
    status: approvalStatus,
    statusName: z.string(),
    approvalId: z.string().nullable(),
    userId: int(),
    /** The applicant's login, and the name the screens show. */
    userName: z.string(),
    nickName: z.string(),
    version: int(),
    createTime: timestamp(),
    finishTime: timestamp().nullable(),
  })
  .meta({ id: 'TaskSealRecord' });

export const taskPayRecord = z.object({
  payId: int(),
  taskId: int(),
  payType: z.enum(TASK_PAY_KINDS),
  payTypeName: z.string(),
  payAmount: decimal(),
  payDate: z.string().meta({ format: 'date' }),
  remark: z.string(),
  userName: z.string(),
  createTime: timestamp(),
});

/** A row of 产值确认: the sheet, its deposit and what has been paid. */
export const taskValueRecord = taskRecord
  .extend({
    qualityDeposit: decimal(),
    qualityPaid: decimal(),
    readyPaid: decimal(),
    readyPayLimit: decimal(),
    qualityRemaining: decimal(),
    readyRemaining: decimal(),
  })
  .meta({ id: 'TaskValueRecord' });

export const taskConfirmDetail = taskValueRecord
  .extend({
    payList: z.array(taskPayRecord),
    finishAmountList: z.array(
      z.object({ before: decimal(), after: decimal(), userName: z.string(), time: timestamp() }),
    ),
  })
  .meta({ id: 'TaskConfirmDetail' });

/** detailById / getTaskDetail: the sheet, its sign flow, files, results and terms. */
export const taskDetail = taskRecord
  .extend({
    ...taskSignFlowShape,
    fileList: z.array(taskFileLinkRecord),
    resultList: z.array(taskResultRecord),
    terms: z.array(z.string()).readonly(),
    qualityDeposit: decimal(),
  })
  .meta({ id: 'TaskDetail' });

export const taskAuditDetail = z.object({
  task: taskRecord,
  ...taskSignFlowShape,
  terms: z.array(z.string()).readonly(),
});

export const taskConfirmView = z.object({
  task: taskRecord,
  ...taskSignFlowShape,
  resultList: z.array(taskResultRecord),
});

export const taskMajorResults = z.array(
  z.object({
    majorId: int().nullable(),
    majorName: z.string(),
    resultList: z.array(taskResultRecord),
  }),
);

/** A sheet as an option of the contract documents' stage list. */
export const taskOptionRecord = z.object({
  value: int(),
  text: z.string(),
  taskNo: z.string(),
  taskName: z.string(),
  designStageId: z.string(),
  designStageName: z.string(),
  majorList: z.array(
    z.object({ value: int(), text: z.string(), majorId: int(), majorName: z.string() }),
  ),
});

/** A contract with task sheets, as the contract documents' project list. */
export const taskDesignContract = z.object({
  value: int(),
  text: z.string(),
  projectName: z.string(),
  contractName: z.string(),
  contractNo: z.string(),
  taskList: z.array(taskOptionRecord),
});

export const taskAnswer = okEnvelope(taskRecord);
export const taskPage = pageEnvelope(taskRecord);
export const taskDetailAnswer = okEnvelope(taskDetail);
export const taskAuditDetailAnswer = okEnvelope(taskAuditDetail);
export const taskConfirmViewAnswer = okEnvelope(taskConfirmView);
export const taskFileLinksAnswer = okEnvelope(z.array(taskFileLinkRecord));
export const taskFileUnlinkAnswer = okEnvelope(z.object({ linkId: int() }));
export const taskResultAnswer = okEnvelope(taskResultRecord);
export const taskResultsAnswer = okEnvelope(z.array(taskResultRecord));
export const taskResultPage = pageEnvelope(taskResultRow);
export const taskResultDeleteAnswer = okEnvelope(z.object({ resultId: int() }));
export const taskMajorResultsAnswer = okEnvelope(taskMajorResults);
export const taskSongdasAnswer = okEnvelope(z.array(taskSongdaRecord));
export const taskSealAnswer = okEnvelope(taskSealRecord);
export const taskSealPage = pageEnvelope(taskSealRecord);
export const taskValuePage = pageEnvelope(taskValueRecord);
export const taskConfirmDetailAnswer = okEnvelope(taskConfirmDetail);
export const taskDesignContractsAnswer = okEnvelope(z.array(taskDesignContract));
export const taskOptionsAnswer = okEnvelope(z.array(taskOptionRecord));

export type TaskRecord = z.infer<typeof taskRecord>;
export type TaskDetailRecord = z.infer<typeof taskDetail>;
export type TaskFileRecord = z.infer<typeof taskFileRecord>;
export type TaskFileLinkRecord = z.infer<typeof taskFileLinkRecord>;
export type TaskResultRecord = z.infer<typeof taskResultRecord>;
export type TaskResultRow = z.infer<typeof taskResultRow>;
export type TaskSongdaRecord = z.infer<typeof taskSongdaRecord>;
export type TaskSealRecord = z.infer<typeof taskSealRecord>;
export type TaskPayRecord = z.infer<typeof taskPayRecord>;
export type TaskValueRecord = z.infer<typeof taskValueRecord>;
export type TaskConfirmDetailRecord = z.infer<typeof taskConfirmDetail>;
export type TaskAuditDetailRecord = z.infer<typeof taskAuditDetail>;
export type TaskConfirmViewRecord = z.infer<typeof taskConfirmView>;
export type TaskMajorResultsRecord = z.infer<typeof taskMajorResults>;
export type TaskOptionRecord = z.infer<typeof taskOptionRecord>;
export type TaskDesignContractRecord = z.infer<typeof taskDesignContract>;
