import {
  type EngineClock,
  type FundPlanApprovalPort,
  type FundPlanRepositories,
  type LinkedRecordRegistry,
} from '@dpms/core';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
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
