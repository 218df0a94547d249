import { ok, type Result } from '../shared/result.js';
import type { ApprovalLogEntry, ApprovalState } from './approval-state-machine.js';
import type { ApprovalRecord, ApprovalRepositories } from './approval.repository.port.js';

/**
 * Tells the linked record's handler what the action did to its approval, in the action's
 * transaction: sent (submit, resubmit) locks it, approved moves it, rejected and withdrawn unlock
 * it. Return, transfer, cc and urge leave the approval in approval: the record hears nothing.
 */
export function moveLinkedRecord(
  repos: ApprovalRepositories,
  record: ApprovalRecord,
  action: ApprovalLogEntry['action'],
  state: ApprovalState,
  now: Date,
): Promise<Result<void>> {
  if (record.recordKind === null || record.recordId === null) return Promise.resolve(ok(undefined));
  const event = {
    approvalId: record.approvalId,
    typeCode: record.typeCode,
    recordKind: record.recordKind,
    recordId: record.recordId,
    status: state.status,
    content: record.content,
    drafterId: state.drafterId,
    at: now,
  };
  if (action === 'submit' || action === 'resubmit') {
    return repos.linkedRecords.approvalSent({ ...event, round: state.round });
  }
  const ends =
    (action === 'approve' && state.status === 1) || action === 'reject' || action === 'withdraw';
  // cc after approval leaves status 1 as it was: the record has moved already.
  return ends ? repos.linkedRecords.approvalEnded(event) : Promise.resolve(ok(undefined));
}
