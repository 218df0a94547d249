import type { TreeNode } from '@dpms/http-client';
import { describe, expect, it } from 'vitest';
import { checkState, grantOfCheckedKeys, toggled } from './grant-tree';

const tree: TreeNode[] = [
  {
    id: 1,
    label: '系统管理',
    children: [
      {
        id: 100,
        label: '用户管理',
        children: [
          { id: 1001, label: '用户查询' },
          { id: 1002, label: '用户新增' },
        ],
      },
      { id: 101, label: '角色管理' },
    ],
  },
];
const sorted = (s: ReadonlySet<number>) => [...s].sort((a, b) => a - b);

describe('grant tree (父子联动)', () => {
  it('reads the server keys: half-checked parents are granted, a checked page takes its buttons', () => {
    expect(sorted(grantOfCheckedKeys(tree, [1001], true))).toEqual([1, 100, 1001]);
    expect(sorted(grantOfCheckedKeys(tree, [100], true))).toEqual([1, 100, 1001, 1002]);
    expect(sorted(grantOfCheckedKeys(tree, [100], false))).toEqual([100]);
  });

  it('shows a parent checked, half or not from the leaves below it', () => {
    const grant = new Set([1, 100, 1001]);
    expect(checkState(tree[0]!, grant, true)).toBe('half');
    expect(checkState(tree[0]!.children![0]!, grant, true)).toBe('half');
    expect(checkState(tree[0]!, new Set([1, 100, 1001, 1002, 101]), true)).toBe('checked');
    // Unlinked, a node shows only itself.
    expect(checkState(tree[0]!, grant, false)).toBe('checked');
  });

  it('checks and unchecks a subtree, keeping parents granted while anything below is', () => {
    const page = tree[0]!.children![0]!;
    const on = toggled(tree, page, new Set(), true);
    expect(sorted(on)).toEqual([1, 100, 1001, 1002]);
    const off = toggled(tree, page.children![0]!, on, true);
    expect(sorted(off)).toEqual([1, 100, 1002]);
    expect(sorted(toggled(tree, tree[0]!, off, true))).toEqual([1, 100, 101, 1001, 1002]);
    expect(sorted(toggled(tree, page, new Set(), false))).toEqual([100]);
  });
});
