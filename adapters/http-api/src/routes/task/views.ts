import {
  APPROVAL_STATUS_LABELS,
  TASK_CONFIRM_STEPS,
  TASK_PAY_KIND_LABELS,
  TASK_QUALITY_TYPE_LABELS,
  TASK_STATUS_LABELS,
  fileDownloadAddress,
  type DesignTask,
  type ResultSeal,
  type TaskConfirmDetail,
  type TaskFileLink,
  type TaskPay,
  type TaskResult,
  type TaskSignStep,
  type TaskSongda,
  type TaskValueRow,
} from '@dpms/core';
import type {
  TaskConfirmDetailRecord,
  TaskFileLinkRecord,
  TaskFileRecord,
  TaskOptionRecord,
  TaskPayRecord,
  TaskRecord,
  TaskResultRecord,
  TaskSealRecord,
  TaskSongdaRecord,
  TaskValueRecord,
} from '@dpms/wire';

/* The design task slice's answers: each record of core as its @dpms/wire schema shows it. */
export function iso(d: Date): string;
export function iso(d: Date | null): string | null;
export function iso(d: Date | null): string | null {
  return d === null ? null : d.toISOString();
}

export const taskView = (t: DesignTask): TaskRecord => ({
  taskId: t.taskId,
  contractId: t.contractId,
  projectName: t.projectName,
  contractName: t.contractName,
  taskNo: t.taskNo,
  taskName: t.taskName,
  subItemName: t.subItemName,
  taskResultName: t.taskResultName,
  designStageId: t.designStageId,
  designStageName: t.designStageName,
  qualityType: t.qualityType,
  qualityTypeName: TASK_QUALITY_TYPE_LABELS[t.qualityType],
  designUserId: t.designUserId,
  designUserName: t.designUserName,
  projectManagerId: t.projectManagerId,
  projectManagerName: t.projectManagerName,
  planFinishDate: t.planFinishDate,
  remark: t.remark,
  taskAmount: t.taskAmount,
  confirmFinishAmount: t.confirmFinishAmount,
  majorList: t.majorList,
  status: t.confirmed,
  statusName: TASK_STATUS_LABELS[t.confirmed] ?? '',
  /** The step waiting now: designHost, projectManager, department, or null once confirmed. */
  currentStep: TASK_CONFIRM_STEPS[t.confirmed] ?? null,
  history: t.history,
  finished: t.finished,
  approvalStatus: t.approvalStatus,
  approvalStatusName: APPROVAL_STATUS_LABELS[t.approvalStatus],
  approvalId: t.approvalId,
  deptId: t.deptId,
  deptName: t.deptName,
  /** Who signs 部门确认: with the step and the people above, the web offers only the turn's holder. */
  deptConfirmerId: t.deptConfirmerId,
  userId: t.userId,
  createBy: t.createBy,
  createByName: t.createByName,
  version: t.version,
  createTime: iso(t.createTime),
  updateTime: iso(t.updateTime),
});

export const signFlowView = (flow: readonly TaskSignStep[]) => ({
  designTaskSignFlowList: flow.map((s) => ({
    flowId: String(s.flowId),
    flowName: s.flowName,
    orderNo: s.orderNo,
    dealUserId: String(s.dealUserId),
    dealUserName: s.dealUserName,
    taskId: String(s.taskId),
  })),
  designTaskSignDetailList: flow
    .filter((s) => s.dealTime !== null)
    .map((s) => ({
      flowId: String(s.flowId),
      dealContent: s.dealContent ?? '',
      createTime: iso(s.dealTime),
      dealUserSignUrl: s.dealUserSignUrl,
    })),
  currentFlowName: flow.find((s) => s.dealTime === null)?.flowName ?? null,
});

export const fileView = (f: { fileId: string; name: string }): TaskFileRecord => ({
  fileId: f.fileId,
  name: f.name,
  fileName: f.name,
  url: fileDownloadAddress(f.fileId),
});
export const linkView = (f: TaskFileLink): TaskFileLinkRecord => ({
  ...fileView(f),
  id: f.linkId,
  kind: f.kind,
  ownerId: f.ownerId,
  userId: f.userId,
  createTime: iso(f.createTime),
});

