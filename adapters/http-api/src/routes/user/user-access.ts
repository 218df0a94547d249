import {
  SUPER_ROLE,
  userActionCheck,
  userActionTarget,
  type DataScope,
  type PlatformRepositories,
  type SysUser,
  type UserAction,
} from '@dpms/core';
import { HttpError, unwrap } from '../../http/http-error.js';
import { MSG } from '../../http/messages.js';
import type { IdentityService } from '../../identity/identity.service.js';
import type { Principal } from '../../identity/principal.js';
import type { AvatarStore } from '../avatar-store.js';
import { roleRouteDeps } from '../role/role-access.js';

/** What the user routes share: the stores, and the scope and admin-role guards. */
export interface UserRouteDeps {
  readonly repos: PlatformRepositories;
  readonly identity: IdentityService;
  readonly avatars: AvatarStore;
  /**
   * Only an administrator hands out the admin role, and nobody gives a role wider than their
   * own (menus they do not hold, a wider data scope), as 角色管理's 分配用户 requires: else a
   * holder of system:user:edit could give anyone, themselves included, more than they have.
   * Roles the user already holds (`held`) are kept as they are.
   */
  readonly guardGivenRoles: (
    p: Principal,
    roleIds: readonly number[] | undefined,
    held?: readonly number[],
  ) => Promise<void>;
  /** The user in the caller's data scope, or 404. */
  readonly getScoped: (p: Principal, userId: number) => Promise<SysUser>;
  readonly adminRoleId: () => Promise<number | null>;
  /** The user in the caller's scope, then the rule the web's buttons follow (userActionCheck). */
  readonly checkAction: (p: Principal, action: UserAction, userId: number) => Promise<SysUser>;
}

/** The user in `scope`, or 404: 用户管理's and 分配用户's one check of a user the caller names. */
export async function userInScope(
  users: PlatformRepositories['users'],
  userId: number,
  scope: DataScope,
): Promise<SysUser> {
  const u = await users.findById(userId, scope);
  if (!u) throw new HttpError(404, '用户不存在或没有权限访问');
  return u;
}

export function userRouteDeps(
  repos: PlatformRepositories,
  identity: IdentityService,
  avatars: AvatarStore,
): UserRouteDeps {
  const roleRules = roleRouteDeps(repos, identity);
  async function guardGivenRoles(
    p: Principal,
    roleIds: readonly number[] | undefined,
    held: readonly number[] = [],
  ) {
    if (p.isAdmin || roleIds === undefined) return;
    const adminRole = await adminRoleId();
    if (adminRole !== null && roleIds.includes(adminRole))
      throw new HttpError(403, MSG.cannotChangeAdmin);
    for (const roleId of new Set(roleIds)) {
      if (held.includes(roleId)) continue;
      // A role that does not exist is refused by the write itself.
      const role = await repos.roles.findById(roleId);
      if (role === null) continue;
      await roleRules.mayGrantMenus(p, await repos.roles.listMenuIds(roleId));
      await roleRules.mayGrantScope(p, role.dataScope, await repos.roles.listDeptIds(roleId));
    }
  }

  const getScoped = (p: Principal, userId: number) => userInScope(repos.users, userId, p.scope);

  const adminRoleId = async () => (await repos.roles.findByKey(SUPER_ROLE))?.roleId ?? null;

  /** The user in the caller's scope, then the rule the web's buttons follow (userActionCheck). */
  async function checkAction(p: Principal, action: UserAction, userId: number): Promise<SysUser> {
    const u = await getScoped(p, userId);
    unwrap(userActionCheck(action, userActionTarget(u, await adminRoleId()), p));
    return u;
  }
  return { repos, identity, avatars, guardGivenRoles, getScoped, adminRoleId, checkAction };
}
