import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActionActor } from '../session/action-actor.js';
import { TASK_CONFIRM_STEPS } from './task.js';
import {
  maySubmitSeal,
  mayActOnTask,
  TASK_ACTION_PERMISSIONS,
  taskActionCheck,
  type TaskAction,
  type TaskActionSubject,
} from './task-actions.js';

// Design host 1, project manager 2, department head 3; 4 is anyone else.
const sheet = (confirmed: number, history = false): TaskActionSubject => ({
  confirmed,
  history,
  designUserId: 1,
  projectManagerId: 2,
  deptConfirmerId: 3,
});
const withPerms = (userId: number, ...permissions: string[]): ActionActor => ({
  userId,
  permissions,
  isAdmin: false,
});
const ACTIONS = Object.keys(TASK_ACTION_PERMISSIONS) as TaskAction[];

describe('what the 设计任务 list offers on a sheet', () => {
  it('offers 部门确认 to the department’s head only, not to the project manager', () => {
    const waiting = sheet(2);
    const manager = withPerms(2, TASK_ACTION_PERMISSIONS.confirm);
    const r = taskActionCheck('confirm', waiting, manager);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('TASK.FORBIDDEN');
    expect(mayActOnTask('confirm', waiting, withPerms(3, TASK_ACTION_PERMISSIONS.confirm))).toBe(
      true,
    );
    // Without the permission not even the head is offered it; the route answers 403.
    const head = taskActionCheck('confirm', waiting, withPerms(3));
    expect(head.ok || head.error.code).toBe('SESSION.FORBIDDEN');
  });

  it('offers nothing to confirm on a confirmed sheet, and no confirmation to an administrator', () => {
    expect(mayActOnTask('confirm', sheet(3), withPerms(3, '*:*:*'))).toBe(false);
    expect(mayActOnTask('confirm', sheet(0), { userId: 99, permissions: [], isAdmin: true })).toBe(
      false,
    );
  });

  it('keeps a history sheet deletable while only its recorded step is done, but not editable', () => {
    const admin = { userId: 99, permissions: ['*:*:*'], isAdmin: true };
    expect(mayActOnTask('remove', sheet(1, true), admin)).toBe(true);
    expect(mayActOnTask('edit', sheet(1, true), admin)).toBe(false);
    expect(mayActOnTask('remove', sheet(2, true), admin)).toBe(false);
  });

  it('property: offered exactly when the permission is held and the sheet’s state allows it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ACTIONS),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 4 }),
        fc.subarray([...Object.values(TASK_ACTION_PERMISSIONS), '*:*:*']),
        (action, confirmed, history, userId, permissions) => {
          const t = sheet(history ? Math.max(confirmed, 1) : confirmed, history);
          const holds =
            permissions.includes('*:*:*') || permissions.includes(TASK_ACTION_PERMISSIONS[action]);
          const started = t.history ? t.confirmed - 1 : t.confirmed;
          const turn = TASK_CONFIRM_STEPS[t.confirmed];
          const signer = { designHost: 1, projectManager: 2, department: 3 };
          const stateAllows =
            action === 'edit'
              ? t.confirmed === 0
              : action === 'remove'
                ? started === 0
                : turn !== undefined && signer[turn] === userId;
          expect(mayActOnTask(action, t, withPerms(userId, ...permissions))).toBe(
            holds && stateAllows,
          );
        },
      ),
    );
  });
});

describe('what the 成果盖章 list offers on a seal request', () => {
  it('offers 提交审批 to its applicant only, with the permission, and not while in approval or approved', () => {
    const applicant = withPerms(5, 'project:resultSeal:edit');
    fc.assert(
      fc.property(
        fc.integer({ min: -1, max: 3 }),
        fc.integer({ min: 4, max: 6 }),
        (status, userId) => {
          const seal = { userId, status };
          expect(maySubmitSeal(seal, applicant)).toBe(userId === 5 && status !== 0 && status !== 1);
          expect(maySubmitSeal(seal, withPerms(userId))).toBe(false);
        },
      ),
    );
  });
});
