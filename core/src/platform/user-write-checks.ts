import type { ActionActor } from '../session/action-actor.js';
import { SUPER_ROLE } from '../session/permission.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { ALL_DATA, type DataScope } from './data-scope.js';
import type { DeptRepository } from './dept.repository.port.js';
import type { MenuRepository } from './menu.repository.port.js';
import { PlatformErrors } from './platform-errors.js';
import type { PostRepository } from './post.repository.port.js';
import type { RoleRepository } from './role.repository.port.js';
import { dataScopeGrantCheck, menuGrantCheck } from './role-rules.js';
import { userActionCheck, userActionTarget, type UserAction } from './user-actions.js';
import type { SysUser } from './user.js';
import type { UserRepository } from './user.repository.port.js';

/** Who writes: the session's caller, in their current role and its data scope. */
export interface UserWriter extends ActionActor {
  readonly userName: string;
  /** The current role, whose menus bound what the caller may grant. */
  readonly roleId: number;
  readonly scope: DataScope;
  /** The session making the write: a password change keeps it. */
  readonly sessionId?: string;
}

/** The stores UserWrites reads and writes. */
export interface UserWriteStores {
  readonly users: UserRepository;
  readonly roles: Pick<RoleRepository, 'findById' | 'findByKey' | 'listMenuIds' | 'listDeptIds'>;
  readonly menus: Pick<MenuRepository, 'listByRole'>;
  readonly depts: Pick<DeptRepository, 'findById' | 'list'>;
  readonly posts: Pick<PostRepository, 'findById'>;
}

/**
 * 用户管理's refusals answered as plain statuses (no field, no error code), as the routes always
 * have: the route maps each code to its status.
 */
export const USER_WRITE_ERRORS = {
  /** A user the caller names that is not stored or not in their scope: one 404 for both. */
  notInScope: domainError('USER.NOT_IN_SCOPE', '用户不存在或没有权限访问'),
  /** Only an administrator hands out the admin role. */
  adminRoleGiven: domainError('USER.ADMIN_ROLE_GIVEN', '不允许操作超级管理员用户'),
  /** 分配角色 names a role that is not stored. */
  roleNotFound: domainError('USER.ROLE_NOT_FOUND', '角色不存在'),
  oldPasswordWrong: domainError('USER.OLD_PASSWORD_WRONG', '修改密码失败，旧密码错误'),
  newPasswordSame: domainError('USER.NEW_PASSWORD_SAME', '新密码不能与旧密码相同'),
} as const satisfies Record<string, DomainError>;

/** The HTTP status of each plain refusal of USER_WRITE_ERRORS. */
export const USER_WRITE_PLAIN_STATUS: Readonly<Record<string, number>> = {
  'USER.NOT_IN_SCOPE': 404,
  'USER.ADMIN_ROLE_GIVEN': 403,
  'USER.ROLE_NOT_FOUND': 404,
  'USER.OLD_PASSWORD_WRONG': 400,
  'USER.NEW_PASSWORD_SAME': 400,
};

/** The checks UserWrites makes against the stores, each answering its refusal or null. */
export class UserWriteChecks {
  constructor(private readonly s: UserWriteStores) {}

  async adminRoleId(): Promise<number | null> {
    return (await this.s.roles.findByKey(SUPER_ROLE))?.roleId ?? null;
  }

  /** The user in the caller's data scope, or the plain 404. */
  async inScope(by: UserWriter, userId: number): Promise<Result<SysUser, DomainError>> {
    const u = await this.s.users.findById(userId, by.scope);
    return u ? ok(u) : err(USER_WRITE_ERRORS.notInScope);
  }

  /** The user in the caller's scope, then the rule the web's buttons follow (userActionCheck). */
  async action(
    by: UserWriter,
    action: UserAction,
    userId: number,
  ): Promise<Result<SysUser, DomainError>> {
    const u = await this.inScope(by, userId);
    if (!u.ok) return u;
    const allowed = userActionCheck(
      action,
      userActionTarget(u.value, await this.adminRoleId()),
      by,
    );
    return allowed.ok ? u : allowed;
  }

  /**
   * Only an administrator hands out the admin role, and nobody gives a role wider than their own
   * (menus they do not hold, a wider data scope), as 角色管理's 分配用户 requires: else a holder of
   * system:user:edit could give anyone, themselves included, more than they have. Roles the user
   * already holds (`held`) are kept as they are; a role not stored is left to `links`.
   */
  async givenRoles(
    by: UserWriter,
    roleIds: readonly number[] | undefined,
    held: readonly number[] = [],
  ): Promise<DomainError | null> {
    if (by.isAdmin || roleIds === undefined) return null;
    const adminRole = await this.adminRoleId();
    if (adminRole !== null && roleIds.includes(adminRole)) return USER_WRITE_ERRORS.adminRoleGiven;
    let heldMenuIds: readonly number[] | undefined;
    for (const roleId of new Set(roleIds)) {
      if (held.includes(roleId)) continue;
      const role = await this.s.roles.findById(roleId);
      if (role === null) continue;
      heldMenuIds ??= (await this.s.menus.listByRole(by.roleId)).map((m) => m.menuId);
      const menus = menuGrantCheck(await this.s.roles.listMenuIds(roleId), {
        isAdmin: false,
        heldMenuIds,
      });
      if (!menus.ok) return menus.error;
      if (by.scope.kind === 'all') continue;
      const deptIds = await this.s.roles.listDeptIds(roleId);
      const visible = await this.s.depts.list({}, by.scope);
      const scope = dataScopeGrantCheck(role.dataScope, deptIds, {
        isAdmin: false,
        scope: by.scope,
        visibleDeptIds: visible.map((d) => d.deptId),
      });
      if (!scope.ok) return scope.error;
    }
    return null;
  }

  /** A department, role or post named by a write that is not stored (or was deleted). */
  async links(
    deptId: number | null,
    roleIds: readonly number[] | undefined,
    postIds: readonly number[] | undefined,
  ): Promise<DomainError | null> {
    if (deptId !== null && !(await this.s.depts.findById(deptId, ALL_DATA)))
      return { ...PlatformErrors.notFound('部门'), field: 'deptId' };
    for (const roleId of new Set(roleIds ?? []))
      if (!(await this.s.roles.findById(roleId)))
        return { ...PlatformErrors.notFound('角色'), field: 'roleIds' };
    for (const postId of new Set(postIds ?? []))
      if (!(await this.s.posts.findById(postId)))
        return { ...PlatformErrors.notFound('岗位'), field: 'postIds' };
    return null;
  }

  /** A user's department within the caller's scope: none for an `own` scope, nor no department unless `all`. */
  async deptWritable(deptId: number | null, scope: DataScope): Promise<boolean> {
    if (scope.kind === 'all') return true;
    if (deptId === null || scope.kind === 'own') return false;
    if (scope.kind === 'dept') return scope.deptIds.includes(deptId);
    return (await this.s.depts.findById(deptId, scope)) !== null;
  }

  /** The links stored, then the department in scope (when one is given). */
  async placement(
    deptId: number | null | undefined,
    roleIds: readonly number[] | undefined,
    postIds: readonly number[] | undefined,
    scope: DataScope,
  ): Promise<DomainError | null> {
    const invalid = await this.links(deptId ?? null, roleIds, postIds);
    if (invalid) return invalid;
    if (deptId !== undefined && !(await this.deptWritable(deptId, scope)))
      return PlatformErrors.outOfScope();
    return null;
  }
}
