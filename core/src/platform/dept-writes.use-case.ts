import { err, ok, type DomainError, type Result } from '../shared/result.js';
import { ALL_DATA, type DataScope } from './data-scope.js';
import {
  leaderChoiceStands,
  type DeptPatch,
  type LeaderCandidate,
  type NewDept,
  type SysDept,
} from './dept.js';
import type { DeptRepository } from './dept.repository.port.js';
import { deptSortPlan } from './dept-sort.js';
import { PlatformErrors } from './platform-errors.js';
import type { UserRepository } from './user.repository.port.js';

/** The users DeptWrites reads: where a chosen leader works. */
export type DeptLeaderUsers = Pick<UserRepository, 'findById'>;

/**
 * 部门管理's writes: each checks core's department rules against the stored departments, then
 * writes. A write needs the department (and a new parent) in the caller's data scope, which an
 * `own` scope never gives; only an `all` scope places a department at the root. A 部门名称 unique
 * among its siblings is kept by the database's constraint (the repository answers
 * `PLATFORM.DUPLICATE`).
 */
export class DeptWrites {
  constructor(
    private readonly depts: DeptRepository,
    private readonly users: DeptLeaderUsers,
  ) {}

  /** A new department: its leader rule, then its parent (stored, in scope). */
  async create(dept: NewDept, scope: DataScope): Promise<Result<SysDept, DomainError>> {
    const leader = await this.leaderError(undefined, dept.leaderUserId, null);
    if (leader) return err(leader);
    const placed = await this.placement(dept.parentId, scope);
    if (!placed.ok) return placed;
    const { parent, ancestors } = placed.value;
    // A department is of its parent's type unless it says otherwise.
    return this.depts.create(
      { ...dept, deptType: dept.deptType ?? parent?.deptType ?? '0' },
      ancestors,
    );
  }

  /**
   * An edit: a department is not its own parent, a changed leader is one of its users (checked
   * when the caller sees the department), the department is stored and in scope, and a move puts
   * it under a stored parent in scope that is not the department itself or one below it.
   */
  async update(
    deptId: number,
    patch: DeptPatch,
    scope: DataScope,
  ): Promise<Result<SysDept, DomainError>> {
    if (patch.parentId === deptId) return err(PlatformErrors.deptOwnParent());
    const seen = await this.depts.findById(deptId, scope);
    if (seen) {
      const leader = await this.leaderError(deptId, patch.leaderUserId, seen.leaderUserId);
      if (leader) return err(leader);
    }
    const current = await this.depts.findById(deptId, ALL_DATA);
    if (!current) return err(PlatformErrors.notFound('部门'));
    // In scope is the look-up above: a department the caller sees, never with an `own` scope.
    if (scope.kind === 'own' || !seen) return err(PlatformErrors.outOfScope());
    if (patch.parentId === undefined || patch.parentId === current.parentId)
      return this.depts.update(deptId, patch);
    const below = await this.depts.selfAndDescendantIds(deptId);
    if (below.includes(patch.parentId)) return err(PlatformErrors.deptParentInvalid());
    const placed = await this.placement(patch.parentId, scope);
    if (!placed.ok) return placed;
    return this.depts.update(deptId, patch, placed.value.ancestors);
  }

  /** 保存排序: RuoYi's two comma lists, read by core's sort rule; every department stored and in scope. */
  async reorder(
    deptIds: string,
    orderNums: string,
    scope: DataScope,
    updateBy: string,
  ): Promise<Result<void, DomainError>> {
    const plan = deptSortPlan(deptIds, orderNums);
    if (!plan.ok) return plan;
    for (const { deptId } of plan.value) {
      if (!(await this.depts.findById(deptId, ALL_DATA)))
        return err(PlatformErrors.notFound('部门'));
      if (!(await this.writable(deptId, scope))) return err(PlatformErrors.outOfScope());
    }
    return this.depts.reorder(plan.value, updateBy);
  }

  /** RuoYi's order: a department not stored, out of scope, with children, then with users, stays. */
  async remove(deptId: number, scope: DataScope): Promise<Result<void, DomainError>> {
    if (!(await this.depts.findById(deptId, ALL_DATA))) return err(PlatformErrors.notFound('部门'));
    if (!(await this.writable(deptId, scope))) return err(PlatformErrors.outOfScope());
    if (await this.depts.hasChildren(deptId)) return err(PlatformErrors.deptHasChildren());
    if (await this.depts.hasUsers(deptId)) return err(PlatformErrors.deptHasUsers());
    return this.depts.delete(deptId);
  }

  /** An `own` scope reads its department but writes none. */
  private async writable(deptId: number, scope: DataScope): Promise<boolean> {
    if (scope.kind === 'own') return false;
    return (await this.depts.findById(deptId, scope)) !== null;
  }

  /** Where a department under `parentId` sits: the parent stored and in scope, or the root for an `all` scope. */
  private async placement(
    parentId: number,
    scope: DataScope,
  ): Promise<Result<{ parent: SysDept | null; ancestors: string }, DomainError>> {
    const parent = parentId === 0 ? null : await this.depts.findById(parentId, ALL_DATA);
    if (parentId !== 0 && !parent) return err(PlatformErrors.notFound('上级部门'));
    if (parentId === 0 ? scope.kind !== 'all' : !(await this.writable(parentId, scope)))
      return err(PlatformErrors.outOfScope());
    return ok({ parent, ancestors: parent ? `${parent.ancestors},${String(parent.deptId)}` : '0' });
  }

  /** Core's leader rule (`leaderChoiceStands`) on where the chosen user works. */
  private async leaderError(
    deptId: number | undefined,
    chosen: number | null | undefined,
    current: number | null,
  ): Promise<DomainError | null> {
    return leaderChoiceStands(deptId, chosen, current, await this.candidate(chosen))
      ? null
      : PlatformErrors.leaderNotMember();
  }

  private async candidate(userId: number | null | undefined): Promise<LeaderCandidate | null> {
    if (userId === undefined || userId === null) return null;
    const u = await this.users.findById(userId, ALL_DATA);
    if (!u) return null;
    const dept = u.deptId === null ? null : await this.depts.findById(u.deptId, ALL_DATA);
    return {
      userId: u.userId,
      status: u.status,
      deptId: u.deptId,
      deptAncestors: dept?.ancestors ?? '',
    };
  }
}
