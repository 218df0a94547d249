import {
  SUPER_ROLE,
  USER_WRITE_PLAIN_STATUS,
  UserWrites,
  type DataScope,
  type DomainError,
  type PlatformRepositories,
  type SysUser,
} from '@dpms/core';
import { HttpError, unwrap } from '../../http/http-error.js';
import type { IdentityService } from '../../identity/identity.service.js';
import type { Principal } from '../../identity/principal.js';
import type { AvatarStore } from '../avatar-store.js';

/** What the user routes share: the stores, core's UserWrites, and the scoped look-up. */
export interface UserRouteDeps {
  readonly repos: PlatformRepositories;
  readonly identity: IdentityService;
  readonly avatars: AvatarStore;
  /** Every write of 用户管理 and 个人中心: the rules in core, the routes parse and answer. */
  readonly writes: UserWrites;
  /** The user in the caller's data scope, or 404. */
  readonly getScoped: (p: Principal, userId: number) => Promise<SysUser>;
  readonly adminRoleId: () => Promise<number | null>;
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

/**
 * A UserWrites answer: its value, or its refusal. The refusals the routes always answered as a
 * plain status (no field, no error code) keep that shape.
 */
export function unwrapUserWrite<T>(
  result: { ok: true; value: T } | { ok: false; error: DomainError },
): T {
  if (!result.ok) {
    const plain = USER_WRITE_PLAIN_STATUS[result.error.code];
    if (plain !== undefined) throw new HttpError(plain, result.error.message);
  }
  return unwrap(result);
}

export function userRouteDeps(
  repos: PlatformRepositories,
  identity: IdentityService,
  avatars: AvatarStore,
): UserRouteDeps {
  const writes = new UserWrites(
    repos,
    {
      hash: (password) => identity.hashPassword(password),
      verify: (userId, password) => identity.verifyPassword(userId, password),
    },
    { end: (userId, reason, except) => identity.endSessions(userId, reason, except) },
  );
  const getScoped = (p: Principal, userId: number) => userInScope(repos.users, userId, p.scope);
  const adminRoleId = async () => (await repos.roles.findByKey(SUPER_ROLE))?.roleId ?? null;
  return { repos, identity, avatars, writes, getScoped, adminRoleId };
}
