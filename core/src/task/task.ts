import type { ApprovalStatus } from '../approval/approval-status.js';

/**
 * A design task sheet (任务单, 001 §3): who designs which stage and disciplines of which contract,
 * by when, confirmed by the design host, the project manager and the department in that order.
 */

/** The task sheet terms printed on every sheet (001 §9 "Task sheet terms"). */
export const TASK_QUALITY_DEPOSIT_RATE = '0.15';
export const TASK_REVISION_LIMIT_RATE = '0.2';
export const TASK_SHEET_TERMS: readonly string[] = [
  '质量保证金为任务产值的15%，成果质量确认后发放。',
  '设计修改量不超过图纸量的20%，超出部分另行约定。',
];

/** Task sheet remark: at most 5200 characters (001 §5, 000 §5). */
export const TASK_REMARK_MAX_LENGTH = 5200;

/** qualityType: 0 none, 1 has (001 §3). With 1 the quality deposit is withheld. */
export const TASK_QUALITY_TYPES = ['0', '1'] as const;
export type TaskQualityType = (typeof TASK_QUALITY_TYPES)[number];
export const TASK_QUALITY_TYPE_LABELS: Readonly<Record<TaskQualityType, string>> = {
  '0': '无质量要求',
  '1': '有质量要求',
};

/** The confirmation steps, in the only order they may happen (001 §4, §6). */
export const TASK_CONFIRM_STEPS = ['designHost', 'projectManager', 'department'] as const;
export type TaskConfirmStep = (typeof TASK_CONFIRM_STEPS)[number];
/** The step names, used as the sign flow's flowName. */
export const TASK_CONFIRM_STEP_NAMES: Readonly<Record<TaskConfirmStep, string>> = {
  designHost: '设计主持',
  projectManager: '项目经理',
  department: '部门负责人',
};

/**
 * A task's status follows from how many steps are confirmed: 0 waits for the design host, 1 for
 * the project manager, 2 for the department, 3 is confirmed.
 */
export const TASK_STATUS_LABELS: readonly string[] = [
  '待设计主持确认',
  '待项目经理确认',
  '待部门确认',
  '已确认',
];

/** One discipline of a task (majorList). */
export interface TaskMajor {
  readonly majorId: number;
  readonly majorName: string;
}

/** A file the server issued, with its original name. */
export interface TaskFileRef {
  readonly fileId: string;
  readonly name: string;
}

/** What a person enters for a task sheet (checked by `validateTaskInput`). */
export interface TaskFields {
  readonly contractId: number;
  /** Empty: the server numbers the task. */
  readonly taskNo: string;
  readonly taskName: string;
  readonly subItemName: string;
  readonly taskResultName: string;
  readonly designStageId: string;
  readonly qualityType: TaskQualityType;
  readonly designUserId: number;
  readonly projectManagerId: number;
  readonly planFinishDate: string;
  readonly remark: string;
  /** The task's output value in 万元 (decimal string). */
  readonly taskAmount: string;
  readonly majorIds: readonly number[];
  /** The design department; the creator's when absent. */
  readonly deptId: number | null;
}

export interface DesignTask {
  readonly taskId: number;
  readonly contractId: number;
  readonly projectName: string;
  readonly contractName: string;
  readonly taskNo: string;
  readonly taskName: string;
  readonly subItemName: string;
  readonly taskResultName: string;
  readonly designStageId: string;
  readonly designStageName: string;
  readonly qualityType: TaskQualityType;
  readonly designUserId: number;
  readonly designUserName: string;
  readonly projectManagerId: number;
  readonly projectManagerName: string;
  readonly planFinishDate: string;
  readonly remark: string;
  readonly taskAmount: string;
  readonly confirmFinishAmount: string;
  readonly majorList: readonly TaskMajor[];
  /** 0..3 confirmed steps. */
  readonly confirmed: number;
  /**
   * The sheet's approval (3_x): -1 never sent, 0 in approval (locked), 1 approved, 2 rejected,
   * 3 withdrawn (both open again).
   */
  readonly approvalStatus: ApprovalStatus;
  readonly approvalId: string | null;
  /** Recorded after the fact (addHistory): the design host's step is done by the record. */
  readonly history: boolean;
  /** Set when the project manager confirmed a result of the task. */
  readonly finished: boolean;
  readonly deptId: number | null;
  readonly deptName: string;
  /** Who signs 部门确认 (the sign flow's department step); null before the flow is written. */
  readonly deptConfirmerId: number | null;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly version: number;
  readonly createTime: Date;
  readonly updateTime: Date;
}

