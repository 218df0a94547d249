import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApprovalStatus } from '../approval/approval-status.js';
import type { DesignTask } from './task.js';
import {
  lockTaskOnSend,
  moveTaskOnEnd,
  taskApprovalContent,
  taskApprovalLock,
  taskSubmitStateCheck,
} from './task-approval.js';
import { taskStateCheck } from './task-actions.js';
import { designTask } from '../test-support/design-task.js';

const STATUSES: readonly ApprovalStatus[] = [-1, 0, 1, 2, 3];

// Creator 9, design host 1, project manager 2, department head 3.
const task = designTask;

describe('a task sheet’s approval (3_x)', () => {
  it('property: a sheet goes into approval only when open, not history, before any confirmation', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STATUSES),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        (approvalStatus, confirmed, history) => {
          const open = approvalStatus !== 0 && approvalStatus !== 1 && !history && confirmed === 0;
          expect(taskSubmitStateCheck({ approvalStatus, confirmed, history }).ok).toBe(open);
        },
      ),
    );
  });

  it('property: in approval locks edit, delete and confirmation; approved locks edit and delete only', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STATUSES),
        fc.constantFrom('edit' as const, 'remove' as const, 'confirm' as const),
        (approvalStatus, action) => {
          const allowed =
            approvalStatus === 0 ? false : approvalStatus === 1 ? action === 'confirm' : true;
          expect(taskApprovalLock({ approvalStatus }, action).ok).toBe(allowed);
          // The offered actions follow the same lock: the design host's turn to confirm.
          if (action === 'confirm')
            expect(taskStateCheck('confirm', task({ approvalStatus }), 1).ok).toBe(allowed);
        },
      ),
    );
  });

  it('refuses a sheet in approval with the words a person reads', () => {
    const r = taskStateCheck('edit', task({ approvalStatus: 0 }), 9);
    expect(r.ok ? '' : r.error.message).toBe('任务单审批中，不能修改、删除、确认或重复提交');
  });

  it('carries the people the flow’s 项目经理 and 设计主持 nodes resolve from, and every discipline', () => {
    const c = taskApprovalContent(task());
    expect(c['projectManagerId']?.value).toBe('2');
    expect(c['designUserId']?.value).toBe('1');
    expect(c['majorNames']?.value).toBe('建筑、结构');
    expect(c['taskAmount']).toMatchObject({ label: '任务产值（万元）', value: '100' });
  });

  it('locks when sent by its creator or manager, never by a stranger or when already moving', () => {
    const send = (t: DesignTask, drafterId: string, round = 1) =>
      lockTaskOnSend(t, { approvalId: '40', drafterId, round });
    expect(send(task(), '9')).toEqual({
      ok: true,
      value: { approvalStatus: 0, approvalId: '40' },
    });
    expect(send(task(), '2').ok).toBe(true);
    expect(send(task(), '1').ok).toBe(false);
    expect(send(task({ confirmed: 1 }), '9').ok).toBe(false);
    expect(send(task({ approvalStatus: 1, approvalId: '39' }), '9').ok).toBe(false);
    // Already locked with this approval (sent from the sheet's screen): nothing more to do.
    expect(send(task({ approvalStatus: 0, approvalId: '40' }), '9')).toEqual({
      ok: true,
      value: null,
    });
    // Resubmitted after a rejection: locked again.
    expect(send(task({ approvalStatus: 2, approvalId: '40' }), '1', 2)).toEqual({
      ok: true,
      value: { approvalStatus: 0, approvalId: '40' },
    });
  });

  it('property: only the approval the sheet waits on moves it, to that approval’s end', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STATUSES),
        fc.constantFrom('40', '41'),
        fc.constantFrom<ApprovalStatus>(1, 2, 3),
        (approvalStatus, approvalId, status) => {
          const moved = moveTaskOnEnd(task({ approvalStatus, approvalId: '40' }), {
            approvalId,
            status,
          });
          if (approvalId === '40' && approvalStatus === 0)
            expect(moved).toEqual({ approvalStatus: status });
          else expect(moved).toBeNull();
        },
      ),
    );
  });
});
