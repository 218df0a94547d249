import { labelledTree, type LabelledNode } from '../shared/tree.js';
import type { SysMenu } from './menu.js';

/** A node of the menu grant tree (RuoYi's TreeSelect): `{id, label, children}`. */
export type MenuTreeNode = LabelledNode;

/**
 * The menus as the role form grants them: directories, pages and buttons under their parents,
 * each level by orderNum. A menu whose parent is not among `menus` is a root.
 */
export const buildMenuGrantTree = (menus: readonly SysMenu[]): MenuTreeNode[] =>
  labelledTree(menus, {
    id: (m) => m.menuId,
    parentId: (m) => m.parentId,
    orderNum: (m) => m.orderNum,
    label: (m) => m.menuName,
  });

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
