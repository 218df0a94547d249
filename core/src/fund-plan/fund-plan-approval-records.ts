import type { LinkedRecordRegistry } from '../approval/linked-record-registry.js';
import type { RecordPortsOf } from '../approval/linked-record-ports.js';
import { ok, type Result } from '../shared/result.js';
import { FUND_PERFORM_RECORD_KIND, FUND_PLAN_RECORD_KIND } from './fund-plan.js';
import { moveFundPerformOnApproval, moveFundPlanOnApproval } from './fund-plan-approval.js';
import type { FundPlanRepositories } from './fund-plan.repository.port.js';

/**
 * The plan's and the execution sheet's linked-record handlers, in the approval's transaction:
 * approved moves the record (an execution records its amounts on the plan); rejected or withdrawn
 * unlock it; a resubmission from the approval centre locks it again.
 */
export function registerFundPlanRecords<Tx>(
  linked: LinkedRecordRegistry<Tx>,
  repositoriesOf: RecordPortsOf<Tx, FundPlanRepositories>,
): LinkedRecordRegistry<Tx> {
  linked.register(FUND_PLAN_RECORD_KIND, (tx) => ({
    approvalEnded: (event) => moveFundPlanOnApproval(repositoriesOf(tx, event.at), event),
    approvalSent: (event) => {
      const repo = repositoriesOf(tx, event.at).plans;
      return relockOnResend(
        event,
        () => repo.getPlan(Number(event.recordId), { kind: 'all' }, true),
        (p) => repo.updatePlan(p.planId, p.version, { status: 1 }, event.at),
      );
    },
    authorOf: (recordId) => repositoriesOf(tx).plans.authorOf('plan', recordId),
    personOf: (recordId, field) => repositoriesOf(tx).plans.personOf('plan', recordId, field),
  }));
  return linked.register(FUND_PERFORM_RECORD_KIND, (tx) => ({
    approvalEnded: (event) => moveFundPerformOnApproval(repositoriesOf(tx, event.at), event),
    approvalSent: (event) => {
      const repo = repositoriesOf(tx, event.at).plans;
      return relockOnResend(
        event,
        () => repo.getPerform(Number(event.recordId), { kind: 'all' }, true),
        (p) => repo.updatePerform(p.performId, p.version, { status: 1 }, event.at),
      );
    },
    authorOf: (recordId) => repositoriesOf(tx).plans.authorOf('perform', recordId),
    personOf: (recordId, field) => repositoriesOf(tx).plans.personOf('perform', recordId, field),
  }));
}

/**
 * A resubmission (round 2 on) of the record's own approval locks the record again: a rejected
 * or withdrawn one (status 3) goes back to 审批中 (1). The first send locked it already.
 */
async function relockOnResend<R extends { readonly approvalId: unknown; readonly status: number }>(
  event: { readonly round: number; readonly approvalId: unknown },
  get: () => Promise<R | null>,
  lock: (record: R) => Promise<unknown>,
): Promise<Result<void>> {
  if (event.round <= 1) return ok(undefined);
  const record = await get();
  if (record === null || record.approvalId !== event.approvalId || record.status !== 3)
    return ok(undefined);
  await lock(record);
  return ok(undefined);
}
