import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deptSortPlan } from './dept-sort.js';

describe('deptSortPlan (保存部门排序)', () => {
  it('pairs the two lists by position', () => {
    const r = deptSortPlan('101, 102,103', '3,1,0');
    expect(r).toEqual({
      ok: true,
      value: [
        { deptId: 101, orderNum: 3 },
        { deptId: 102, orderNum: 1 },
        { deptId: 103, orderNum: 0 },
      ],
    });
  });

  it('refuses lists of different lengths, repeats, bad numbers and nothing, naming the list at fault', () => {
    for (const [ids, orders, field] of [
      ['101,102', '1', 'orderNums'],
      ['101,101', '1,2', 'deptIds'],
      ['abc', '1', 'deptIds'],
      ['0', '1', 'deptIds'],
      ['101', '10000', 'orderNums'],
      ['101', '-1', 'orderNums'],
      ['101', '1.5', 'orderNums'],
      ['', '', 'deptIds'],
    ] as const) {
      const r = deptSortPlan(ids, orders);
      expect(r.ok, `${ids} / ${orders}`).toBe(false);
      if (!r.ok) expect(r.error.field, `${ids} / ${orders}`).toBe(field);
    }
  });

  it('round-trips any list of distinct departments and valid orders', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 2147483647 }), { minLength: 1, maxLength: 50 }),
        fc.array(fc.integer({ min: 0, max: 9999 }), { minLength: 50, maxLength: 50 }),
        (ids, orders) => {
          const pairs = ids.map((deptId, i) => ({ deptId, orderNum: orders[i]! }));
          const r = deptSortPlan(
            pairs.map((p) => p.deptId).join(','),
            pairs.map((p) => p.orderNum).join(','),
          );
          expect(r).toEqual({ ok: true, value: pairs });
        },
      ),
    );
  });
});
