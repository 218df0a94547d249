import { approvalMessages } from '../approval/approval-messages.js';
import type { LinkedRecordRegistry } from '../approval/linked-record-registry.js';
import type { RecordPortsOf } from '../approval/linked-record-ports.js';
import { err, ok } from '../shared/result.js';
import { LIXIANG_RECORD_KIND, lixiangErrors, moveLixiangOnApproval } from './lixiang.js';
import {
  applyLixiangChangeOnApproval,
  LIXIANG_CHANGE_RECORD_KIND,
  reopenLixiangChange,
  type LixiangChangeRepositories,
} from './lixiang-change.js';

/**
 * The filing's linked-record handler, in the approval's transaction: an approved filing approval
 * marks the filing approved, a rejected or withdrawn one unlocks it, and one resubmitted from the
 * approval centre locks it again (the first submission is updateToApprovalV2's, which locks it).
 */
export function registerLixiangRecords<Tx>(
  linked: LinkedRecordRegistry<Tx>,
  repositoriesOf: RecordPortsOf<Tx, LixiangChangeRepositories>,
): LinkedRecordRegistry<Tx> {
  return linked
    .register(LIXIANG_RECORD_KIND, (tx) => ({
      approvalEnded: (event) => moveLixiangOnApproval(repositoriesOf(tx, event.at).lixiang, event),
      approvalSent: async (event) => {
        if (event.round <= 1) return ok(undefined);
        const repo = repositoriesOf(tx, event.at).lixiang;
        const l = await repo.findById(Number(event.recordId), null);
        if (l === null) return err(lixiangErrors.notFound());
        if (l.approvalId !== event.approvalId || l.status === 1 || l.history) {
          return err(approvalMessages.recordSuperseded());
        }
        if (l.status === 0) return ok(undefined);
        const saved = await repo.save(l.lxId, l.version, { status: 0 }, event.at);
        return saved === null ? err(lixiangErrors.stale()) : ok(undefined);
      },
      authorOf: (recordId) => repositoriesOf(tx).lixiang.authorOf(recordId),
    }))
    .register(LIXIANG_CHANGE_RECORD_KIND, (tx) => ({
      // 备案变更 (12_x): approved, the change is applied to the filing (and logged in its history)
      // in the approval's transaction; a resubmission from the centre holds the filing again.
      approvalEnded: (event) => applyLixiangChangeOnApproval(repositoriesOf(tx, event.at), event),
      approvalSent: (event) =>
        event.round <= 1
          ? Promise.resolve(ok(undefined))
          : reopenLixiangChange(
              repositoriesOf(tx, event.at).lixiangChanges,
              event,
              approvalMessages.recordSuperseded,
            ),
    }));
}
