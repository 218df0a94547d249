import { type EngineClock, type FundPlanRepositories, type LinkedRecordRegistry } from '@dpms/core';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { SqlIdempotencyRepository } from './sql-auth.repository.js';
import { EngineRecordApprovalPort } from './sql-approval-submit.js';
import { SqlFundPlanRepository } from './sql-fund-plan.repository.js';

type Db = Kysely<Database>;

export function createFundPlanRepositories(
  db: Db,
  linked: LinkedRecordRegistry<Db>,
  clock: EngineClock,
): FundPlanRepositories {
  return {
    plans: new SqlFundPlanRepository(db),
    approvals: new EngineRecordApprovalPort(db, linked, clock),
    idempotency: new SqlIdempotencyRepository(db),
  };
}
