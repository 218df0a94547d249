import type { LinkedRecordRegistry } from '../approval/linked-record-registry.js';
import type { RecordPortsOf } from '../approval/linked-record-ports.js';
import { ok } from '../shared/result.js';
import type { ContractDocumentRepositories } from './contract-document.repository.port.js';
import {
  CONTRACT_DOCUMENT_RECORD_KIND,
  moveContractDocumentOnApproval,
} from './contract-document.use-case.js';

/**
 * The document's linked-record handler, in the approval's transaction: the document takes the
 * status of the approval it waits on (approved, rejected, withdrawn), and a resubmission from
 * the approval centre puts it back in approval.
 */
export function registerContractDocumentRecords<Tx>(
  linked: LinkedRecordRegistry<Tx>,
  repositoriesOf: RecordPortsOf<Tx, Pick<ContractDocumentRepositories, 'documents'>>,
): LinkedRecordRegistry<Tx> {
  if (linked.kinds().includes(CONTRACT_DOCUMENT_RECORD_KIND)) return linked;
  return linked.register(CONTRACT_DOCUMENT_RECORD_KIND, (tx) => ({
    approvalEnded: (event) => moveContractDocumentOnApproval(repositoriesOf(tx, event.at), event),
    approvalSent: async (event) =>
      event.round <= 1
        ? ok(undefined)
        : moveContractDocumentOnApproval(repositoriesOf(tx, event.at), { ...event, status: 0 }),
    authorOf: (recordId) => repositoriesOf(tx).documents.authorOf(recordId),
  }));
}
