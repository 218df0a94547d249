import type { LinkedRecordRegistry } from '../approval/linked-record-registry.js';
import type { RecordPortsOf } from '../approval/linked-record-ports.js';
import { LOAN_RECORD_KIND } from './fund-service-base.js';
import type { FundRepositories } from './fund.repository.port.js';
import { moveLoanOnApproval } from './fund.use-case.js';

/**
 * Registers the loan's handler: an approved loan agreement posts the loan in its transaction, and
 * the loan's applicant (its `user_id`) is its author, kept off its approval even when a colleague
 * sends it (separation of duties).
 */
export function registerFundRecords<Tx>(
  linked: LinkedRecordRegistry<Tx>,
  repositoriesOf: RecordPortsOf<Tx, FundRepositories>,
): LinkedRecordRegistry<Tx> {
  return linked.register(LOAN_RECORD_KIND, (tx) => ({
    approvalEnded: (event) => moveLoanOnApproval(repositoriesOf(tx, event.at), event),
    authorOf: (recordId) => repositoriesOf(tx).loans.authorOf(recordId),
  }));
}
