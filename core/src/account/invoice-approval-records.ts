import type { ApprovalSentEvent } from '../approval/approval.repository.port.js';
import type { LinkedRecordRegistry } from '../approval/linked-record-registry.js';
import type { RecordPortsOf } from '../approval/linked-record-ports.js';
import { ok, type DomainError, type Result } from '../shared/result.js';
import { checkInvoiceRoom } from './account-rules.js';
import type { AccountRepositories } from './account.repository.port.js';
import { INVOICE_RECORD_KIND, moveInvoiceOnApproval } from './invoice.use-case.js';

/**
 * The invoice request's handler, in the approval's transaction: approved invoices the request;
 * rejected or withdrawn unlock it; a resubmission from the approval centre locks it again.
 */
export function registerAccountRecords<Tx>(
  linked: LinkedRecordRegistry<Tx>,
  repositoriesOf: RecordPortsOf<Tx, AccountRepositories>,
): LinkedRecordRegistry<Tx> {
  return linked.register(INVOICE_RECORD_KIND, (tx) => ({
    approvalEnded: (event) => moveInvoiceOnApproval(repositoriesOf(tx, event.at), event),
    approvalSent: (event) => invoiceResent(repositoriesOf(tx, event.at), event),
    // Separation of duties: who made the request never signs it, whoever sends it.
    authorOf: (recordId) => repositoriesOf(tx).invoices.authorOf(recordId),
  }));
}

/** A request rejected or withdrawn and sent again is in approval again, if the contract has room. */
async function invoiceResent(
  r: AccountRepositories,
  event: ApprovalSentEvent,
): Promise<Result<void, DomainError>> {
  if (event.round <= 1) return ok(undefined);
  const i = await r.invoices.get(Number(event.recordId), { kind: 'all' }, true);
  if (i === null || i.approvalId !== event.approvalId || i.status !== 3) return ok(undefined);
  // Sent again: the room is checked again, under the contract's lock.
  const c = await r.directory.lockContract(i.contractId);
  const t = await r.invoices.contractTotals(i.contractId, i.invoiceId);
  const room = checkInvoiceRoom(i.invoiceAmount, c?.totalAmount ?? '0', t.invoiced, t.invoicing);
  if (!room.ok) return room;
  await r.invoices.update(i.invoiceId, i.version, { status: 1 }, event.at);
  return ok(undefined);
}
