import { firstRefusal, requirePermission, type ActionActor } from '../session/action-actor.js';
import type { Result } from '../shared/result.js';
import type { ContractStage } from './contract.js';
import { applyContractEvent, type ContractEvent, type ContractState } from './contract-rules.js';

/**
 * What the contract lists (未签合同, 立项, 合同) offer on a row, and what the contract routes
 * accept, decided once: the route's permission (`project:{stay|declare|contract}:{button}`), then
 * the stage rules of `applyContractEvent`, which the use cases apply to the stored record.
 */
export type ContractAction = 'edit' | 'submit' | 'remove' | 'convert' | 'setEffective';

/** The permission prefix of each stage's routes: a formal contract is under 合同 like a draft. */
const STAGE_PERMISSION: Readonly<Record<ContractStage, string>> = {
  stay: 'project:stay',
  declare: 'project:declare',
  contract: 'project:contract',
  formal: 'project:contract',
};
/** The button each action is under; sending to approval is part of editing (`:edit`). */
const BUTTON: Readonly<Record<ContractAction, string>> = {
  edit: 'edit',
  submit: 'edit',
  remove: 'remove',
  convert: 'convert',
  setEffective: 'effective',
};

export const contractActionPermission = (stage: ContractStage, action: ContractAction): string =>
  `${STAGE_PERMISSION[stage]}:${BUTTON[action]}`;

/** The stage event an action is, for a record in `stage`. */
function eventOf(action: ContractAction, stage: ContractStage): ContractEvent {
  switch (action) {
    case 'edit':
      return { type: 'edit' };
    case 'submit':
      return { type: 'submit', approvalId: '' };
    case 'remove':
      return { type: 'delete' };
    case 'convert':
      return { type: stage === 'declare' ? 'convertByDeclareProject' : 'convertByStaySign' };
    case 'setEffective':
      return { type: 'setEffective', effective: true };
  }
}

/** A listed contract as the rule reads it. */
export type ContractActionSubject = Pick<ContractState, 'stage' | 'status' | 'approvalId'> & {
  /** '1' or true once an unsigned contract is confirmed effective. */
  readonly effective: boolean | '0' | '1';
};

export function contractActionCheck(
  action: ContractAction,
  c: ContractActionSubject,
  actor: ActionActor,
): Result<void> {
  const state: ContractState = {
    stage: c.stage,
    status: c.status,
    approvalId: c.approvalId,
    effective: c.effective === true || c.effective === '1',
    convertedFrom: null,
    deleted: false,
  };
  return firstRefusal(
    () => requirePermission(actor, contractActionPermission(c.stage, action)),
    () => {
      const moved = applyContractEvent(state, eventOf(action, c.stage));
      return moved.ok ? { ok: true, value: undefined } : moved;
    },
  );
}

export const mayActOnContract = (
  action: ContractAction,
  c: ContractActionSubject,
  actor: ActionActor,
): boolean => contractActionCheck(action, c, actor).ok;
