import {
  FUND_PERFORM_RECORD_KIND,
  FUND_PLAN_RECORD_KIND,
  moveFundPerformOnApproval,
  moveFundPlanOnApproval,
  ok,
  type EngineClock,
  type FundPlanApprovalPort,
  type FundPlanRepositories,
  type LinkedRecordRegistry,
} from '@dpms/core';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { recordAuthor } from './record-author.js';
import { fundRecordDept } from './record-people.js';
import { SqlIdempotencyRepository } from './sql-auth.repository.js';
import { submitRecordForApproval } from './sql-approval-submit.js';
import { SqlFundPlanRepository } from './sql-fund-plan.repository.js';

type Db = Kysely<Database>;

export class EngineFundPlanApprovalPort implements FundPlanApprovalPort {
  constructor(
    private readonly trx: Db,
    private readonly linked: LinkedRecordRegistry<Db>,
    private readonly clock: EngineClock,
  ) {}

  async submit(request: Parameters<FundPlanApprovalPort['submit']>[0]) {
    return submitRecordForApproval(
      this.trx,
      this.linked,
      this.clock,
      { ...request, kind: 'FundMonthPlan' },
      'fundPlan.submit',
    );
  }
}

export function createFundPlanRepositories(
  db: Db,
  linked: LinkedRecordRegistry<Db>,
  clock: EngineClock,
): FundPlanRepositories {
  return {
    plans: new SqlFundPlanRepository(db),
    approvals: new EngineFundPlanApprovalPort(db, linked, clock),
    idempotency: new SqlIdempotencyRepository(db),
  };
}

/**
 * The plan's and the execution sheet's linked-record handlers, in the approval's transaction:
 * approved moves the record (an execution records its amounts on the plan); rejected or withdrawn
 * unlock it; a resubmission from the approval centre locks it again.
 */
export function registerFundPlanRecords(
  linked: LinkedRecordRegistry<Db>,
): LinkedRecordRegistry<Db> {
  linked.register(FUND_PLAN_RECORD_KIND, (trx) => ({
    approvalEnded: (event) =>
      moveFundPlanOnApproval(
        createFundPlanRepositories(trx, linked, { now: () => event.at }),
        event,
      ),
    approvalSent: async (event) => {
      if (event.round <= 1) return ok(undefined);
      const repo = new SqlFundPlanRepository(trx);
      const p = await repo.getPlan(Number(event.recordId), { kind: 'all' }, true);
      if (p === null || p.approvalId !== event.approvalId || p.status !== 3) return ok(undefined);
      await repo.updatePlan(p.planId, p.version, { status: 1 }, event.at);
      return ok(undefined);
    },
    authorOf: (recordId) => recordAuthor(trx, 'fund_plan', recordId),
    personOf: (recordId, field) => fundRecordDept(trx, 'fund_plan', recordId, field),
  }));
  return linked.register(FUND_PERFORM_RECORD_KIND, (trx) => ({
    approvalEnded: (event) =>
      moveFundPerformOnApproval(
        createFundPlanRepositories(trx, linked, { now: () => event.at }),
        event,
      ),
    approvalSent: async (event) => {
      if (event.round <= 1) return ok(undefined);
      const repo = new SqlFundPlanRepository(trx);
      const p = await repo.getPerform(Number(event.recordId), { kind: 'all' }, true);
      if (p === null || p.approvalId !== event.approvalId || p.status !== 3) return ok(undefined);
      await repo.updatePerform(p.performId, p.version, { status: 1 }, event.at);
      return ok(undefined);
    },
    authorOf: (recordId) => recordAuthor(trx, 'fund_perform', recordId),
    personOf: (recordId, field) => fundRecordDept(trx, 'fund_perform', recordId, field),
  }));
}
