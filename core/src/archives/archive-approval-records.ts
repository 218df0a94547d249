import type { LinkedRecordRegistry } from '../approval/linked-record-registry.js';
import type { RecordPortsOf } from '../approval/linked-record-ports.js';
import { ARCHIVE_BORROW_RECORD_KIND } from './archive-borrow.js';
import type { ArchiveRepositories } from './archives.repository.port.js';
import { moveBorrowOnApproval } from './archives.use-case.js';

/** Registers the borrowing's handler: an approved 27_1 opens the archive to the borrower. */
export function registerArchiveRecords<Tx>(
  linked: LinkedRecordRegistry<Tx>,
  repositoriesOf: RecordPortsOf<Tx, ArchiveRepositories>,
): LinkedRecordRegistry<Tx> {
  return linked.register(ARCHIVE_BORROW_RECORD_KIND, (tx) => ({
    approvalEnded: (event) => moveBorrowOnApproval(repositoriesOf(tx, event.at), event),
    authorOf: (recordId) => repositoriesOf(tx).borrows.authorOf(recordId),
  }));
}
