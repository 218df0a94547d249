import { describe, expect, it } from 'vitest';
import type { SysMenu } from './menu.js';
import { buildMenuGrantTree, checkedGrantKeys } from './menu-grant-tree.js';

const menu = (menuId: number, parentId: number, menuName: string, orderNum: number): SysMenu =>
  ({ menuId, parentId, menuName, orderNum }) as SysMenu;
const menus = [
  menu(1, 0, '系统管理', 1),
  menu(101, 1, '角色管理', 2),
  menu(100, 1, '用户管理', 1),
  menu(1001, 100, '用户查询', 1),
  menu(1002, 100, '用户新增', 2),
  menu(2, 0, '系统监控', 2),
];

describe('menu grant tree', () => {
  it('nests menus under their parents in their order', () => {
    expect(buildMenuGrantTree(menus)).toEqual([
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
      { id: 2, label: '系统监控' },
    ]);
  });

  it('leaves out granted parents of granted menus when the tree links parents and children', () => {
    const nodes = menus.map((m) => ({ id: m.menuId, parentId: m.parentId }));
    const granted = [1, 100, 1001];
    expect(checkedGrantKeys(nodes, granted, true)).toEqual([1001]);
    expect(checkedGrantKeys(nodes, granted, false)).toEqual(granted);
    expect(checkedGrantKeys(nodes, [2], true)).toEqual([2]);
  });
});
