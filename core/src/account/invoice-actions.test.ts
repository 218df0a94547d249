import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordAction } from '../session/action-actor.js';
import { accountErrors } from './account-messages.js';
import { invoiceActions } from './invoice-actions.js';

const ACTIONS: RecordAction[] = ['edit', 'submit', 'remove'];

describe('what the 财务台账 list offers on an invoice request', () => {
  it('property: offered exactly when the route’s permission is held and the record is a draft or turned down', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ACTIONS),
        fc.constantFrom(0, 1, 2, 3),
        fc.subarray([...Object.values(invoiceActions.permissions), '*:*:*']),
        (action, status, permissions) => {
          const actor = { userId: 1, permissions, isAdmin: false };
          const holds =
            permissions.includes('*:*:*') ||
            permissions.includes(invoiceActions.permissions[action]);
          const r = invoiceActions.check(action, { status: status }, actor);
          expect(r.ok).toBe(holds && (status === 0 || status === 3));
          if (!holds && !r.ok) expect(r.error.code).toBe('SESSION.FORBIDDEN');
        },
      ),
    );
  });

  it('answers the use case’s refusal for an approved record', () => {
    const all = { userId: 1, permissions: ['*:*:*'], isAdmin: false };
    const r = invoiceActions.check('remove', { status: 2 }, all);
    expect(r.ok || r.error.message).toBe(accountErrors.invoiceLocked().message);
  });
});
