import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUND_MESSAGES as M } from './fund-messages.js';
import { loanActions, type LoanAction } from './loan-actions.js';

const ACTIONS: LoanAction[] = ['edit', 'amount', 'submit', 'remove'];

describe('what the 借款 list offers on a loan', () => {
  it('property: offered exactly when the route’s permission is held and the record is a draft or turned down', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ACTIONS),
        fc.constantFrom(0, 1, 2, 3),
        fc.subarray([...Object.values(loanActions.permissions), '*:*:*']),
        (action, status, permissions) => {
          const actor = { userId: 1, permissions, isAdmin: false };
          const holds =
            permissions.includes('*:*:*') || permissions.includes(loanActions.permissions[action]);
          const r = loanActions.check(action, { status: status }, actor);
          expect(r.ok).toBe(holds && (status === 0 || status === 3));
          if (!holds && !r.ok) expect(r.error.code).toBe('SESSION.FORBIDDEN');
        },
      ),
    );
  });

  it('answers the use case’s refusal for an approved record', () => {
    const all = { userId: 1, permissions: ['*:*:*'], isAdmin: false };
    const r = loanActions.check('remove', { status: 2 }, all);
    expect(r.ok || r.error.message).toBe(M.loanInUse);
  });

  it('offers 改金额 only where the amount route accepts it: a draft or turned-down loan, with :edit', () => {
    const clerk = { userId: 1, permissions: ['contract:loan:edit'], isAdmin: false };
    expect(loanActions.may('amount', { status: 0 }, clerk)).toBe(true);
    expect(loanActions.may('amount', { status: 3 }, clerk)).toBe(true);
    const locked = loanActions.check('amount', { status: 1 }, clerk);
    expect(locked.ok || locked.error.message).toBe(M.loanLocked);
    expect(loanActions.may('amount', { status: 2 }, clerk)).toBe(false);
    const viewer = { userId: 1, permissions: ['contract:loan:list'], isAdmin: false };
    expect(loanActions.may('amount', { status: 0 }, viewer)).toBe(false);
  });
});
