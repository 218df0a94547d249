import type { LinkedRecordRegistry } from '../approval/linked-record-registry.js';
import type { RecordPortsOf } from '../approval/linked-record-ports.js';
import { ok } from '../shared/result.js';
import { FUND_PAY_RECORD_KIND } from './fund-pay.js';
import { fundPayResent, moveFundPayOnApproval } from './fund-pay-approval.js';
import type { FundPayRepositories } from './fund-pay.repository.port.js';

/**
 * Registers the payment's handler: approved, the payment is paid (its ledger movement) in the
 * approval's transaction; sent again from the approval centre, it is in approval again.
 */
export function registerFundPayRecords<Tx>(
  linked: LinkedRecordRegistry<Tx>,
  repositoriesOf: RecordPortsOf<Tx, FundPayRepositories>,
): LinkedRecordRegistry<Tx> {
  return linked.register(FUND_PAY_RECORD_KIND, (tx) => ({
    approvalEnded: (event) => moveFundPayOnApproval(repositoriesOf(tx, event.at), event),
    approvalSent: async (event) => {
      if (event.round <= 1) return ok(undefined);
      return fundPayResent(repositoriesOf(tx, event.at), event);
    },
    authorOf: (recordId) => repositoriesOf(tx).pays.authorOf(recordId),
  }));
}
