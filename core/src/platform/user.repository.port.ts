import type { DomainError, Result } from '../shared/result.js';
import type { DataScope } from './data-scope.js';
import type { ListPage, ListQuery } from './list-query.js';
import type {
  NewUser,
  StatusFlag,
  SysUser,
  UserCredentials,
  UserFilter,
  UserOption,
  UserPatch,
  UserSortColumn,
} from './user.js';

/**
 * Users. A user record is in a scope when its department is (dept, deptAndBelow) or when it is the
 * caller (own). Deleted users (del_flag '2') are invisible to every method.
 * Writes check nothing (core's UserWrites does): they answer `PLATFORM.NOT_FOUND` for a missing
 * user and `PLATFORM.DUPLICATE` for a taken user name (the database's unique index).
 */
export interface UserRepository {
  list(query: ListQuery<UserFilter, UserSortColumn>, scope: DataScope): Promise<ListPage<SysUser>>;
  findById(userId: number, scope: DataScope): Promise<SysUser | null>;
  /** Unscoped: for login, the profile and uniqueness checks. */
  findByUserName(userName: string): Promise<SysUser | null>;
  /** The (undeleted) users among `userIds`, in one read, whatever the caller's scope. */
  findByIds(userIds: readonly number[]): Promise<readonly SysUser[]>;
  findCredentials(userName: string): Promise<UserCredentials | null>;
  findCredentialsById(userId: number): Promise<UserCredentials | null>;
  /** Writes the user with its roles (the default one marked) and posts. */
  create(user: NewUser): Promise<Result<SysUser, DomainError>>;
  update(userId: number, patch: UserPatch): Promise<Result<SysUser, DomainError>>;
  /** Soft delete (del_flag '2'); the user name stays taken. Ends nothing by itself: revoke sessions too. */
  delete(userIds: readonly number[]): Promise<Result<number, DomainError>>;
  setStatus(userId: number, status: StatusFlag): Promise<Result<void, DomainError>>;
  setPasswordHash(userId: number, passwordHash: string): Promise<Result<void, DomainError>>;
  /** Active users holding a role, for the host (7) and project manager (2) pickers. */
  listByRoleId(roleId: number, scope: DataScope): Promise<readonly UserOption[]>;
  /** Active users holding a post. */
  listByPostId(postId: number, scope: DataScope): Promise<readonly UserOption[]>;
  /** Adds a post to several users at once (batchByPostId). */
  addPost(
    postId: number,
    userIds: readonly number[],
    scope: DataScope,
  ): Promise<Result<number, DomainError>>;
  /** The user's roles with the default flag, active roles only. */
  listRoleLinks(userId: number): Promise<readonly UserRoleLink[]>;
}

export interface UserRoleLink {
  readonly userId: number;
  readonly roleId: number;
  readonly isDefault: boolean;
}
