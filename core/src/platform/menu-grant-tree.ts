import type { SysMenu } from './menu.js';

/** A node of the menu grant tree (RuoYi's TreeSelect): `{id, label, children}`. */
export interface MenuTreeNode {
  readonly id: number;
  readonly label: string;
  readonly children?: MenuTreeNode[];
}

/**
 * The menus as the role form grants them: directories, pages and buttons under their parents,
 * each level by orderNum. A menu whose parent is not among `menus` is a root.
 */
export function buildMenuGrantTree(menus: readonly SysMenu[]): MenuTreeNode[] {
  const ids = new Set(menus.map((m) => m.menuId));
  const byParent = new Map<number, SysMenu[]>();
  for (const m of menus) {
    const key = ids.has(m.parentId) ? m.parentId : -1;
    byParent.set(key, [...(byParent.get(key) ?? []), m]);
  }
  const build = (parent: number): MenuTreeNode[] =>
    (byParent.get(parent) ?? [])
      .slice()
      .sort((a, b) => a.orderNum - b.orderNum || a.menuId - b.menuId)
      .map((m) => {
        const children = build(m.menuId);
        return children.length > 0
          ? { id: m.menuId, label: m.menuName, children }
          : { id: m.menuId, label: m.menuName };
      });
  return build(-1);
}

/**
 * The keys the role form checks. With 父子联动 (checkStrictly) a checked parent checks all its
 * children in the tree, so a parent granted only in part must not be sent as checked: as RuoYi
 * (`selectMenuListByRoleId`), a granted menu that is the parent of another granted menu is left
 * out, and the tree shows it half-checked from its children. The same holds for the departments
 * of a custom data scope.
 */
export function checkedGrantKeys(
  nodes: readonly { readonly id: number; readonly parentId: number }[],
  granted: readonly number[],
  checkStrictly: boolean,
): number[] {
  if (!checkStrictly) return [...granted];
  const grantedSet = new Set(granted);
  const parentsOfGranted = new Set(
    nodes.filter((n) => grantedSet.has(n.id)).map((n) => n.parentId),
  );
  return granted.filter((id) => !parentsOfGranted.has(id));
}
