import type { LinkedRecordRegistry } from '../approval/linked-record-registry.js';
import type { RecordPortsOf } from '../approval/linked-record-ports.js';
import { ok } from '../shared/result.js';
import { CLOSING_RECORD_KIND, type ClosingKind } from './closing.js';
import type { ClosingRepositories } from './closing.repository.port.js';
import { moveClosingOnApproval } from './closing.use-case.js';

/**
 * The closing's linked-record handler, in the approval's transaction: approved moves the record
 * and writes its amounts onto the contract; rejected or withdrawn unlock it; a resubmission from
 * the approval centre locks it again.
 */
export function registerClosedCaseRecords<Tx>(
  linked: LinkedRecordRegistry<Tx>,
  repositoriesOf: RecordPortsOf<Tx, ClosingRepositories>,
): LinkedRecordRegistry<Tx> {
  return linked.register(CLOSING_RECORD_KIND, (tx) => ({
    approvalEnded: (event) => moveClosingOnApproval(repositoriesOf(tx, event.at), event),
    approvalSent: async (event) => {
      if (event.round <= 1) return ok(undefined);
      const repo = repositoriesOf(tx, event.at).closing;
      const kind: ClosingKind = event.typeCode === '11_1' ? 'settle' : 'closed';
      const c = await repo.findById(Number(event.recordId), kind, { kind: 'all' }, true);
      if (c === null || c.approvalId !== event.approvalId || c.status !== 3) return ok(undefined);
      await repo.update(c.closedId, c.version, { status: 1 }, event.at);
      return ok(undefined);
    },
    authorOf: (recordId) => repositoriesOf(tx).closing.authorOf(recordId),
    personOf: (recordId, field) => repositoriesOf(tx).closing.personOf(recordId, field),
  }));
}
