import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordAction } from '../session/action-actor.js';
import { contractChildActions, lixiangActions } from './sub-record-actions.js';

describe('what the 立项 and 分包合同 lists offer on a row', () => {
  it('property: offered exactly when the route’s permission is held and the record is an open draft', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<RecordAction>('edit', 'submit', 'remove'),
        fc.constantFrom(-1, 0, 1, 2, 3),
        fc.boolean(),
        fc.subarray([
          ...Object.values(contractChildActions.permissions),
          ...Object.values(lixiangActions.permissions),
        ]),
        (action, status, history, permissions) => {
          const actor = { userId: 1, permissions, isAdmin: false };
          const open = !history && status !== 0 && status !== 1;
          const row = { status, history };
          expect(contractChildActions.may(action, row, actor)).toBe(
            permissions.includes(contractChildActions.permissions[action]) && open,
          );
          if (action !== 'remove')
            expect(lixiangActions.may(action, row, actor)).toBe(
              permissions.includes(lixiangActions.permissions[action]) && open,
            );
        },
      ),
    );
  });

  it('answers the use case’s words for a filing in approval', () => {
    const r = lixiangActions.check(
      'edit',
      { status: 0, history: false },
      {
        userId: 1,
        permissions: ['*:*:*'],
        isAdmin: false,
      },
    );
    expect(r.ok || r.error.message).toBe('立项备案正在审批中，不能修改或重复提交');
  });
});
