import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordAction } from '../session/action-actor.js';
import { closingActions } from './closing-actions.js';
import type { ClosingStatus } from './closing.js';

describe('what the 结案 lists offer on a record', () => {
  it('property: offered exactly when the route’s permission is held and the record is a draft or turned down', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<RecordAction>('edit', 'submit', 'remove'),
        fc.constantFrom<ClosingStatus>(0, 1, 2, 3),
        fc.subarray([...new Set(Object.values(closingActions.permissions)), '*:*:*']),
        (action, status, permissions) => {
          const holds =
            permissions.includes('*:*:*') ||
            permissions.includes(closingActions.permissions[action]);
          expect(
            closingActions.may(action, { status }, { userId: 1, permissions, isAdmin: false }),
          ).toBe(holds && (status === 0 || status === 3));
        },
      ),
    );
  });

  it('refuses deleting an approved record with the use case’s words', () => {
    const r = closingActions.check(
      'remove',
      { status: 2 },
      {
        userId: 1,
        permissions: ['*:*:*'],
        isAdmin: false,
      },
    );
    expect(r.ok || r.error.message).toBe('审批中或已通过的结案记录不能删除');
  });
});
