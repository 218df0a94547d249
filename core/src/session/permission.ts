import { domainError, type DomainError } from '../shared/result.js';

/** The role that passes every role check (000 §6). */
export const SUPER_ROLE = 'admin';
/** The permission that passes every permission check (000 §6). */
export const ALL_PERMISSION = '*:*:*';
/** The role given to a user who holds none (000 §4). */
export const DEFAULT_ROLE = 'ROLE_DEFAULT';

export const EMPTY_ROLE_VALUE: DomainError = domainError(
  'SESSION.EMPTY_ROLE_VALUE',
  '请设置角色权限标签值',
);
export const EMPTY_PERMISSION_VALUE: DomainError = domainError(
  'SESSION.EMPTY_PERMISSION_VALUE',
  '请设置操作权限标签值',
);

/**
 * The role directive: true when the user holds any of the required roles, or is `admin`.
 * An empty requirement is a programming error the spec reports with its own message.
 */
export function hasRole(held: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) throw new Error(EMPTY_ROLE_VALUE.message);
  return held.some((role) => role === SUPER_ROLE || required.includes(role));
}

/**
 * The permission directive: true when the user holds any of the required permissions, or the
 * wildcard `*:*:*`. An empty requirement is a programming error with the spec's message.
 */
export function hasPermission(held: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) throw new Error(EMPTY_PERMISSION_VALUE.message);
  return held.some((perm) => perm === ALL_PERMISSION || required.includes(perm));
}
