import { approvalMessages } from '../approval/approval-messages.js';
import type {
  ApprovalEndedEvent,
  ApprovalSentEvent,
} from '../approval/approval.repository.port.js';
import type { LinkedRecordRegistry } from '../approval/linked-record-registry.js';
import type { RecordPortsOf } from '../approval/linked-record-ports.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import type { ContractChildRepository } from './contract-child.js';
import {
  CONTRACT_CHILD_RECORD_KIND,
  type ContractChildRepositories,
} from './contract-child.use-case.js';

/**
 * The sub-contract's linked-record handler, in the approval's transaction. Sending locks the
 * sub-contract here, first submission included, only while it is a draft, rejected or withdrawn
 * (the caller, updateToApproval, checked who may send it). Approved marks it approved; rejected
 * or withdrawn unlock it.
 */
export function registerContractChildRecords<Tx>(
  linked: LinkedRecordRegistry<Tx>,
  repositoriesOf: RecordPortsOf<Tx, Pick<ContractChildRepositories, 'children'>>,
): LinkedRecordRegistry<Tx> {
  return linked.register(CONTRACT_CHILD_RECORD_KIND, (tx) => ({
    approvalSent: (event) => lockChildOnSend(repositoriesOf(tx, event.at).children, event),
    approvalEnded: (event) => moveChildOnEnd(repositoriesOf(tx, event.at).children, event),
    authorOf: (recordId) => repositoriesOf(tx).children.authorOf(recordId),
    // A 项目经理 or 设计主持 node of a sub-contract's flow: its contract's design tasks' people.
    personOf: (recordId, field) => repositoriesOf(tx).children.personOf(recordId, field),
  }));
}

const childNotFound = (): DomainError =>
  domainError('CONTRACT.CHILD_NOT_FOUND', '分包合同不存在或已被删除', 'recordId');

function lockedChild(children: ContractChildRepository, recordId: string) {
  const id = Number(recordId);
  return Number.isSafeInteger(id) ? children.lockApprovalState(id) : Promise.resolve(null);
}

// The sub-contract is locked (lockApprovalState) until the transaction ends, so its version
// cannot move under the writes below: save always writes.

async function lockChildOnSend(
  children: ContractChildRepository,
  event: ApprovalSentEvent,
): Promise<Result<void>> {
  const c = await lockedChild(children, event.recordId);
  if (c === null) return err(childNotFound());
  const mine = c.approvalId === event.approvalId;
  if (c.status === 0 && mine) return ok(undefined);
  // Locked by another approval, approved, or recorded before the system: nothing to send.
  if (c.status === 0 || c.status === 1 || c.history || (event.round > 1 && !mine)) {
    return err(approvalMessages.recordSuperseded());
  }
  await children.save(
    c.contractChildId,
    c.version,
    { status: 0, approvalId: event.approvalId },
    event.at,
  );
  return ok(undefined);
}

async function moveChildOnEnd(
  children: ContractChildRepository,
  event: ApprovalEndedEvent,
): Promise<Result<void>> {
  const c = await lockedChild(children, event.recordId);
  if (c === null) return err(childNotFound());
  // An approval the sub-contract no longer waits on moves nothing.
  if (c.approvalId !== event.approvalId || c.status !== 0) return ok(undefined);
  await children.save(c.contractChildId, c.version, { status: event.status }, event.at);
  return ok(undefined);
}
