import { describe, expect, it } from 'vitest';
import { LinkedRecordRegistry } from '../approval/linked-record-registry.js';
import type { ApprovalSentEvent } from '../approval/approval.repository.port.js';
import { FUND_PERFORM_RECORD_KIND, FUND_PLAN_RECORD_KIND } from './fund-plan.js';
import { registerFundPlanRecords } from './fund-plan-approval-records.js';
import type { FundPlanRepositories } from './fund-plan.repository.port.js';

/** A plan and an execution sheet held in memory, with the locks the handlers write. */
function recordsWith(status: number, approvalId = 'A1') {
  const locked: string[] = [];
  const plans = {
    getPlan: (planId: number) => Promise.resolve({ planId, version: 4, status, approvalId }),
    updatePlan: (planId: number, version: number, patch: { status: number }) => {
      locked.push(`plan ${planId} v${version} → ${patch.status}`);
      return Promise.resolve(true);
    },
    getPerform: (performId: number) =>
      Promise.resolve({ performId, version: 2, status, approvalId }),
    updatePerform: (performId: number, version: number, patch: { status: number }) => {
      locked.push(`perform ${performId} v${version} → ${patch.status}`);
      return Promise.resolve(true);
    },
  };
  const linked = registerFundPlanRecords(
    new LinkedRecordRegistry<null>(),
    () => ({ plans }) as unknown as FundPlanRepositories,
  );
  return { port: linked.bind(null), locked };
}

const sent = (recordKind: string, round: number): ApprovalSentEvent =>
  ({
    approvalId: 'A1',
    recordKind,
    recordId: '7',
    round,
    at: new Date('2026-11-28T02:00:00+08:00'),
  }) as unknown as ApprovalSentEvent;

describe('the fund plan and execution sheet when their approval is sent', () => {
  it.each([FUND_PLAN_RECORD_KIND, FUND_PERFORM_RECORD_KIND])(
    '%s: a resubmission locks a rejected or withdrawn record again (审批中)',
    async (kind) => {
      const { port, locked } = recordsWith(3);
      expect(await port.approvalSent(sent(kind, 2))).toEqual({ ok: true, value: undefined });
      expect(locked).toEqual([
        kind === FUND_PLAN_RECORD_KIND ? 'plan 7 v4 → 1' : 'perform 7 v2 → 1',
      ]);
    },
  );

  it.each([FUND_PLAN_RECORD_KIND, FUND_PERFORM_RECORD_KIND])(
    '%s: the first send, a record not rejected, or one waiting on another approval moves nothing',
    async (kind) => {
      for (const { status, approvalId, round } of [
        { status: 3, approvalId: 'A1', round: 1 },
        { status: 1, approvalId: 'A1', round: 2 },
        { status: 3, approvalId: 'A0', round: 2 },
      ]) {
        const { port, locked } = recordsWith(status, approvalId);
        await port.approvalSent(sent(kind, round));
        expect(locked).toEqual([]);
      }
    },
  );
});
