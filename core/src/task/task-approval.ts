import type { ApprovalStatus } from '../approval/approval-status.js';
import { isApprovalTypeCode, type ApprovalTypeCode } from '../approval/approval-type-catalogue.js';
import type { ContentEntry, TemplateContent } from '../approval/template.js';
import { err, ok, type Result } from '../shared/result.js';
import { TASK_QUALITY_TYPE_LABELS, type DesignTask } from './task.js';
import { taskErrors } from './task-messages.js';
import type { TaskChanges } from './task.repository.port.js';

/*
 * A task sheet's approval (设计任务单, 3_1 to 3_5): sent from the sheet's own screen
 * (updateToApproval), locked while in approval, marked approved when it ends well, open again
 * when rejected or withdrawn. The approval comes before the design team's three confirmations.
 */

/** The linked record kind of task sheet approvals (the approval engine's registry key). */
export const TASK_RECORD_KIND = 'designTask';
export const TASK_APPROVAL_TYPE_CODES = ['3_1', '3_2', '3_3', '3_4', '3_5'] as const;
export const DEFAULT_TASK_APPROVAL_TYPE_CODE = '3_1';

/** The sheet's approval state as a rule needs it. */
export interface TaskApprovalSubject {
  readonly confirmed: number;
  readonly history: boolean;
  readonly approvalStatus: ApprovalStatus;
}

/**
 * Whether the sheet may be sent into approval: not in approval or approved already, not a
 * history sheet (recorded after the fact, signed on paper), and before anyone confirmed it, so
 * the approval always precedes the confirmations.
 */
export function taskSubmitStateCheck(t: TaskApprovalSubject): Result<void> {
  if (t.approvalStatus === 0) return err(taskErrors.inApproval());
  if (t.approvalStatus === 1) return err(taskErrors.approvedLocked());
  if (t.history) return err(taskErrors.historyNoApproval());
  if (t.confirmed > 0) return err(taskErrors.submitAfterConfirm());
  return ok(undefined);
}

/**
 * What the approval lock forbids: a sheet in approval is neither edited, deleted nor confirmed;
 * an approved one is what its approvers signed, so it is no longer edited or deleted (its
 * confirmations go on).
 */
export function taskApprovalLock(
  t: Pick<TaskApprovalSubject, 'approvalStatus'>,
  action: 'edit' | 'remove' | 'confirm',
): Result<void> {
  if (t.approvalStatus === 0) return err(taskErrors.inApproval());
  if (t.approvalStatus === 1 && action !== 'confirm') return err(taskErrors.approvedLocked());
  return ok(undefined);
}

/** Who may send a sheet: whoever drew it up, or its project manager. */
export const maySubmitTask = (
  t: Pick<DesignTask, 'userId' | 'projectManagerId'>,
  userId: number,
): boolean => t.userId === userId || t.projectManagerId === userId;

export const isTaskApprovalTypeCode = (code: string): boolean =>
  (TASK_APPROVAL_TYPE_CODES as readonly string[]).includes(code);

/** A sheet's or output value's form, checked against the catalogue: any other is a bug. */
export function catalogueTypeCode(code: string): ApprovalTypeCode {
  if (!isApprovalTypeCode(code)) throw new Error(`not a type code: ${code}`);
  return code;
}

const entry = (
  label: string,
  value: string,
  type: ContentEntry['type'] = 'text',
): ContentEntry => ({
  label,
  value,
  type,
});

/**
 * The sheet as its approvers read it. `projectManagerId` and `designUserId` carry the people's
 * user ids: the flow's 项目经理 and 设计主持 nodes are resolved from these fields; their names ride
 * beside them for the sheet.
 */
export function taskApprovalContent(t: DesignTask): TemplateContent {
  return {
    projectName: entry('项目名称', t.projectName),
    contractName: entry('合同名称', t.contractName),
    taskNo: entry('任务单号', t.taskNo),
    taskName: entry('任务名称', t.taskName),
    subItemName: entry('子项名称', t.subItemName),
    taskResultName: entry('成果名称', t.taskResultName),
    designStageName: entry('设计阶段', t.designStageName),
    majorNames: entry('专业', t.majorList.map((m) => m.majorName).join('、')),
    qualityType: entry('质量要求', TASK_QUALITY_TYPE_LABELS[t.qualityType]),
    taskAmount: entry('任务产值（万元）', t.taskAmount),
    planFinishDate: entry('计划完成日期', t.planFinishDate),
    deptName: entry('设计部门', t.deptName),
    projectManagerId: entry('项目经理', String(t.projectManagerId)),
    projectManagerName: entry('项目经理', t.projectManagerName),
    designUserId: entry('设计主持', String(t.designUserId)),
    designUserName: entry('设计主持', t.designUserName),
    remark: entry('备注', t.remark, 'textarea'),
  };
}

/**
 * A sheet sent into approval (round 1, from its screen or from the approval centre) or sent again
 * (a later round): it locks with that approval. The sender must be allowed to send it and the
 * sheet must be open; otherwise the send is refused and rolled back.
 */
export function lockTaskOnSend(
  t: DesignTask,
  event: { readonly approvalId: string; readonly drafterId: string; readonly round: number },
): Result<TaskChanges | null> {
  if (t.approvalId === event.approvalId && t.approvalStatus === 0) return ok(null);
  if (event.round <= 1 || t.approvalId !== event.approvalId) {
    if (!maySubmitTask(t, Number(event.drafterId))) return err(taskErrors.submitter());
    const open = taskSubmitStateCheck(t);
    if (!open.ok) return open;
  } else if (t.approvalStatus === 1 || t.confirmed > 0) {
    return err(taskErrors.approvedLocked());
  }
  return ok({ approvalStatus: 0, approvalId: event.approvalId });
}

/**
 * The approval of the sheet ended: approved marks it approved, rejected or withdrawn opens it
 * again. Only the approval the sheet waits on moves it; an older one moves nothing.
 */
export function moveTaskOnEnd(
  t: DesignTask,
  event: { readonly approvalId: string; readonly status: ApprovalStatus },
): TaskChanges | null {
  if (t.approvalId !== event.approvalId || t.approvalStatus !== 0) return null;
  return { approvalStatus: event.status };
}
