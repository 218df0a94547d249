import {
  approvalMessages,
  domainError,
  err,
  ok,
  type ApprovalSentEvent,
  type ApprovalEndedEvent,
  type DomainError,
  type LinkedRecordRegistry,
  type Result,
} from '@dpms/core';
import { type Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { recordAuthor } from './record-author.js';
import { contractChildPeople } from './record-people.js';

/** The linked record kind of sub-contract approvals (the approval's recordId is contractChildId). */
export const CONTRACT_CHILD_RECORD_KIND = 'contractChild';

/**
 * The sub-contract's linked-record handler, in the approval's transaction. Sending locks the
 * sub-contract here, first submission included, only while it is a draft, rejected or withdrawn
 * (the caller, updateToApproval, checked who may send it). Approved marks it approved; rejected
 * or withdrawn unlock it.
 */
export function registerContractChildRecords(
  linked: LinkedRecordRegistry<Kysely<Database>>,
): LinkedRecordRegistry<Kysely<Database>> {
  return linked.register(CONTRACT_CHILD_RECORD_KIND, (trx) => ({
    approvalSent: (event) => lockChildOnSend(trx, event),
    approvalEnded: (event) => moveChildOnEnd(trx, event),
    authorOf: (recordId) => recordAuthor(trx, 'contract_child', recordId),
    // A 项目经理 or 设计主持 node of a sub-contract's flow: its contract's design tasks' people.
    personOf: (recordId, field) => contractChildPeople(trx, recordId, field),
  }));
}

const childNotFound = (): DomainError =>
  domainError('CONTRACT.CHILD_NOT_FOUND', '分包合同不存在或已被删除', 'recordId');

async function lockedChild(trx: Kysely<Database>, recordId: string) {
  const id = Number(recordId);
  if (!Number.isSafeInteger(id)) return undefined;
  return trx
    .selectFrom('contract_child')
    .select(['contract_child_id', 'status', 'approval_id', 'history', 'version'])
    .where('contract_child_id', '=', id)
    .where('del_flag', '=', '0')
    .forUpdate()
    .executeTakeFirst();
}

async function lockChildOnSend(
  trx: Kysely<Database>,
  event: ApprovalSentEvent,
): Promise<Result<void>> {
  const c = await lockedChild(trx, event.recordId);
  if (c === undefined) return err(childNotFound());
  const mine = String(c.approval_id) === event.approvalId;
  if (c.status === 0 && mine) return ok(undefined);
  // Locked by another approval, approved, or recorded before the system: nothing to send.
  if (c.status === 0 || c.status === 1 || c.history || (event.round > 1 && !mine)) {
    return err(approvalMessages.recordSuperseded());
  }
  await trx
    .updateTable('contract_child')
    .set({
      status: 0,
      approval_id: Number(event.approvalId),
      version: c.version + 1,
      update_time: event.at,
    })
    .where('contract_child_id', '=', c.contract_child_id)
    .execute();
  return ok(undefined);
}

async function moveChildOnEnd(
  trx: Kysely<Database>,
  event: ApprovalEndedEvent,
): Promise<Result<void>> {
  const c = await lockedChild(trx, event.recordId);
  if (c === undefined) return err(childNotFound());
  // An approval the sub-contract no longer waits on moves nothing.
  if (String(c.approval_id) !== event.approvalId || c.status !== 0) return ok(undefined);
  await trx
    .updateTable('contract_child')
    .set({ status: event.status, version: c.version + 1, update_time: event.at })
    .where('contract_child_id', '=', c.contract_child_id)
    .execute();
  return ok(undefined);
}
