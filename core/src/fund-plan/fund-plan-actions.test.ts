import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fundPlanActionCheck,
  fundPlanActionPermission,
  mayActOnFundPlan,
  type FundPlanAction,
  type FundPlanRecordKind,
} from './fund-plan-actions.js';

const ACTIONS: FundPlanAction[] = ['edit', 'submit', 'remove'];
const KINDS: FundPlanRecordKind[] = ['plan', 'perform'];
const finance = { userId: 8, permissions: ['contract:fundPlan:*'], isAdmin: false };
const everything = { userId: 8, permissions: ['*:*:*'], isAdmin: false };

describe('what 资金计划 and 资金执行 offer on a row', () => {
  it('offers no 删除 on an approved plan, with the server’s words', () => {
    expect(fundPlanActionCheck('plan', 'remove', { status: 2 }, everything)).toEqual({
      ok: false,
      error: { code: 'FUND_PLAN.LOCKED', message: '资金计划审批中或已通过，不能修改或删除' },
    });
    expect(mayActOnFundPlan('plan', 'remove', { status: 3 }, everything)).toBe(true);
    // Sending to approval is part of adding: the route declares :add.
    expect(fundPlanActionPermission('perform', 'submit')).toBe('contract:fundPerform:add');
    expect(mayActOnFundPlan('plan', 'remove', { status: 0 }, finance)).toBe(false);
  });

  it('property: offered exactly when the permission is held and the record is a draft or turned down', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...KINDS),
        fc.constantFrom(...ACTIONS),
        fc.integer({ min: 0, max: 3 }),
        fc.subarray([
          ...KINDS.flatMap((k) => ACTIONS.map((a) => fundPlanActionPermission(k, a))),
          '*:*:*',
        ]),
        fc.boolean(),
        (kind, action, status, permissions, isAdmin) => {
          const holds =
            isAdmin ||
            permissions.includes('*:*:*') ||
            permissions.includes(fundPlanActionPermission(kind, action));
          expect(
            mayActOnFundPlan(kind, action, { status }, { userId: 1, permissions, isAdmin }),
          ).toBe(holds && (status === 0 || status === 3));
        },
      ),
    );
  });
});
