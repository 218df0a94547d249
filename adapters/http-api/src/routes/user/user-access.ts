import {
  SUPER_ROLE,
  userActionCheck,
  userActionTarget,
  type PlatformRepositories,
  type SysUser,
  type UserAction,
} from '@dpms/core';
import { HttpError, unwrap } from '../../http/http-error.js';
import { MSG } from '../../http/messages.js';
import type { IdentityService } from '../../identity/identity.service.js';
import type { Principal } from '../../identity/principal.js';
import type { AvatarStore } from '../avatar-store.js';

/** What the user routes share: the stores, and the scope and admin-role guards. */
export interface UserRouteDeps {
  readonly repos: PlatformRepositories;
  readonly identity: IdentityService;
  readonly avatars: AvatarStore;
  /** Only an administrator hands out the admin role. */
  readonly guardAdminRole: (p: Principal, roleIds: readonly number[] | undefined) => Promise<void>;
  /** The user in the caller's data scope, or 404. */
  readonly getScoped: (p: Principal, userId: number) => Promise<SysUser>;
  readonly adminRoleId: () => Promise<number | null>;
  /** The user in the caller's scope, then the rule the web's buttons follow (userActionCheck). */
  readonly checkAction: (p: Principal, action: UserAction, userId: number) => Promise<SysUser>;
}

export function userRouteDeps(
  repos: PlatformRepositories,
  identity: IdentityService,
  avatars: AvatarStore,
): UserRouteDeps {
  /** Only an administrator hands out the admin role. */
  async function guardAdminRole(p: Principal, roleIds: readonly number[] | undefined) {
    if (p.isAdmin || roleIds === undefined) return;
    const adminRole = await adminRoleId();
    if (adminRole !== null && roleIds.includes(adminRole))
      throw new HttpError(403, MSG.cannotChangeAdmin);
  }

  async function getScoped(p: Principal, userId: number): Promise<SysUser> {
    const u = await repos.users.findById(userId, p.scope);
    if (!u) throw new HttpError(404, '用户不存在或没有权限访问');
    return u;
  }

  const adminRoleId = async () => (await repos.roles.findByKey(SUPER_ROLE))?.roleId ?? null;

  /** The user in the caller's scope, then the rule the web's buttons follow (userActionCheck). */
  async function checkAction(p: Principal, action: UserAction, userId: number): Promise<SysUser> {
    const u = await getScoped(p, userId);
    unwrap(userActionCheck(action, userActionTarget(u, await adminRoleId()), p));
    return u;
  }
  return { repos, identity, avatars, guardAdminRole, getScoped, adminRoleId, checkAction };
}
