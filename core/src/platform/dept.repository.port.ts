import type { DomainError, Result } from '../shared/result.js';
import type { DataScope } from './data-scope.js';
import type { DeptFilter, DeptPatch, NewDept, SysDept } from './dept.js';
import type { DeptOrder } from './dept-sort.js';

/**
 * Departments. A department is in a scope when it is one of `deptIds` (dept), is the scope's
 * department or below it (deptAndBelow), or is the caller's own department (own: read only).
 * Deleted departments are invisible. Lists are ordered by parentId, orderNum.
 */
export interface DeptRepository {
  list(filter: DeptFilter, scope: DataScope): Promise<readonly SysDept[]>;
  /** Every department except `deptId` and those below it (the parent picker of an edit). */
  listExcluding(deptId: number, scope: DataScope): Promise<readonly SysDept[]>;
  findById(deptId: number, scope: DataScope): Promise<SysDept | null>;
  /** `deptId` and the ids of every department below it. */
  selfAndDescendantIds(deptId: number): Promise<readonly number[]>;
  /** Writes a department at `ancestors` (its parent's chain and the parent); checks nothing. */
  create(dept: NewDept, ancestors: string): Promise<Result<SysDept, DomainError>>;
  /**
   * Writes the patch; `ancestors` only when the department moves, which rewrites the ancestors of
   * everything below it in the same transaction, from the chain stored as it writes (not one read
   * before: a parent moved meanwhile would leave the subtree a stale chain). Without `ancestors`
   * the department's chain and those below it stay as stored. `PLATFORM.NOT_FOUND` when the
   * department is gone.
   */
  update(
    deptId: number,
    patch: DeptPatch,
    ancestors?: string,
  ): Promise<Result<SysDept, DomainError>>;
  /** 保存排序: every department's new 显示排序 in one transaction. */
  reorder(plan: readonly DeptOrder[], updateBy: string): Promise<Result<void, DomainError>>;
  /** Whether a live department sits directly under `deptId`. */
  hasChildren(deptId: number): Promise<boolean>;
  /** Whether a live user works in `deptId`. */
  hasUsers(deptId: number): Promise<boolean>;
  /** Soft delete (del_flag '2'); checks nothing (DeptWrites does). */
  delete(deptId: number): Promise<Result<void, DomainError>>;
}
