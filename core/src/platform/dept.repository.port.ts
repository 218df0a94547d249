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
  /** Computes ancestors from the parent; refuses a parent outside the scope. */
  create(dept: NewDept, scope: DataScope): Promise<Result<SysDept, DomainError>>;
  /** Moving a department rewrites the ancestors of everything below it. */
  update(deptId: number, patch: DeptPatch, scope: DataScope): Promise<Result<SysDept, DomainError>>;
  /**
   * 保存排序: every department's new 显示排序 in one transaction, or nothing when any of them is
   * missing (404) or outside the scope (403).
   */
  reorder(
    plan: readonly DeptOrder[],
    scope: DataScope,
    updateBy: string,
  ): Promise<Result<void, DomainError>>;
  /** Refuses while the department has children or users. */
  delete(deptId: number, scope: DataScope): Promise<Result<void, DomainError>>;
}
