import type { TreeNode } from '@dpms/http-client';

/*
 * The grant trees of 角色管理 (menus, and the departments of a custom data scope), RuoYi's
 * el-tree with 父子联动: the set kept is what the save sends. Linked, a checked node checks its
 * whole subtree and a parent is granted while any node below it is (RuoYi sends the half-checked
 * parents too, so a granted button's page and directory stay reachable); unlinked, each node
 * stands alone.
 */

export type Grant = ReadonlySet<number>;

const descendants = (n: TreeNode): number[] =>
  (n.children ?? []).flatMap((c) => [c.id, ...descendants(c)]);

/** Every id of the tree, parents first. */
export const allIds = (nodes: readonly TreeNode[]): number[] =>
  nodes.flatMap((n) => [n.id, ...descendants(n)]);

/** A parent is granted exactly when something below it is (linked trees only). */
function normalize(nodes: readonly TreeNode[], grant: Set<number>): void {
  for (const n of nodes) {
    if (!n.children?.length) continue;
    normalize(n.children, grant);
    if (n.children.some((c) => grant.has(c.id))) grant.add(n.id);
    else grant.delete(n.id);
  }
}

/**
 * The grant the server's checked keys mean. Linked, the server leaves out a partly granted parent
 * (`checkedGrantKeys`), and a key it sends checks its whole subtree, as el-tree shows it.
 */
export function grantOfCheckedKeys(
  nodes: readonly TreeNode[],
  checkedKeys: readonly number[],
  linked: boolean,
): Set<number> {
  const grant = new Set(checkedKeys);
  if (!linked) return grant;
  const index = new Map(walk(nodes).map((n) => [n.id, n]));
  for (const key of checkedKeys) {
    const node = index.get(key);
    if (node) for (const d of descendants(node)) grant.add(d);
  }
  normalize(nodes, grant);
  return grant;
}

const walk = (nodes: readonly TreeNode[]): TreeNode[] =>
  nodes.flatMap((n) => [n, ...walk(n.children ?? [])]);

export type CheckState = 'checked' | 'half' | 'unchecked';

/** What a node's box shows. */
export function checkState(node: TreeNode, grant: Grant, linked: boolean): CheckState {
  if (!linked || !node.children?.length) return grant.has(node.id) ? 'checked' : 'unchecked';
  const below = descendants(node).filter((id) => !walkHasChildren(node, id));
  const held = below.filter((id) => grant.has(id)).length;
  if (held === 0) return 'unchecked';
  return held === below.length ? 'checked' : 'half';
}

/** Whether `id` (below `root`) has children: the leaves decide a linked parent's box. */
function walkHasChildren(root: TreeNode, id: number): boolean {
  const found = walk(root.children ?? []).find((n) => n.id === id);
  return !!found?.children?.length;
}

/** The grant after a click on `node`'s box. */
export function toggled(
  nodes: readonly TreeNode[],
  node: TreeNode,
  grant: Grant,
  linked: boolean,
): Set<number> {
  const next = new Set(grant);
  if (!linked) {
    if (next.has(node.id)) next.delete(node.id);
    else next.add(node.id);
    return next;
  }
  const on = checkState(node, grant, true) !== 'checked';
  for (const id of [node.id, ...descendants(node)]) {
    if (on) next.add(id);
    else next.delete(id);
  }
  normalize(nodes, next);
  return next;
}
