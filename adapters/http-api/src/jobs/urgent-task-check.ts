import { UrgentTaskCheck } from '@dpms/core';
import {
  createLinkedRecordRegistry,
  createTaskRepositories,
  KyselyUnitOfWork,
  type Database,
} from '@dpms/sql';
import type { Kysely } from 'kysely';
import type { Clock } from '../identity/clock.js';

/**
 * core's urgent-task check (紧急任务提醒) over the database. It only reads, so the task
 * repositories need no record handlers (no approval moves).
 */
export function urgentTaskCheck(db: Kysely<Database>, clock: Clock): UrgentTaskCheck {
  return new UrgentTaskCheck(
    new KyselyUnitOfWork(db, (trx) =>
      createTaskRepositories(trx, createLinkedRecordRegistry(), clock),
    ),
    clock,
  );
}
