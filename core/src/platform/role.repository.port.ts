import type { DomainError, Result } from '../shared/result.js';
import type { ListPage, ListQuery } from './list-query.js';
import type { NewRole, RoleFilter, RolePatch, RoleSortColumn, SysRole } from './role.js';

/** Roles (not data-scoped: only holders of system:role:* manage them). Soft-deleted roles are invisible. */
export interface RoleRepository {
  list(query: ListQuery<RoleFilter, RoleSortColumn>): Promise<ListPage<SysRole>>;
  findById(roleId: number): Promise<SysRole | null>;
  findByKey(roleKey: string): Promise<SysRole | null>;
  /** The roles a user holds (active roles only), ordered by roleSort, with the default flag. */
  listByUser(userId: number): Promise<readonly (SysRole & { readonly isDefault: boolean })[]>;
  create(role: NewRole): Promise<Result<SysRole, DomainError>>;
  update(roleId: number, patch: RolePatch): Promise<Result<SysRole, DomainError>>;
  /**
   * Deletes the roles, all or none: refuses (`PLATFORM.NOT_FOUND`, or `PLATFORM.ROLE_IN_USE`
   * naming the first one a user still holds) before deleting any.
   */
  delete(roleIds: readonly number[]): Promise<Result<void, DomainError>>;
  /**
   * Gives the role to users (分配用户); users already holding it are left as they are. A user
   * without a default role gets this one as default. Answers how many links were added. The
   * caller has found the role (the routes check it against roleActionCheck first); the users are
   * checked here, since a link to a deleted user must not be written.
   */
  addUsers(roleId: number, userIds: readonly number[]): Promise<Result<number, DomainError>>;
  /**
   * Takes the role from users (取消授权); where it was their default, their first remaining role
   * becomes the default. Answers the users it was actually taken from (those not holding it are
   * not among them), so only they are signed out. The caller has found the role.
   */
  removeUsers(
    roleId: number,
    userIds: readonly number[],
  ): Promise<Result<readonly number[], DomainError>>;
  listMenuIds(roleId: number): Promise<readonly number[]>;
  /** Departments of the custom data scope ('2'); also what roleDeptTreeselect checks. */
  listDeptIds(roleId: number): Promise<readonly number[]>;
}
