import { SelfHeldApprovalRepair } from '@dpms/core';
import {
  createApprovalRepositories,
  createLinkedRecordRegistry,
  KyselyUnitOfWork,
  type Database,
} from '@dpms/sql';
import type { Kysely } from 'kysely';
import type { Clock } from '../identity/clock.js';

/**
 * core's repair of approvals left waiting on their own drafter, over the database. It moves no
 * linked record (the approval stays in approval), so it needs no record handlers.
 */
export function selfHeldApprovalRepair(db: Kysely<Database>, clock: Clock): SelfHeldApprovalRepair {
  return new SelfHeldApprovalRepair(
    new KyselyUnitOfWork(db, (trx) =>
      createApprovalRepositories(trx, createLinkedRecordRegistry()),
    ),
    clock,
  );
}
