import { firstRefusal, requirePermission, type ActionActor } from '../session/action-actor.js';
import { err, type Result } from '../shared/result.js';
import { TASK_CONFIRM_STEPS, type TaskConfirmStep } from './task.js';
import {
  applyConfirmation,
  checkTaskEditable,
  currentConfirmStep,
  type TaskConfirmers,
} from './task-confirmation.js';
import { taskErrors } from './task-messages.js';
import type { ApprovalStatus } from '../approval/approval-status.js';
import { maySubmitTask, taskApprovalLock, taskSubmitStateCheck } from './task-approval.js';

/**
 * What the 设计任务 list offers on a task sheet, and what the task routes accept, decided once:
 * 修改, 删除, and the confirmation whose turn it is (设计主持确认 → 项目经理确认 → 部门确认).
 */
export type TaskAction = 'edit' | 'remove' | 'confirm';

/** The permission each action's routes declare. */
export const TASK_ACTION_PERMISSIONS: Readonly<Record<TaskAction, string>> = {
  edit: 'project:designTask:edit',
  remove: 'project:designTask:remove',
  confirm: 'project:designTask:confirm',
};

/** A task sheet as the rule needs it: its confirmation state and who signs each step. */
export interface TaskActionSubject {
  readonly confirmed: number;
  readonly history: boolean;
  readonly designUserId: number;
  readonly projectManagerId: number;
  /** Who signs 部门确认: the department's head when the sheet was saved (the sign flow's step 3). */
  readonly deptConfirmerId: number | null;
  /** The sheet's approval (3_x); absent reads as never sent. */
  readonly approvalStatus?: ApprovalStatus;
}

/** The sign flow's people, from the sheet (the server saves the flow from the same fields). */
export const confirmersOfTask = (t: TaskActionSubject): TaskConfirmers => ({
  designHost: [t.designUserId],
  projectManager: [t.projectManagerId],
  department: t.deptConfirmerId === null ? [] : [t.deptConfirmerId],
});

/**
 * The state part of the rule, which the use case checks inside its transaction: a sheet is edited
 * only while nobody has confirmed it; deleted likewise (a history sheet's recorded design-host step
 * does not count); confirmed only by the person of the step whose turn it is.
 */
export function taskStateCheck(
  action: TaskAction,
  t: TaskActionSubject,
  userId: number,
  confirmers: TaskConfirmers = confirmersOfTask(t),
): Result<void> {
  const locked = taskApprovalLock({ approvalStatus: t.approvalStatus ?? -1 }, action);
  if (!locked.ok) return locked;
  switch (action) {
    case 'edit':
      return checkTaskEditable(t);
    case 'remove':
      return checkTaskEditable(t.history ? { confirmed: t.confirmed - 1 } : t);
    case 'confirm': {
      const step: TaskConfirmStep | undefined = currentConfirmStep(t);
      if (step === undefined)
        return err(taskErrors.alreadyConfirmed(TASK_CONFIRM_STEPS[TASK_CONFIRM_STEPS.length - 1]!));
      const moved = applyConfirmation(t, step, userId, confirmers);
      return moved.ok ? { ok: true, value: undefined } : moved;
    }
  }
}

/** The whole rule: the route's permission, then the sheet's state. */
export function taskActionCheck(
  action: TaskAction,
  t: TaskActionSubject,
  actor: ActionActor,
): Result<void> {
  return firstRefusal(
    () => requirePermission(actor, TASK_ACTION_PERMISSIONS[action]),
    () => taskStateCheck(action, t, actor.userId),
  );
}

export const mayActOnTask = (action: TaskAction, t: TaskActionSubject, actor: ActionActor) =>
  taskActionCheck(action, t, actor).ok;

/** Sending a task sheet into approval (3_x) is an edit of the sheet: the route's permission. */
export const TASK_SUBMIT_PERMISSION = TASK_ACTION_PERMISSIONS.edit;

/** Whether the 设计任务 list offers 提交审批: permission, creator or manager, open sheet. */
export const mayOfferTaskSubmit = (
  t: TaskActionSubject & { readonly userId: number },
  actor: ActionActor,
): boolean =>
  firstRefusal(
    () => requirePermission(actor, TASK_SUBMIT_PERMISSION),
    () =>
      maySubmitTask(t, actor.userId)
        ? taskSubmitStateCheck({ ...t, approvalStatus: t.approvalStatus ?? -1 })
        : err(taskErrors.submitter()),
  ).ok;

/** Sending a result seal request (13_1) into approval: the route's permission. */
export const SEAL_SUBMIT_PERMISSION = 'project:resultSeal:edit';

/**
 * The state part of sending a seal request: only its applicant sends it, and not while it is in
 * approval or approved (a rejected or withdrawn request goes again).
 */
export function sealSubmitStateCheck(
  seal: { readonly userId: number; readonly status: number },
  userId: number,
): Result<void> {
  if (seal.userId !== userId) return err(taskErrors.sealOwner());
  if (seal.status === 0 || seal.status === 1) return err(taskErrors.sealLocked());
  return { ok: true, value: undefined };
}

/** Whether the seal list offers 提交审批 on a request: permission, applicant, status. */
export const maySubmitSeal = (
  seal: { readonly userId: number; readonly status: number },
  actor: ActionActor,
): boolean =>
  firstRefusal(
    () => requirePermission(actor, SEAL_SUBMIT_PERMISSION),
    () => sealSubmitStateCheck(seal, actor.userId),
  ).ok;
