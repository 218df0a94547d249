/** The linked-record handlers of contracts and contract changes, run in the approval's transaction. */
import {
  applyChangeOnApproval,
  CONTRACT_CHANGE_RECORD_KIND,
  applyContractEvent,
  approvalMessages,
  contractErrors,
  diffFields,
  stateOf,
  type ApprovalSentEvent,
  CONTRACT_RECORD_KIND,
  moveContractOnApproval,
  err,
  ok,
  type LinkedRecordRegistry,
  type Result,
} from '@dpms/core';
import { type Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { recordAuthor } from './record-author.js';
import { contractRecordPeople } from './record-people.js';
import { SqlContractRepository } from './sql-contract-table.js';
import { SqlContractChangeRepository } from './sql-contract-change.repository.js';
import { SqlFeeRateSource } from './sql-contract-ports.js';

/**
 * Registers the contract change handler: an approved change applies its fields (split
 * recomputed) in the approval's transaction; rejected or withdrawn release the contract.
 */
export function registerContractChangeRecords(
  linked: LinkedRecordRegistry<Kysely<Database>>,
): LinkedRecordRegistry<Kysely<Database>> {
  return linked.register(CONTRACT_CHANGE_RECORD_KIND, (trx) => ({
    // A change rejected or withdrawn and sent again from the approval centre holds the contract
    // again; the first round is requestChange's, which holds it itself.
    approvalSent: async (event) => {
      if (event.round <= 1) return ok(undefined);
      const changes = new SqlContractChangeRepository(trx);
      const change = await changes.findById(Number(event.recordId));
      if (change === null || change.approvalId !== event.approvalId)
        return err(approvalMessages.recordSuperseded());
      const contracts = new SqlContractRepository(trx);
      const c = await contracts.lockById(change.contractId, null);
      if (c === null) return err(contractErrors.notFound());
      if (c.changeId !== null && c.changeId !== undefined && c.changeId !== change.changeId)
        return err(approvalMessages.recordSuperseded());
      await changes.setStatus(change.changeId, 0, event.at);
      const saved = await contracts.save(
        c.contractId,
        c.version,
        { changeId: change.changeId },
        event.at,
      );
      if (!saved.ok) return saved;
      return saved.value === null ? err(contractErrors.staleVersion()) : ok(undefined);
    },
    approvalEnded: (event) =>
      applyChangeOnApproval(
        {
          contracts: new SqlContractRepository(trx),
          changes: new SqlContractChangeRepository(trx),
        },
        () => new SqlFeeRateSource(trx).current(),
        {
          approvalId: event.approvalId,
          recordId: event.recordId,
          status: event.status,
          at: event.at,
        },
      ),
  }));
}

/**
 * Registers the contract's linked-record handler, in the approval's transaction: an approval of a
 * contract that ends moves the contract (an approved review makes it formal; a rejected or
 * withdrawn one unlocks it), and one resubmitted from the approval centre locks it again.
 */
export function registerContractRecords(
  linked: LinkedRecordRegistry<Kysely<Database>>,
): LinkedRecordRegistry<Kysely<Database>> {
  return linked.register(CONTRACT_RECORD_KIND, (trx) => ({
    approvalEnded: (event) =>
      moveContractOnApproval(new SqlContractRepository(trx), {
        approvalId: event.approvalId,
        recordId: event.recordId,
        status: event.status,
        at: event.at,
      }),
    approvalSent: (event) => relockContractOnResubmit(new SqlContractRepository(trx), event),
    authorOf: (recordId) => recordAuthor(trx, 'contract', recordId),
    // A 项目经理 or 设计主持 node of a contract's flow: its design tasks' people.
    personOf: (recordId, field) => contractRecordPeople(trx, recordId, field),
  }));
}

/**
 * A rejected or withdrawn review sent again locks its contract again. The first submission is
 * updateToApproval's, which locks the contract itself. A contract sent since with another
 * approval, or approved, refuses: one contract never has two approvals running.
 */
async function relockContractOnResubmit(
  contracts: SqlContractRepository,
  event: ApprovalSentEvent,
): Promise<Result<void>> {
  if (event.round <= 1) return ok(undefined);
  const id = Number(event.recordId);
  const c = Number.isSafeInteger(id) ? await contracts.lockById(id, null) : null;
  if (c === null) return err(contractErrors.notFound());
  if (c.approvalId !== event.approvalId) return err(approvalMessages.recordSuperseded());
  if (c.status === 0) return ok(undefined);
  const before = stateOf(c);
  const moved = applyContractEvent(before, { type: 'submit', approvalId: event.approvalId });
  if (!moved.ok) return moved;
  const saved = await contracts.save(c.contractId, c.version, { state: moved.value }, event.at);
  if (!saved.ok) return saved;
  if (saved.value === null) return err(contractErrors.staleVersion());
  await contracts.appendHistory({
    contractId: c.contractId,
    action: 'approvalResubmitted',
    changes: diffFields({ status: before.status }, { status: moved.value.status }),
    userId: 0,
    userName: '审批流程',
    at: event.at,
  });
  return ok(undefined);
}
