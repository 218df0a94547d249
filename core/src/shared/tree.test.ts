import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childrenByParent, labelledTree, TREE_ROOT, type LabelledNode } from './tree.js';

interface Rec {
  id: number;
  parentId: number;
  orderNum: number;
  name: string;
}
const KEYS = {
  id: (r: Rec) => r.id,
  parentId: (r: Rec) => r.parentId,
  orderNum: (r: Rec) => r.orderNum,
  label: (r: Rec) => r.name,
};

const flatten = (nodes: readonly LabelledNode[]): number[] =>
  nodes.flatMap((n) => [n.id, ...flatten(n.children ?? [])]);

describe('childrenByParent', () => {
  it('files orphans as roots and orders siblings by orderNum, then id', () => {
    const recs: Rec[] = [
      { id: 5, parentId: 1, orderNum: 2, name: 'b' },
      { id: 1, parentId: 0, orderNum: 1, name: 'root' },
      { id: 4, parentId: 1, orderNum: 2, name: 'a' },
      { id: 3, parentId: 1, orderNum: 1, name: 'c' },
      { id: 9, parentId: 77, orderNum: 0, name: 'orphan' },
    ];
    const children = childrenByParent(recs, KEYS);
    expect(children.get(TREE_ROOT)?.map((r) => r.id)).toEqual([9, 1]);
    expect(children.get(1)?.map((r) => r.id)).toEqual([3, 4, 5]);
  });
});

describe('labelledTree', () => {
  it('leaves no empty children and labels each node', () => {
    const tree = labelledTree(
      [
        { id: 1, parentId: 0, orderNum: 0, name: '院' },
        { id: 2, parentId: 1, orderNum: 0, name: '一所' },
      ],
      KEYS,
    );
    expect(tree).toEqual([{ id: 1, label: '院', children: [{ id: 2, label: '一所' }] }]);
  });

  it('holds every record of a forest exactly once, each under its listed parent', () => {
    const forest = fc
      .uniqueArray(fc.integer({ min: 1, max: 60 }), { minLength: 0, maxLength: 30 })
      .chain((ids) =>
        fc.tuple(
          fc.constant(ids),
          // A parent earlier in the list (or none), so the links have no cycle.
          fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 5 })), {
            minLength: ids.length,
            maxLength: ids.length,
          }),
        ),
      )
      .map(([ids, picks]) =>
        ids.map((id, i) => ({
          id,
          parentId: i === 0 ? 0 : (ids[picks[i]![0] % i] ?? 0),
          orderNum: picks[i]![1],
          name: `n${id}`,
        })),
      );
    fc.assert(
      fc.property(forest, (recs) => {
        const tree = labelledTree(recs, KEYS);
        expect(flatten(tree).sort((a, b) => a - b)).toEqual(
          recs.map((r) => r.id).sort((a, b) => a - b),
        );
        const parentOf = new Map(recs.map((r) => [r.id, r.parentId]));
        const walk = (nodes: readonly LabelledNode[], parent: number | null) => {
          for (const n of nodes) {
            if (parent !== null) expect(parentOf.get(n.id)).toBe(parent);
            walk(n.children ?? [], n.id);
          }
        };
        walk(tree, null);
      }),
    );
  });
});
