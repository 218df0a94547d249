import { SUPER_ROLE } from '../session/permission.js';
import type { DataScope, DataScopeCode } from './data-scope.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { ROLE_ID_DESIGN_HOST, ROLE_ID_PROJECT_MANAGER } from './role.js';

/**
 * What 角色管理 may do to a role, decided once for the server and the page:
 * - the administrator role (id 1, key `admin`) is never edited, disabled, re-scoped or deleted,
 *   as RuoYi refuses (`checkRoleAllowed`): it passes every check without grants, so a change
 *   would mean nothing or lock everybody out;
 * - the roles the spec fixes by id (2 项目经理, 7 设计主持: the pickers of project managers and
 *   design hosts read them by id) may be edited but never deleted, or those pickers would empty.
 * Users still holding a role keep it from deletion too (the repository's `ROLE_IN_USE`).
 */
export type RoleAction = 'edit' | 'changeStatus' | 'dataScope' | 'authUser' | 'remove';

/** The administrator role's id in the seed (RuoYi's `SysRole.isAdmin`). */
export const ROLE_ID_ADMIN = 1;

/** Roles the spec fixes by id: they may change but not disappear. */
export const FIXED_ROLE_IDS: readonly number[] = [ROLE_ID_PROJECT_MANAGER, ROLE_ID_DESIGN_HOST];

export const ROLE_RULE_ERRORS = {
  adminRole: domainError('ROLE.FORBIDDEN', '不允许操作超级管理员角色'),
  fixedRole: (roleName: string) =>
    domainError('PLATFORM.ROLE_FIXED', `${roleName}是系统固定角色，不能删除`),
} as const;

export interface RoleTarget {
  readonly roleId: number;
  readonly roleKey: string;
  readonly roleName: string;
}

/** The administrator role: id 1 or key `admin`. */
export const isAdminRole = (role: Pick<RoleTarget, 'roleId' | 'roleKey'>): boolean =>
  role.roleId === ROLE_ID_ADMIN || role.roleKey === SUPER_ROLE;

/**
 * Whether `action` may touch `role`. Granting or taking the administrator role (`authUser`) is
 * how a second administrator is made, so only an administrator may do it (`actorIsAdmin`); every
 * other change to it is refused to everyone.
 */
export function roleActionCheck(
  action: RoleAction,
  role: RoleTarget,
  actorIsAdmin = false,
): Result<void, DomainError> {
  if (isAdminRole(role) && (action !== 'authUser' || !actorIsAdmin))
    return err(ROLE_RULE_ERRORS.adminRole);
  if (action === 'remove' && FIXED_ROLE_IDS.includes(role.roleId))
    return err(ROLE_RULE_ERRORS.fixedRole(role.roleName));
  return ok(undefined);
}

export const mayActOnRole = (action: RoleAction, role: RoleTarget, actorIsAdmin = false): boolean =>
  roleActionCheck(action, role, actorIsAdmin).ok;

/**
 * A role key nobody may take: `admin` is the administrator's (a second `admin` key would pass every
 * check, as the permission rule matches the key).
 */
export const roleKeyReserved = (roleKey: string, roleId?: number): boolean =>
  roleKey.trim() === SUPER_ROLE && roleId !== ROLE_ID_ADMIN;

export const ROLE_GRANT_ERRORS = {
  menuNotHeld: domainError('ROLE.FORBIDDEN', '不能授予您自己没有的菜单权限'),
  scopeTooWide: domainError('ROLE.FORBIDDEN', '不能授予比您自己更大的数据权限'),
} as const;

/** Who grants: the administrator is unrestricted; anyone else grants only menus they hold. */
export interface MenuGrantor {
  readonly isAdmin: boolean;
  /** The menus of the caller's current role. */
  readonly heldMenuIds: readonly number[];
}

/**
 * Whether `grantor` may give a role these menus: a non-administrator only menus they hold, so a
 * holder of system:role:add/edit cannot make a role wider than their own and take it.
 */
export function menuGrantCheck(
  menuIds: readonly number[],
  grantor: MenuGrantor,
): Result<void, DomainError> {
  if (grantor.isAdmin) return ok(undefined);
  const held = new Set(grantor.heldMenuIds);
  return menuIds.every((m) => held.has(m)) ? ok(undefined) : err(ROLE_GRANT_ERRORS.menuNotHeld);
}

/**
 * The menus a role keeps after an edit by `grantor`: what was asked (checked by menuGrantCheck)
 * plus the role's grants the grantor cannot see, kept as they are (the form shows only the
 * grantor's menus, so their absence from the request means nothing).
 */
export function menusAfterGrant(
  requested: readonly number[],
  existing: readonly number[],
  grantor: MenuGrantor,
): number[] {
  if (grantor.isAdmin) return [...new Set(requested)];
  const held = new Set(grantor.heldMenuIds);
  return [...new Set([...requested, ...existing.filter((m) => !held.has(m))])];
}

/** Who grants a data scope: the caller's own scope and the departments inside it. */
export interface ScopeGrantor {
  readonly isAdmin: boolean;
  readonly scope: DataScope;
  /** The departments the caller's scope reaches (what their 数据权限 tree shows). */
  readonly visibleDeptIds: readonly number[];
}

/**
 * The scope codes a caller may give, by their own scope: all (an administrator, or code 1)
 * gives any; 本部门及以下 gives 3, 4, 5 and custom; a department list (2 or 3) gives 3, 5 and
 * custom; 仅本人 gives 5 and custom. Custom ('2') takes only departments inside the caller's scope.
 */
export function grantableScopeCodes(
  grantor: Pick<ScopeGrantor, 'isAdmin' | 'scope'>,
): DataScopeCode[] {
  if (grantor.isAdmin || grantor.scope.kind === 'all') return ['1', '2', '3', '4', '5'];
  if (grantor.scope.kind === 'deptAndBelow') return ['2', '3', '4', '5'];
  if (grantor.scope.kind === 'dept') return ['2', '3', '5'];
  return ['2', '5'];
}

/** Whether `grantor` may give a role this data scope (and these custom departments). */
export function dataScopeGrantCheck(
  dataScope: DataScopeCode,
  deptIds: readonly number[],
  grantor: ScopeGrantor,
): Result<void, DomainError> {
  if (grantor.isAdmin || grantor.scope.kind === 'all') return ok(undefined);
  if (!grantableScopeCodes(grantor).includes(dataScope)) return err(ROLE_GRANT_ERRORS.scopeTooWide);
  const visible = new Set(grantor.visibleDeptIds);
  if (dataScope === '2' && !deptIds.every((d) => visible.has(d)))
    return err(ROLE_GRANT_ERRORS.scopeTooWide);
  return ok(undefined);
}
