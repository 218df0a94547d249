import {
  err,
  lockTaskOnSend,
  moveTaskOnEnd,
  ok,
  TASK_RECORD_KIND,
  taskErrors,
  type DomainError,
  type LinkedRecordRegistry,
  type Result,
  type TaskChanges,
} from '@dpms/core';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { recordAuthor } from './record-author.js';
import { taskPeople } from './record-people.js';
import { SqlTaskRepository } from './sql-task-sheet.repository.js';

/** Writes the sheet's move at the version it was read at; a concurrent write refuses. */
async function moveTask(
  repo: SqlTaskRepository,
  recordId: string,
  decide: (
    t: NonNullable<Awaited<ReturnType<SqlTaskRepository['findById']>>>,
  ) => Result<TaskChanges | null, DomainError> | TaskChanges | null,
  at: Date,
): Promise<Result<void, DomainError>> {
  const taskId = Number(recordId);
  if (!Number.isSafeInteger(taskId) || !(await repo.lock(taskId)))
    return err(taskErrors.notFound());
  const t = await repo.findById(taskId, null);
  if (t === null) return err(taskErrors.notFound());
  const decided = decide(t);
  const changes = decided !== null && 'ok' in decided ? decided : ok(decided);
  if (!changes.ok) return changes;
  if (changes.value === null) return ok(undefined);
  const saved = await repo.save(taskId, t.version, changes.value, at);
  if (!saved.ok) return saved;
  return saved.value === null ? err(taskErrors.staleVersion()) : ok(undefined);
}

/**
 * The task sheet's linked-record handler (3_x), in the approval's transaction: sending locks the
 * sheet with its approval (from the sheet's screen, or from the approval centre naming the task);
 * approval marks it approved, rejection or withdrawal opens it again. Its creator is kept off its
 * approval like the sender.
 */
export function registerTaskSheetRecords(
  linked: LinkedRecordRegistry<Kysely<Database>>,
): LinkedRecordRegistry<Kysely<Database>> {
  return linked.register(
    TASK_RECORD_KIND,
    (trx) => {
      const repo = new SqlTaskRepository(trx);
      return {
        approvalSent: (event) =>
          moveTask(repo, event.recordId, (t) => lockTaskOnSend(t, event), event.at),
        approvalEnded: (event) =>
          moveTask(repo, event.recordId, (t) => moveTaskOnEnd(t, event), event.at),
        authorOf: (recordId) => recordAuthor(trx, 'design_task', recordId),
        // The sheet's 项目经理 and 设计主持 nodes follow the sheet as it is now.
        personOf: (recordId, field) => taskPeople(trx, recordId, field),
      };
    },
    { linkableFromCentre: true },
  );
}
