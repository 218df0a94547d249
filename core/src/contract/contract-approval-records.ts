import { approvalMessages } from '../approval/approval-messages.js';
import type { ApprovalSentEvent } from '../approval/approval.repository.port.js';
import type { LinkedRecordRegistry } from '../approval/linked-record-registry.js';
import type { RecordPortsOf } from '../approval/linked-record-ports.js';
import { err, ok, type Result } from '../shared/result.js';
import { applyChangeOnApproval, CONTRACT_CHANGE_RECORD_KIND } from './contract-change.js';
import {
  CONTRACT_RECORD_KIND,
  diffFields,
  moveContractOnApproval,
  saveMovedState,
  stateOf,
} from './contract-record.js';
import { applyContractEvent, contractErrors } from './contract-rules.js';
import type { ContractRepositories, ContractRepository } from './contract.repository.port.js';

/**
 * Registers the contract change handler: an approved change applies its fields (split
 * recomputed) in the approval's transaction; rejected or withdrawn release the contract.
 */
export function registerContractChangeRecords<Tx>(
  linked: LinkedRecordRegistry<Tx>,
  repositoriesOf: RecordPortsOf<Tx, ContractRepositories>,
): LinkedRecordRegistry<Tx> {
  return linked.register(CONTRACT_CHANGE_RECORD_KIND, (tx) => ({
    // A change rejected or withdrawn and sent again from the approval centre holds the contract
    // again; the first round is requestChange's, which holds it itself.
    approvalSent: (event) => holdContractOnChangeResent(repositoriesOf(tx, event.at), event),
    approvalEnded: (event) => {
      const repos = repositoriesOf(tx, event.at);
      return applyChangeOnApproval(repos, () => repos.rates.current(), {
        approvalId: event.approvalId,
        recordId: event.recordId,
        status: event.status,
        at: event.at,
      });
    },
  }));
}

/**
 * Registers the contract's linked-record handler, in the approval's transaction: an approval of a
 * contract that ends moves the contract (an approved review makes it formal; a rejected or
 * withdrawn one unlocks it), and one resubmitted from the approval centre locks it again.
 */
export function registerContractRecords<Tx>(
  linked: LinkedRecordRegistry<Tx>,
  repositoriesOf: RecordPortsOf<Tx, Pick<ContractRepositories, 'contracts'>>,
): LinkedRecordRegistry<Tx> {
  return linked.register(CONTRACT_RECORD_KIND, (tx) => ({
    approvalEnded: (event) =>
      moveContractOnApproval(repositoriesOf(tx, event.at).contracts, {
        approvalId: event.approvalId,
        recordId: event.recordId,
        status: event.status,
        at: event.at,
      }),
    approvalSent: (event) =>
      relockContractOnResubmit(repositoriesOf(tx, event.at).contracts, event),
    authorOf: (recordId) => repositoriesOf(tx).contracts.authorOf(recordId),
    // A 项目经理 or 设计主持 node of a contract's flow: its design tasks' people.
    personOf: (recordId, field) => repositoriesOf(tx).contracts.personOf(recordId, field),
  }));
}

async function holdContractOnChangeResent(
  repos: Pick<ContractRepositories, 'contracts' | 'changes'>,
  event: ApprovalSentEvent,
): Promise<Result<void>> {
  if (event.round <= 1) return ok(undefined);
  const change = await repos.changes.findById(Number(event.recordId));
  if (change === null || change.approvalId !== event.approvalId)
    return err(approvalMessages.recordSuperseded());
  const c = await repos.contracts.lockById(change.contractId, null);
  if (c === null) return err(contractErrors.notFound());
  if (c.changeId !== null && c.changeId !== undefined && c.changeId !== change.changeId)
    return err(approvalMessages.recordSuperseded());
  await repos.changes.setStatus(change.changeId, 0, event.at);
  const saved = await repos.contracts.save(
    c.contractId,
    c.version,
    { changeId: change.changeId },
    event.at,
  );
  if (!saved.ok) return saved;
  return saved.value === null ? err(contractErrors.staleVersion()) : ok(undefined);
}

/**
 * A rejected or withdrawn review sent again locks its contract again. The first submission is
 * updateToApproval's, which locks the contract itself. A contract sent since with another
 * approval, or approved, refuses: one contract never has two approvals running.
 */
async function relockContractOnResubmit(
  contracts: ContractRepository,
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
  const saved = await saveMovedState(contracts, c, moved.value, event.at);
  if (!saved.ok) return saved;
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
