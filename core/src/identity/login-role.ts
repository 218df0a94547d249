import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';

export const LOGIN_ROLE_NOT_HELD: DomainError = domainError(
  'IDENTITY.ROLE_NOT_HELD',
  '您没有该角色，请重新选择角色',
  'role',
);
export const LOGIN_NO_ROLE: DomainError = domainError(
  'IDENTITY.NO_ROLE',
  '该账号未分配角色，请联系管理员',
);
export const LOGIN_NO_ROLE_TO_SWITCH: DomainError = domainError(
  'IDENTITY.NO_ROLE_TO_SWITCH',
  '您没有可切换的角色',
);

export interface HeldRole {
  readonly roleId: number;
  readonly isDefault: boolean;
}

/**
 * The role a login acts in (000 §6: "the role is sent at login as a role id"): the requested one
 * when the user holds it, else refused; without a request, the user's default role, else the
 * first role held.
 */
export function chooseLoginRole(
  held: readonly HeldRole[],
  requested: number | undefined,
): Result<number> {
  if (requested !== undefined) {
    return held.some((r) => r.roleId === requested) ? ok(requested) : err(LOGIN_ROLE_NOT_HELD);
  }
  const chosen = held.find((r) => r.isDefault) ?? held[0];
  return chosen === undefined ? err(LOGIN_NO_ROLE) : ok(chosen.roleId);
}

/** A role change: to another role the user holds (000 §4: fewer than two roles, nothing to switch to). */
export function chooseSwitchRole(held: readonly HeldRole[], target: number): Result<number> {
  if (held.length < 2) return err(LOGIN_NO_ROLE_TO_SWITCH);
  return held.some((r) => r.roleId === target) ? ok(target) : err(LOGIN_ROLE_NOT_HELD);
}
