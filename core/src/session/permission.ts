import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { SESSION_MESSAGES } from './session-messages.js';

/** The role that passes every role check (000 §6). */
export const SUPER_ROLE = 'admin';
/** The permission that passes every permission check (000 §6). */
export const ALL_PERMISSION = '*:*:*';
/** The role given to a user who holds none (000 §4). */
export const DEFAULT_ROLE = 'ROLE_DEFAULT';

export const EMPTY_ROLE_VALUE: DomainError = domainError(
  'SESSION.EMPTY_ROLE_VALUE',
  SESSION_MESSAGES.emptyRoleValue,
);
export const EMPTY_PERMISSION_VALUE: DomainError = domainError(
  'SESSION.EMPTY_PERMISSION_VALUE',
  SESSION_MESSAGES.emptyPermissionValue,
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

/** True when the user holds every required role (or is `admin`). */
export function hasAllRoles(held: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) throw new Error(EMPTY_ROLE_VALUE.message);
  return held.includes(SUPER_ROLE) || required.every((role) => held.includes(role));
}

/** True when the user holds every required permission (or the wildcard). */
export function hasAllPermissions(held: readonly string[], required: readonly string[]): boolean {
  if (required.length === 0) throw new Error(EMPTY_PERMISSION_VALUE.message);
  return held.includes(ALL_PERMISSION) || required.every((perm) => held.includes(perm));
}

/**
 * A directive's value as a list: a string is one value, an array keeps its non-blank strings,
 * anything else is empty. Why so lenient: the value comes from markup, where `'a'` and `['a']`
 * are both natural.
 */
export function directiveValues(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value];
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}

export type DirectiveKind = 'role' | 'permission';

/**
 * The role or permission directive over a list of values, as a value rather than a throw: the
 * element stays when the result is `ok(true)`, is removed on `ok(false)`, and an empty value is
 * the spec's error (`请设置角色权限标签值` / `请设置操作权限标签值`) for the developer to see.
 */
export function evaluateDirective(
  kind: DirectiveKind,
  held: readonly string[],
  value: unknown,
): Result<boolean> {
  const required = directiveValues(value);
  if (required.length === 0)
    return err(kind === 'role' ? EMPTY_ROLE_VALUE : EMPTY_PERMISSION_VALUE);
  return ok(kind === 'role' ? hasRole(held, required) : hasPermission(held, required));
}

/** For `v-if`-style checks (RuoYi's checkRole / checkPermi): false on an empty value. */
export function checkRole(held: readonly string[], value: unknown): boolean {
  const result = evaluateDirective('role', held, value);
  return result.ok && result.value;
}

export function checkPermission(held: readonly string[], value: unknown): boolean {
  const result = evaluateDirective('permission', held, value);
  return result.ok && result.value;
}
