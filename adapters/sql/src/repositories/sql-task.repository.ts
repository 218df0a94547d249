import {
  TASK_WARN_DAYS_CONFIG_KEY,
  parseWarnDays,
  type EngineClock,
  type LinkedRecordRegistry,
  type TaskRepositories,
} from '@dpms/core';
import { instituteTimeZone } from './institute-time-zone.js';
import { type Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { EngineRecordApprovalPort } from './sql-approval-submit.js';
import { SqlTaskRepository } from './sql-task-sheet.repository.js';
import { SqlTaskDirectory } from './sql-task-directory.js';
import { SqlTaskResultRepository } from './sql-task-result.repository.js';
import { SqlResultSealRepository } from './sql-task-seal.repository.js';

/*
 * The design task repositories, one file per aggregate: the sheets (sql-task-sheet.repository.ts),
 * the directory of contracts and people (sql-task-directory.ts), results, files, deliveries and
 * pay items (sql-task-result.repository.ts), seal requests (sql-task-seal.repository.ts), and the
 * row mappers and scope rule they share (sql-task-rows.ts). This file composes them.
 */
export { taskVisible } from './sql-task-rows.js';
export { SqlResultSealRepository, SqlTaskDirectory, SqlTaskRepository, SqlTaskResultRepository };

// ---- composition --------------------------------------------------------------------------------

/** The task ports bound to one connection or transaction. */
export function createTaskRepositories(
  db: Kysely<Database>,
  linked: LinkedRecordRegistry<Kysely<Database>>,
  clock: EngineClock,
): TaskRepositories {
  return {
    tasks: new SqlTaskRepository(db),
    directory: new SqlTaskDirectory(db),
    results: new SqlTaskResultRepository(db),
    seals: new SqlResultSealRepository(db),
    approvals: new EngineRecordApprovalPort(db, linked, clock),
    async warnDays() {
      const row = await db
        .selectFrom('sys_config')
        .select('config_value')
        .where('config_key', '=', TASK_WARN_DAYS_CONFIG_KEY)
        .executeTakeFirst();
      return parseWarnDays(row?.config_value);
    },
    timeZone: () => instituteTimeZone(db),
  };
}
