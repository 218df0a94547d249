import type { ApprovalStatus } from '../approval/approval-status.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { CONTRACT_STAGE_LABELS, type ContractStage } from './contract.js';
import { CONTRACT_ERROR_CODES as C, CONTRACT_MESSAGES as M } from './contract-messages.js';

/** The part of a contract its stage rules read and move. */
export interface ContractState {
  readonly stage: ContractStage;
  readonly status: ApprovalStatus;
  readonly effective: boolean;
  readonly approvalId: string | null;
  readonly convertedFrom: 'stay' | 'declare' | null;
  readonly deleted: boolean;
}

/** What can happen to a contract (001 §4). */
export type ContractEvent =
  | { readonly type: 'edit' }
  | { readonly type: 'rename' }
  | { readonly type: 'delete' }
  | { readonly type: 'deleteUnEffective' }
  | { readonly type: 'setEffective'; readonly effective: boolean }
  | { readonly type: 'convertByStaySign' }
  | { readonly type: 'convertByDeclareProject' }
  | { readonly type: 'submit'; readonly approvalId: string }
  | {
      readonly type: 'approvalEnded';
      readonly approvalId: string;
      readonly status: ApprovalStatus;
    };

export const contractErrors = {
  notFound: (): DomainError => domainError(C.notFound, M.notFound),
  locked: (): DomainError => domainError(C.locked, M.locked),
  approved: (): DomainError => domainError(C.approved, M.approved),
  wrongStage: (action: string, stage: ContractStage): DomainError =>
    domainError(C.wrongStage, M.wrongStage(action, CONTRACT_STAGE_LABELS[stage])),
  effectiveNotDeletable: (): DomainError => domainError(C.effective, M.effectiveNotDeletable),
  staleVersion: (): DomainError => domainError(C.staleVersion, M.staleVersion),
  duplicateNo: (): DomainError => domainError(C.duplicateNo, M.duplicateNo, 'contractNo'),
} as const;

/**
 * The initial state of a record added in a stage. addHistory records what was signed or filed
 * before the system: a contract is formal at once, a declared project approved (`history`).
 */
export function initialContractState(stage: ContractStage, history = false): ContractState {
  return {
    stage,
    status: stage === 'formal' || history ? 1 : -1,
    effective: stage !== 'stay',
    approvalId: null,
    convertedFrom: null,
    deleted: false,
  };
}

/** In approval: nothing may change it until the approval ends. */
export const isLocked = (s: ContractState): boolean => s.status === 0;
/** Approved (or recorded as signed): final; a correction is a contract change (28_1). */
export const isApproved = (s: ContractState): boolean => s.status === 1 || s.stage === 'formal';

function guardChangeable(s: ContractState): DomainError | null {
  if (s.deleted) return contractErrors.notFound();
  if (isLocked(s)) return contractErrors.locked();
  if (isApproved(s)) return contractErrors.approved();
  return null;
}

/**
 * The stage rules: the state after `event`, or the refusal. Pure, so the web can grey out what
 * the server would refuse, and property tests can walk every sequence.
 * - edit, delete: not in approval, not approved;
 * - rename (modifyContractName): any stage, not while in approval;
 * - setEffective, deleteUnEffective: unsigned contracts only; the latter only while not effective;
 * - convertByStaySign / convertByDeclareProject: from 'stay' / 'declare' only (so never twice), not
 *   in approval; the contract starts as a draft to submit for review; a converted unsigned
 *   contract was signed, so it is effective;
 * - submit: a contract ('contract') or a declared project, when a draft, rejected or withdrawn;
 * - approvalEnded: only for the approval the record is waiting on; approved moves a contract to
 *   'formal'; rejected or withdrawn unlock it.
 */
export function applyContractEvent(s: ContractState, event: ContractEvent): Result<ContractState> {
  if (s.deleted) return err(contractErrors.notFound());
  switch (event.type) {
    case 'edit': {
      const refused = guardChangeable(s);
      return refused ? err(refused) : ok(s);
    }
    case 'rename':
      return isLocked(s) ? err(contractErrors.locked()) : ok(s);
    case 'delete': {
      const refused = guardChangeable(s);
      return refused ? err(refused) : ok({ ...s, deleted: true });
    }
    case 'deleteUnEffective':
      if (s.stage !== 'stay') return err(contractErrors.wrongStage('删除未生效合同', s.stage));
      if (s.effective) return err(contractErrors.effectiveNotDeletable());
      return ok({ ...s, deleted: true });
    case 'setEffective':
      if (s.stage !== 'stay') return err(contractErrors.wrongStage('确认生效', s.stage));
      return ok({ ...s, effective: event.effective });
    case 'convertByStaySign':
    case 'convertByDeclareProject': {
      const from = event.type === 'convertByStaySign' ? 'stay' : 'declare';
      if (s.stage !== from) return err(contractErrors.wrongStage('转为合同', s.stage));
      if (isLocked(s)) return err(contractErrors.locked());
      return ok({
        stage: 'contract',
        status: -1,
        effective: true,
        approvalId: null,
        convertedFrom: from,
        deleted: false,
      });
    }
    case 'submit':
      if (s.stage !== 'contract' && s.stage !== 'declare') {
        return err(contractErrors.wrongStage('提交审批', s.stage));
      }
      if (isLocked(s)) return err(contractErrors.locked());
      if (isApproved(s)) return err(contractErrors.approved());
      return ok({ ...s, status: 0, approvalId: event.approvalId });
    case 'approvalEnded':
      // An approval the record no longer waits on (an older round) moves nothing.
      if (s.approvalId !== event.approvalId || s.status !== 0) return ok(s);
      if (event.status === 1) {
        return ok({ ...s, status: 1, stage: s.stage === 'contract' ? 'formal' : s.stage });
      }
      if (event.status === 2 || event.status === 3) return ok({ ...s, status: event.status });
      return ok(s);
  }
}
