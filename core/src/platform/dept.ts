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
export interface DeptTreeNode {
  readonly id: number;
  readonly label: string;
  readonly disabled?: boolean;
  readonly children?: readonly DeptTreeNode[];
}

/** Builds the `{id, label, children}` tree from a flat list ordered by orderNum; orphans become roots. */
export function buildDeptTree(depts: readonly SysDept[]): DeptTreeNode[] {
  const ids = new Set(depts.map((d) => d.deptId));
  const byParent = new Map<number, SysDept[]>();
  for (const d of depts) {
    const key = ids.has(d.parentId) ? d.parentId : -1;
    const bucket = byParent.get(key) ?? [];
    bucket.push(d);
    byParent.set(key, bucket);
  }
  const build = (parent: number): DeptTreeNode[] =>
    (byParent.get(parent) ?? [])
      .slice()
      .sort((a, b) => a.orderNum - b.orderNum || a.deptId - b.deptId)
      .map((d) => {
        const children = build(d.deptId);
        return children.length > 0
          ? { id: d.deptId, label: d.deptName, children }
          : { id: d.deptId, label: d.deptName };
      });
  return build(-1);
}
