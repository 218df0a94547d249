import type { LinkedRecordRegistry } from '../approval/linked-record-registry.js';
import type { RecordPortsOf } from '../approval/linked-record-ports.js';
import { err, ok, type DomainError, type Result } from '../shared/result.js';
import type { DesignTask } from './task.js';
import { lockTaskOnSend, moveTaskOnEnd, TASK_RECORD_KIND } from './task-approval.js';
import { moveSealOnApproval, RESULT_SEAL_RECORD_KIND } from './task-inputs.js';
import { taskErrors } from './task-messages.js';
import type { TaskChanges, TaskRepositories, TaskRepository } from './task.repository.port.js';
import { TASK_VALUE_RECORD_KIND, TaskValueApprovals } from './task-value-approval.service.js';

/** Writes the sheet's move at the version it was read at; a concurrent write refuses. */
async function moveTask(
  tasks: TaskRepository,
  recordId: string,
  decide: (t: DesignTask) => Result<TaskChanges | null, DomainError> | TaskChanges | null,
  at: Date,
): Promise<Result<void, DomainError>> {
  const taskId = Number(recordId);
  if (!Number.isSafeInteger(taskId) || !(await tasks.lock(taskId)))
    return err(taskErrors.notFound());
  const t = await tasks.findById(taskId, null);
  if (t === null) return err(taskErrors.notFound());
  const decided = decide(t);
  const changes = decided !== null && 'ok' in decided ? decided : ok(decided);
  if (!changes.ok) return changes;
  if (changes.value === null) return ok(undefined);
  const saved = await tasks.save(taskId, t.version, changes.value, at);
  if (!saved.ok) return saved;
  return saved.value === null ? err(taskErrors.staleVersion()) : ok(undefined);
}

/**
 * The task sheet's linked-record handler (3_x), in the approval's transaction: sending locks the
 * sheet with its approval (from the sheet's screen, or from the approval centre naming the task);
 * approval marks it approved, rejection or withdrawal opens it again. Its creator is kept off its
 * approval like the sender.
 */
export function registerTaskSheetRecords<Tx>(
  linked: LinkedRecordRegistry<Tx>,
  repositoriesOf: RecordPortsOf<Tx, Pick<TaskRepositories, 'tasks'>>,
): LinkedRecordRegistry<Tx> {
  return linked.register(
    TASK_RECORD_KIND,
    (tx) => ({
      approvalSent: (event) =>
        moveTask(
          repositoriesOf(tx, event.at).tasks,
          event.recordId,
          (t) => lockTaskOnSend(t, event),
          event.at,
        ),
      approvalEnded: (event) =>
        moveTask(
          repositoriesOf(tx, event.at).tasks,
          event.recordId,
          (t) => moveTaskOnEnd(t, event),
          event.at,
        ),
      authorOf: (recordId) => repositoriesOf(tx).tasks.authorOf(recordId),
      // The sheet's 项目经理 and 设计主持 nodes follow the sheet as it is now.
      personOf: (recordId, field) => repositoriesOf(tx).tasks.personOf(recordId, field),
    }),
    { linkableFromCentre: true },
  );
}

/**
 * Registers the design task's handlers: the sheet's (3_x, `registerTaskSheetRecords`), the output
 * value confirmation's (4_x) and the result seal's (13_1, 25_x). An approved seal request is
 * stamped in the approval's transaction, and its applicant (the request's creator) is kept off its
 * approval. Only the applicant sends a request today, so the author is also the drafter; naming
 * the author keeps the rule when someone else ever sends it (a resubmission from the approval
 * centre).
 */
export function registerTaskRecords<Tx>(
  linked: LinkedRecordRegistry<Tx>,
  repositoriesOf: RecordPortsOf<Tx, TaskRepositories>,
): LinkedRecordRegistry<Tx> {
  registerTaskSheetRecords(linked, repositoriesOf);
  // An output value confirmation (4_x): approved, the amount is confirmed by the value rule.
  linked.register(TASK_VALUE_RECORD_KIND, (tx) => ({
    // Its 项目经理 node is the task's project manager as the task says now, not the form's copy.
    personOf: (recordId, field) => repositoriesOf(tx).tasks.personOf(recordId, field),
    approvalEnded: (event) => {
      const repos = repositoriesOf(tx, event.at);
      // Already in the approval's transaction: the rule runs on the ports bound to it.
      return new TaskValueApprovals(
        { transaction: (fn) => fn(repos) },
        { now: () => event.at },
      ).approved(repos, event);
    },
  }));
  return linked.register(RESULT_SEAL_RECORD_KIND, (tx) => ({
    authorOf: (recordId) => repositoriesOf(tx).seals.authorOf(recordId),
    personOf: (recordId, field) => repositoriesOf(tx).seals.personOf(recordId, field),
    approvalEnded: (event) =>
      moveSealOnApproval(repositoriesOf(tx, event.at), {
        approvalId: event.approvalId,
        recordId: event.recordId,
        status: event.status,
        at: event.at,
      }),
  }));
}
