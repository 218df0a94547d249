import {
  FIXED_ROLE_IDS,
  dataScopeGrantCheck,
  isAdminRole,
  menuGrantCheck,
  roleActionCheck,
  type MenuGrantor,
  type PlatformRepositories,
  type DataScopeCode,
  type RoleAction,
  type SysMenu,
  type SysRole,
} from '@dpms/core';
import { HttpError, unwrap } from '../../http/http-error.js';
import type { IdentityService } from '../../identity/identity.service.js';
import type { Principal } from '../../identity/principal.js';

export const TAG = '角色管理';

/** A role on the wire: RuoYi's fields, with its `admin` flag and whether the spec fixes it. */
export const roleView = (r: SysRole) => ({
  roleId: r.roleId,
  roleName: r.roleName,
  roleKey: r.roleKey,
  roleSort: r.roleSort,
  status: r.status,
  dataScope: r.dataScope,
  menuCheckStrictly: r.menuCheckStrictly,
  deptCheckStrictly: r.deptCheckStrictly,
  remark: r.remark,
  createTime: r.createTime.toISOString(),
  admin: isAdminRole(r),
  fixed: FIXED_ROLE_IDS.includes(r.roleId),
});

/** What the role routes share: the role looked up and core's rule asked, in that order. */
export function roleRouteDeps(repos: PlatformRepositories, identity: IdentityService) {
  /** The role, or 404. */
  async function roleOr404(roleId: number): Promise<SysRole> {
    const role = await repos.roles.findById(roleId);
    if (!role) throw new HttpError(404, '角色不存在');
    return role;
  }
  /** The role, or 404; then core's rule for `action` (403/409 with its message). */
  async function allowedRole(roleId: number, action: RoleAction, actorIsAdmin: boolean) {
    const role = await roleOr404(roleId);
    unwrap(roleActionCheck(action, role, actorIsAdmin));
    return role;
  }
  /**
   * A user whose role is taken away is signed out, as 用户管理 does when it changes a user's
   * roles: a session acting in the role must not outlive it (sessions are not re-checked
   * against the user's roles on each request).
   */
  async function roleTakenFrom(userIds: readonly number[]): Promise<void> {
    for (const userId of userIds) await identity.endSessions(userId, 'forced');
  }
  /** The menus the caller may grant: every menu for an administrator, else their role's. */
  const menusHeldBy = (principal: Principal): Promise<readonly SysMenu[]> =>
    principal.isAdmin ? repos.menus.listAll({}) : repos.menus.listByRole(principal.roleId);
  /** The caller as a grantor: the menus of their current role (none needed by an administrator). */
  async function grantorOf(principal: Principal): Promise<MenuGrantor> {
    if (principal.isAdmin) return { isAdmin: true, heldMenuIds: [] };
    const menus = await menusHeldBy(principal);
    return { isAdmin: false, heldMenuIds: menus.map((m) => m.menuId) };
  }
  /** 403 unless the caller holds every menu named (core's menuGrantCheck). */
  async function mayGrantMenus(principal: Principal, menuIds: readonly number[]) {
    const grantor = await grantorOf(principal);
    unwrap(menuGrantCheck(menuIds, grantor));
    return grantor;
  }
  /** 403 unless the caller's own scope is at least this wide (core's dataScopeGrantCheck). */
  async function mayGrantScope(
    principal: Principal,
    dataScope: DataScopeCode,
    deptIds: readonly number[],
  ): Promise<void> {
    if (principal.isAdmin || principal.scope.kind === 'all') return;
    const visible = await repos.depts.list({}, principal.scope);
    unwrap(
      dataScopeGrantCheck(dataScope, deptIds, {
        isAdmin: false,
        scope: principal.scope,
        visibleDeptIds: visible.map((d) => d.deptId),
      }),
    );
  }
  return {
    repos,
    roleOr404,
    allowedRole,
    menusHeldBy,
    roleTakenFrom,
    grantorOf,
    mayGrantMenus,
    mayGrantScope,
  };
}
export type RoleRouteDeps = ReturnType<typeof roleRouteDeps>;