export const resultView = (r: TaskResult): TaskResultRecord => ({
  resultId: r.resultId,
  taskId: r.taskId,
  majorId: r.majorId,
  majorName: r.majorName,
  fileName: r.fileName,
  fileProp: r.fileProp,
  memo: r.memo,
  fileList: r.files.map(fileView),
  acceptanceFileList: r.acceptanceFiles.map(fileView),
  sealScanList: r.sealScans.map(fileView),
  resultConfirmed: r.resultConfirmed,
  acceptanceConfirmed: r.acceptanceConfirmed,
  history: r.history,
  userId: r.userId,
  userName: r.userName,
  nickName: r.nickName,
  createTime: iso(r.createTime),
});

export const songdaView = (s: TaskSongda): TaskSongdaRecord => ({
  songdaId: s.songdaId,
  taskId: s.taskId,
  resultId: s.resultId,
  songdaDate: s.songdaDate,
  receiveUnit: s.receiveUnit,
  receiveUser: s.receiveUser,
  content: s.content,
  fileList: s.files.map(fileView),
  userId: s.userId,
  createTime: iso(s.createTime),
});

export const sealView = (s: ResultSeal): TaskSealRecord => ({
  resultSealId: s.resultSealId,
  taskId: s.taskId,
  taskNo: s.taskNo,
  taskName: s.taskName,
  contractName: s.contractName,
  resultList: s.results.map((x) => ({ ...x })),
  drawContent: s.drawContent,
  drawNum: s.drawNum,
  sealGoalContent: s.sealGoalContent,
  unGuidangShowImg: s.unGuidangShowImg,
  guidangShowImg: s.guidangShowImg,
  sealCategory: s.sealCategory,
  sealType: s.sealType,
  sealTime: s.sealTime,
  imgFiles: s.imgFiles.map(fileView),
  sealImagesList: s.sealImages.map(fileView),
  status: s.status,
  statusName: APPROVAL_STATUS_LABELS[s.status],
  approvalId: s.approvalId,
  userId: s.userId,
  userName: s.userName,
  nickName: s.nickName,
  version: s.version,
  createTime: iso(s.createTime),
  finishTime: iso(s.finishTime),
});

export const payView = (p: TaskPay): TaskPayRecord => ({
  payId: p.payId,
  taskId: p.taskId,
  payType: p.kind,
  payTypeName: TASK_PAY_KIND_LABELS[p.kind],
  payAmount: p.payAmount,
  payDate: p.payDate,
  remark: p.remark,
  userName: p.userName,
  createTime: iso(p.createTime),
});

export const valueView = (v: TaskValueRow): TaskValueRecord => ({
  ...taskView(v.task),
  qualityDeposit: v.qualityDeposit,
  qualityPaid: v.qualityPaid,
  readyPaid: v.readyPaid,
  readyPayLimit: v.readyPayLimit,
  qualityRemaining: v.qualityRemaining,
  readyRemaining: v.readyRemaining,
});

export const confirmDetailView = (d: TaskConfirmDetail): TaskConfirmDetailRecord => ({
  ...valueView(d),
  payList: d.pays.map(payView),
  finishAmountList: d.finishAmounts.map((e) => ({
    before: e.before,
    after: e.after,
    userName: e.userName,
    time: iso(e.at),
  })),
});

/** A task sheet as an option of the contract documents' stage list. */
export const taskOption = (t: DesignTask): TaskOptionRecord => ({
  value: t.taskId,
  text: [t.designStageName, t.taskName].filter((s) => s !== '').join(' · '),
  taskNo: t.taskNo,
  taskName: t.taskName,
  designStageId: t.designStageId,
  designStageName: t.designStageName,
  majorList: t.majorList.map((m) => ({
    value: m.majorId,
    text: m.majorName,
    majorId: m.majorId,
    majorName: m.majorName,
  })),
});
