import { childrenByParent, TREE_ROOT } from '@dpms/core';
import type { SysMenu } from '@dpms/http-client';

export type MenuRow = SysMenu & { depth: number; hasChildren: boolean };

/** Children by parent, each list in 显示排序; a menu whose parent is not listed is a root. */
const childrenOf = (menus: readonly SysMenu[]) =>
  childrenByParent(menus, {
    id: (m) => m.menuId,
    parentId: (m) => m.parentId,
    orderNum: (m) => m.orderNum,
  });

/**
 * The tree table's rows, depth first: a row's children follow it only while it is expanded. A
 * search answers a part of the tree; a match whose parent did not match shows as a root.
 */
export function menuRows(menus: readonly SysMenu[], expanded: ReadonlySet<number>): MenuRow[] {
  const children = childrenOf(menus);
  const out: MenuRow[] = [];
  const walk = (parent: number, depth: number) => {
    for (const m of children.get(parent) ?? []) {
      const below = children.get(m.menuId) ?? [];
      out.push({ ...m, depth, hasChildren: below.length > 0 });
      if (expanded.has(m.menuId)) walk(m.menuId, depth + 1);
    }
  };
  walk(TREE_ROOT, 0);
  return out;
}

/** Every menu that has children: what 展开 opens. */
export function parentsOf(menus: readonly SysMenu[]): Set<number> {
  return new Set(menus.map((m) => m.parentId));
}

/**
 * 上级菜单's choices: 主类目, then the directories and pages as an indented tree. Buttons hold no
 * menus; a menu being edited cannot go under itself or below itself, so those are left out.
 */
export function parentChoices(
  menus: readonly SysMenu[],
  editing: number | undefined,
): { value: string; label: string }[] {
  const children = childrenOf(menus.filter((m) => m.menuType !== 'F'));
  const out = [{ value: '0', label: '主类目' }];
  const walk = (parent: number, depth: number) => {
    for (const m of children.get(parent) ?? []) {
      if (m.menuId === editing) continue;
      out.push({ value: String(m.menuId), label: `${'　'.repeat(depth + 1)}${m.menuName}` });
      walk(m.menuId, depth + 1);
    }
  };
  walk(TREE_ROOT, 0);
  return out;
}