/** One step of the design-team sign flow (designTaskSignFlowList + its signature). */
export interface TaskSignStep {
  readonly flowId: number;
  readonly taskId: number;
  readonly flowName: string;
  readonly orderNo: number;
  readonly dealUserId: number;
  readonly dealUserName: string;
  readonly dealContent: string | null;
  readonly dealTime: Date | null;
  readonly dealUserSignUrl: string | null;
}

/** A result file of a task and its acceptance file (task results, 001 §3-§4). */
export interface TaskResult {
  readonly resultId: number;
  readonly taskId: number;
  readonly majorId: number | null;
  readonly majorName: string;
  readonly fileName: string;
  readonly fileProp: string;
  readonly memo: string;
  readonly files: readonly TaskFileRef[];
  readonly acceptanceFiles: readonly TaskFileRef[];
  readonly resultConfirmed: boolean;
  readonly acceptanceConfirmed: boolean;
  /** The stamped scans of approved seal requests, uploaded back on this result. */
  readonly sealScans: readonly TaskFileRef[];
  readonly history: boolean;
  readonly userId: number;
  /** Who uploaded: the login, and the name the screens show (see personNameOf). */
  readonly userName: string;
  readonly nickName: string;
  readonly createTime: Date;
}

/** A delivery of results to the client (送达, songda). */
export interface TaskSongda {
  readonly songdaId: number;
  readonly taskId: number;
  readonly resultId: number | null;
  readonly songdaDate: string;
  readonly receiveUnit: string;
  readonly receiveUser: string;
  readonly content: string;
  readonly files: readonly TaskFileRef[];
  readonly userId: number;
  readonly createTime: Date;
}

/** A result a seal request stamps: the result and what identifies it on the sheet. */
export interface ResultSealTarget {
  readonly resultId: number;
  readonly fileName: string;
  readonly majorName: string;
}

/** A request to stamp a task's drawings (result seal, approval 13_1). */
export interface ResultSeal {
  readonly resultSealId: number;
  readonly taskId: number;
  /** The results it stamps (empty on requests from before results were named). */
  readonly results: readonly ResultSealTarget[];
  readonly taskNo: string;
  readonly taskName: string;
  readonly contractName: string;
  readonly drawContent: string;
  readonly drawNum: number;
  readonly sealGoalContent: string;
  readonly unGuidangShowImg: string;
  readonly guidangShowImg: string;
  readonly sealCategory: string;
  readonly sealType: readonly string[];
  readonly sealTime: string | null;
  readonly imgFiles: readonly TaskFileRef[];
  /** The stamped scans uploaded after approval (uploadDesignResultSealAttach). */
  readonly sealImages: readonly TaskFileRef[];
  readonly status: ApprovalStatus;
  readonly approvalId: string | null;
  readonly userId: number;
  /** Who asked for the seal: the login, and the name the screens and the sheet show. */
  readonly userName: string;
  readonly nickName: string;
  readonly version: number;
  readonly createTime: Date;
  readonly finishTime: Date | null;
}

export const TASK_PAY_KINDS = ['quality', 'ready'] as const;
export type TaskPayKind = (typeof TASK_PAY_KINDS)[number];
export const TASK_PAY_KIND_LABELS: Readonly<Record<TaskPayKind, string>> = {
  quality: '质量保证金',
  ready: '产值发放',
};

/** A payment out of a task's output value: its quality deposit or its ready pay. */
export interface TaskPay {
  readonly payId: number;
  readonly taskId: number;
  readonly kind: TaskPayKind;
  readonly payAmount: string;
  readonly payDate: string;
  readonly remark: string;
  readonly userId: number;
  readonly userName: string;
  readonly createTime: Date;
}

/** One confirmation of the finished amount (updateConfirmFinishAmount), kept as history. */
export interface TaskFinishAmountEntry {
  readonly taskId: number;
  readonly before: string;
  readonly after: string;
  readonly userId: number;
  readonly userName: string;
  readonly at: Date;
}
