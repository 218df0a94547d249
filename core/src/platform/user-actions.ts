import { firstRefusal, requirePermission, type ActionActor } from '../session/action-actor.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';

/**
 * What 用户管理 offers on a user row, and what `/system/user/*` accepts, decided once. The data
 * scope is not part of it: the list the web shows is already the caller's scope, and the server
 * answers 404 for a user outside it before asking this rule.
 */
export type UserAction = 'changeStatus' | 'edit' | 'assignRoles' | 'resetPwd' | 'remove';

/** The permission each action needs (the buttons of the 用户管理 menu). */
export const USER_ACTION_PERMISSIONS: Readonly<Record<UserAction, string>> = {
  changeStatus: 'system:user:edit',
  edit: 'system:user:edit',
  assignRoles: 'system:user:edit',
  resetPwd: 'system:user:resetPwd',
  remove: 'system:user:remove',
};

/** The user acted on, as the rule needs them. */
export interface UserActionTarget {
  readonly userId: number;
  /** '0' active, '1' disabled. */
  readonly status: string;
  /** The user holds the `admin` role. */
  readonly admin: boolean;
}

export const USER_ACTION_ERRORS = {
  /** Only an administrator changes an administrator. */
  adminTarget: domainError('USER.FORBIDDEN', '不允许操作超级管理员用户'),
  disableSelf: domainError('USER.SELF_TARGET', '不能停用当前登录用户'),
  removeSelf: domainError('USER.SELF_TARGET', '当前用户不能删除'),
} as const satisfies Record<string, DomainError>;

/**
 * Whether `actor` may take `action` on `target`, in the server's order: the permission (403), an
 * administrator target for a non-administrator (403), then the caller's own account (a status
 * toggle would disable the caller; a delete would remove them). Enabling oneself is harmless and
 * allowed, as the server always did.
 */
export function userActionCheck(
  action: UserAction,
  target: UserActionTarget,
  actor: ActionActor,
): Result<void> {
  return firstRefusal(
    () => requirePermission(actor, USER_ACTION_PERMISSIONS[action]),
    () => (target.admin && !actor.isAdmin ? err(USER_ACTION_ERRORS.adminTarget) : ok(undefined)),
    () =>
      action === 'changeStatus' && target.userId === actor.userId && target.status === '0'
        ? err(USER_ACTION_ERRORS.disableSelf)
        : ok(undefined),
    () =>
      action === 'remove' && target.userId === actor.userId
        ? err(USER_ACTION_ERRORS.removeSelf)
        : ok(undefined),
  );
}

export const mayActOnUser = (
  action: UserAction,
  target: UserActionTarget,
  actor: ActionActor,
): boolean => userActionCheck(action, target, actor).ok;

/** A stored user as the rule sees them; `adminRoleId` is the id of the `admin` role, if any. */
export const userActionTarget = (
  u: { readonly userId: number; readonly status: string; readonly roleIds: readonly number[] },
  adminRoleId: number | null,
): UserActionTarget => ({
  userId: u.userId,
  status: u.status,
  admin: adminRoleId !== null && u.roleIds.includes(adminRoleId),
});
