import { labelledTree, type LabelledNode } from '../shared/tree.js';
import type { StatusFlag } from './user.js';

/** '0' functional/management department, '1' production (design) department: `treeselect?deptType=1`. */
export type DeptType = '0' | '1';

export interface SysDept {
  readonly deptId: number;
  /** 0 for the root. */
  readonly parentId: number;
  /** Comma-separated ids from the root down to the parent, RuoYi style: `0,100,101`. */
  readonly ancestors: string;
  readonly deptName: string;
  readonly orderNum: number;
  readonly leaderUserId: number | null;
  readonly phone: string;
  readonly email: string;
  readonly status: StatusFlag;
  readonly deptType: DeptType;
  readonly createTime: Date;
}

export interface NewDept {
  readonly deptId?: number;
  readonly parentId: number;
  readonly deptName: string;
  readonly orderNum?: number;
  readonly leaderUserId?: number | null;
  readonly phone?: string;
  readonly email?: string;
  readonly status?: StatusFlag;
  readonly deptType?: DeptType;
}

export interface DeptPatch {
  readonly parentId?: number;
  readonly deptName?: string;
  readonly orderNum?: number;
  readonly leaderUserId?: number | null;
  readonly phone?: string;
  readonly email?: string;
  readonly status?: StatusFlag;
  readonly deptType?: DeptType;
}

export interface DeptFilter {
  readonly deptName?: string;
  readonly status?: StatusFlag;
  readonly deptType?: DeptType;
}

/** A tree node as the web reads it (000 §3): id, label, children. */
export type DeptTreeNode = LabelledNode;

/** Builds the `{id, label, children}` tree from a flat list by orderNum; orphans become roots. */
export const buildDeptTree = (depts: readonly SysDept[]): DeptTreeNode[] =>
  labelledTree(depts, {
    id: (d) => d.deptId,
    parentId: (d) => d.parentId,
    orderNum: (d) => d.orderNum,
    label: (d) => d.deptName,
  });

/** Where a user works, as the leader rule reads it: their department and its ancestors. */
export interface LeaderCandidate {
  readonly userId: number;
  readonly status: StatusFlag;
  readonly deptId: number | null;
  /** The ancestors of the user's department (`0,100,108`), '' when they have none. */
  readonly deptAncestors: string;
}

/** Whether a user works in the department or in a department below it. */
export function worksIn(deptId: number, user: Omit<LeaderCandidate, 'userId' | 'status'>): boolean {
  if (user.deptId === null) return false;
  if (user.deptId === deptId) return true;
  return user.deptAncestors.split(',').some((a) => Number(a) === deptId);
}

/**
 * 部门负责人 is chosen from the department's users: an active user of the department or of a
 * department below it (an institute's head sits in 院领导, under the institute). A department
 * keeps the leader it has even if they moved since (the demo's 综合经营部 is led by 经营部's head):
 * only a change of leader is checked. Null clears the leader. True when the choice stands.
 */
export function leaderChoiceStands(
  deptId: number | undefined,
  chosen: number | null | undefined,
  current: number | null,
  candidate: LeaderCandidate | null,
): boolean {
  if (chosen === undefined || chosen === null || chosen === current) return true;
  // A department being created has no users yet, so no one can lead it until they join.
  if (deptId === undefined || candidate === null || candidate.userId !== chosen) return false;
  return candidate.status === '0' && worksIn(deptId, candidate);
}

/**
 * Where a department-head approval node of `dept` goes: its own leader, else the leader of the
 * nearest department above it that has one, the chain the approval directory walks
 * (`leadersOfDept`). `leaderOf` answers a department's leader when that leader can sign (an
 * active user), else null. Null when no department up to the root has one.
 */
export function routedLeaderOf(
  dept: Pick<SysDept, 'deptId' | 'ancestors'>,
  leaderOf: (deptId: number) => number | null,
): { readonly userId: number; readonly deptId: number } | null {
  const chain = [
    dept.deptId,
    ...dept.ancestors
      .split(',')
      .map(Number)
      .filter((n) => n > 0)
      .reverse(),
  ];
  for (const deptId of chain) {
    const userId = leaderOf(deptId);
    if (userId !== null) return { userId, deptId };
  }
  return null;
}
