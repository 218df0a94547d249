import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { hasPermission, SUPER_ROLE } from './permission.js';
import type { SessionState } from './session-state.js';

/**
 * Who asks for an action on a record, as every availability rule sees them: the same shape on the
 * server (from the session's principal) and in the web (from getInfo), so one rule decides both
 * whether the server accepts the action and whether the web offers its button.
 */
export interface ActionActor {
  readonly userId: number;
  /** The current role's permissions (`*:*:*` passes every one). */
  readonly permissions: readonly string[];
  /** The current role is `admin`, which passes every permission (000 §6). */
  readonly isAdmin: boolean;
}

/** The refusal of a caller without the action's permission: the server's 403 and its words. */
export const ACTION_FORBIDDEN: DomainError = domainError('SESSION.FORBIDDEN', '当前操作没有权限');

/** Whether `actor` holds `permission` (or is `admin`, or holds `*:*:*`). */
export function actorHolds(actor: ActionActor, permission: string): boolean {
  return actor.isAdmin || hasPermission(actor.permissions, [permission]);
}

/** `ok` when `actor` holds `permission`, else the 403 refusal. */
export function requirePermission(actor: ActionActor, permission: string): Result<void> {
  return actorHolds(actor, permission) ? ok(undefined) : err(ACTION_FORBIDDEN);
}

/**
 * Runs the checks of one action in order and answers the first refusal. Why in order: the
 * permission comes first, so a caller without it never learns where the record stands.
 */
export function firstRefusal(...checks: ReadonlyArray<() => Result<void>>): Result<void> {
  for (const check of checks) {
    const r = check();
    if (!r.ok) return r;
  }
  return ok(undefined);
}

/** True when the action's checks pass: what the web asks before showing the button. */
export const isOffered = (r: Result<void>): boolean => r.ok;

/** The signed-in user of the web's session as an actor: the same facts the server's principal holds. */
export function actorOfSession(state: SessionState): ActionActor {
  return {
    userId: state.userInfo?.userId ?? 0,
    permissions: state.permissions,
    isAdmin: state.roles.includes(SUPER_ROLE),
  };
}

/** The writes most records offer in their list: 修改, 送审 and 删除. */
export type RecordAction = 'edit' | 'submit' | 'remove';

/**
 * One availability rule from the permission each action's route declares and the state check the
 * use case applies: `check` answers the server's refusal, `may` whether the web offers the button.
 */
export function actionRule<A extends string, R>(
  permissions: Readonly<Record<A, string>>,
  state: (action: A, record: R) => Result<void>,
) {
  const check = (action: A, record: R, actor: ActionActor): Result<void> =>
    firstRefusal(
      () => requirePermission(actor, permissions[action]),
      () => state(action, record),
    );
  return {
    permissions,
    check,
    may: (action: A, record: R, actor: ActionActor): boolean => check(action, record, actor).ok,
  };
}
