/**
 * Flat records linked by parent id (departments, menus) read as a tree. One reading for every
 * tree the system draws: a record whose parent is not among the records is a root, and siblings
 * come in 显示排序 (orderNum), then by id, so the same records always give the same tree.
 */
export interface TreeKeys<T> {
  readonly id: (item: T) => number;
  readonly parentId: (item: T) => number;
  readonly orderNum: (item: T) => number;
}

/** The key `childrenByParent` files the roots under: no record has it as an id. */
export const TREE_ROOT = -1;

/** Each record's children, by its id; the roots are under `TREE_ROOT`. */
export function childrenByParent<T>(
  items: readonly T[],
  keys: TreeKeys<T>,
): ReadonlyMap<number, readonly T[]> {
  const ids = new Set(items.map(keys.id));
  const children = new Map<number, T[]>();
  for (const item of items) {
    const parent = ids.has(keys.parentId(item)) ? keys.parentId(item) : TREE_ROOT;
    const siblings = children.get(parent);
    if (siblings) siblings.push(item);
    else children.set(parent, [item]);
  }
  for (const siblings of children.values())
    siblings.sort((a, b) => keys.orderNum(a) - keys.orderNum(b) || keys.id(a) - keys.id(b));
  return children;
}

/** A node of a tree select (RuoYi's TreeSelect): `{id, label, children}`, no empty children. */
export interface LabelledNode {
  readonly id: number;
  readonly label: string;
  readonly children?: readonly LabelledNode[];
}

/** The records as a tree select draws them. */
export function labelledTree<T>(
  items: readonly T[],
  keys: TreeKeys<T> & { readonly label: (item: T) => string },
): LabelledNode[] {
  const children = childrenByParent(items, keys);
  const build = (parent: number): LabelledNode[] =>
    (children.get(parent) ?? []).map((item) => {
      const below = build(keys.id(item));
      const node = { id: keys.id(item), label: keys.label(item) };
      return below.length > 0 ? { ...node, children: below } : node;
    });
  return build(TREE_ROOT);
}
