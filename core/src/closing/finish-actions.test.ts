import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActionActor } from '../session/action-actor.js';
import {
  FINISH_ACTION_PERMISSIONS,
  finishActions,
  type FinishAction,
  type FinishActionSubject,
} from './finish-actions.js';

const ACTIONS: FinishAction[] = ['view', 'confirmAmount', 'unconfirm', 'upload', 'finish'];
const PERMISSIONS = [...new Set(Object.values(FINISH_ACTION_PERMISSIONS))];

describe('what a contract’s finish confirmation offers', () => {
  it('offers an action exactly when its route’s permission is held and the state allows it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ACTIONS),
        fc.subarray(PERMISSIONS),
        fc.constantFrom('formal', 'contract'),
        fc.boolean(),
        fc.array(fc.constantFrom('请先上传完工文件', '合同已确认完成'), { maxLength: 2 }),
        (action, permissions, stage, finished, blockers) => {
          const actor: ActionActor = { userId: 3, permissions, isAdmin: false };
          const subject: FinishActionSubject = { stage, finished, blockers };
          const stateAllows =
            action === 'view' ||
            (action === 'finish' && blockers.length === 0) ||
            (action === 'unconfirm' && !finished) ||
            ((action === 'confirmAmount' || action === 'upload') &&
              stage === 'formal' &&
              !finished);
          const held = permissions.includes(FINISH_ACTION_PERMISSIONS[action]);
          expect(finishActions.may(action, subject, actor)).toBe(held && stateAllows);
          const r = finishActions.check(action, subject, actor);
          // Without the permission the refusal is the 403, whatever the state.
          if (!held) expect(!r.ok && r.error.code).toBe('SESSION.FORBIDDEN');
        },
      ),
    );
  });

  it('names what blocks 确认完成 in the refusal', () => {
    const admin: ActionActor = { userId: 1, permissions: [], isAdmin: true };
    const r = finishActions.check(
      'finish',
      { stage: 'formal', finished: false, blockers: ['请先上传完工文件'] },
      admin,
    );
    expect(r.ok ? '' : r.error.message).toContain('请先上传完工文件');
  });
});
