import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordAction } from '../session/action-actor.js';
import { FUND_PAY_MESSAGES as M } from './fund-pay-messages.js';
import { fundPayActions, paymentPlanActions, type PaymentPlanAction } from './fund-pay-actions.js';

const ACTIONS: RecordAction[] = ['edit', 'submit', 'remove'];

describe('what the 资金支付 list offers on a payment', () => {
  it('property: offered exactly when the route’s permission is held and the record is a draft or turned down', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ACTIONS),
        fc.constantFrom(0, 1, 2, 3),
        fc.subarray([...Object.values(fundPayActions.permissions), '*:*:*']),
        (action, status, permissions) => {
          const actor = { userId: 1, permissions, isAdmin: false };
          const holds =
            permissions.includes('*:*:*') ||
            permissions.includes(fundPayActions.permissions[action]);
          const r = fundPayActions.check(action, { status: status }, actor);
          expect(r.ok).toBe(holds && (status === 0 || status === 3));
          if (!holds && !r.ok) expect(r.error.code).toBe('SESSION.FORBIDDEN');
        },
      ),
    );
  });

  it('answers the use case’s refusal for an approved record', () => {
    const all = { userId: 1, permissions: ['*:*:*'], isAdmin: false };
    const r = fundPayActions.check('remove', { status: 2 }, all);
    expect(r.ok || r.error.message).toBe(M.paid);
  });
});

describe('what the 付款计划 list offers on a plan line', () => {
  it('property: 删除 offered exactly with :remove and no payment made against the plan; 修改 with :edit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<PaymentPlanAction>('edit', 'remove'),
        fc.nat({ max: 5 }),
        fc.subarray([...Object.values(paymentPlanActions.permissions), '*:*:*']),
        fc.boolean(),
        (action, paymentCount, permissions, isAdmin) => {
          const actor = { userId: 1, permissions, isAdmin };
          const holds =
            isAdmin ||
            permissions.includes('*:*:*') ||
            permissions.includes(paymentPlanActions.permissions[action]);
          const r = paymentPlanActions.check(action, { paymentCount }, actor);
          expect(r.ok).toBe(holds && (action === 'edit' || paymentCount === 0));
        },
      ),
    );
  });

  it('refuses 删除 of a plan with a payment in the use case’s words, on its field', () => {
    const all = { userId: 1, permissions: ['*:*:*'], isAdmin: false };
    expect(paymentPlanActions.check('remove', { paymentCount: 1 }, all)).toEqual({
      ok: false,
      error: { code: 'FUND_PAY.PLAN_IN_USE', message: M.planInUse, field: 'paymentPlanId' },
    });
  });
});
