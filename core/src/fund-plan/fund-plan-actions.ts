import { firstRefusal, requirePermission, type ActionActor } from '../session/action-actor.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import { FUND_PLAN_ERROR_CODES as C, FUND_PLAN_MESSAGES as M } from './fund-plan-messages.js';
import { fundPlanEditable } from './fund-plan-rules.js';

/**
 * What the 资金计划 and 资金执行 lists offer on a row, and what their routes accept, decided once:
 * 修改, 送审 and 删除, each only on a draft or a turned-down record (status 0 or 3); a record in
 * approval (1) or approved (2) keeps its figures.
 */
export type FundPlanAction = 'edit' | 'submit' | 'remove';
export type FundPlanRecordKind = 'plan' | 'perform';

const PREFIX: Readonly<Record<FundPlanRecordKind, string>> = {
  plan: 'contract:fundPlan',
  perform: 'contract:fundPerform',
};
/** The button each action is under; sending to approval is part of adding (`:add`). */
const BUTTON: Readonly<Record<FundPlanAction, string>> = {
  edit: 'edit',
  submit: 'add',
  remove: 'remove',
};

/** The permission the action's route declares. */
export const fundPlanActionPermission = (kind: FundPlanRecordKind, action: FundPlanAction) =>
  `${PREFIX[kind]}:${BUTTON[action]}`;

/** The state part, which the use case checks inside its transaction. */
export function fundPlanStateCheck(kind: FundPlanRecordKind, status: number): Result<void> {
  if (fundPlanEditable(status)) return ok(undefined);
  return err(domainError(C.locked, kind === 'plan' ? M.locked : M.performLocked));
}

/** The whole rule: the route's permission, then the record's status. */
export function fundPlanActionCheck(
  kind: FundPlanRecordKind,
  action: FundPlanAction,
  record: { readonly status: number },
  actor: ActionActor,
): Result<void> {
  return firstRefusal(
    () => requirePermission(actor, fundPlanActionPermission(kind, action)),
    () => fundPlanStateCheck(kind, record.status),
  );
}

export const mayActOnFundPlan = (
  kind: FundPlanRecordKind,
  action: FundPlanAction,
  record: { readonly status: number },
  actor: ActionActor,
): boolean => fundPlanActionCheck(kind, action, record, actor).ok;
