import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parsePage, parseSort } from './list-query.js';
import { USER_SORT_COLUMNS } from './user.js';
import { dataScopeFor } from './data-scope.js';
import { buildDeptTree, type SysDept } from './dept.js';

describe('parseSort', () => {
  it('accepts whitelisted columns in both spellings of the direction', () => {
    expect(parseSort(USER_SORT_COLUMNS, 'createTime', 'descending')).toEqual({
      ok: true,
      value: { column: 'createTime', direction: 'desc' },
    });
    expect(parseSort(USER_SORT_COLUMNS, 'userName', undefined)).toEqual({
      ok: true,
      value: { column: 'userName', direction: 'asc' },
    });
    expect(parseSort(USER_SORT_COLUMNS, undefined, 'asc')).toEqual({ ok: true, value: undefined });
  });
  it('refuses anything outside the whitelist', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (col) => {
        const r = parseSort(USER_SORT_COLUMNS, col, 'asc');
        return (USER_SORT_COLUMNS as readonly string[]).includes(col) ? r.ok : !r.ok;
      }),
    );
    const r = parseSort(USER_SORT_COLUMNS, 'user_name; drop table sys_user', 'asc');
    expect(r.ok).toBe(false);
    expect(parseSort(USER_SORT_COLUMNS, 'userId', 'sideways').ok).toBe(false);
  });
});

describe('parsePage', () => {
  it('defaults to page 1 of 20 and bounds the size', () => {
    expect(parsePage(undefined, undefined)).toEqual({
      ok: true,
      value: { pageNum: 1, pageSize: 20 },
    });
    expect(parsePage(2, 1000).ok).toBe(true);
    expect(parsePage(0, 20).ok).toBe(false);
    expect(parsePage(1, 1001).ok).toBe(false);
    expect(parsePage(1.5, 20).ok).toBe(false);
  });
});

describe('dataScopeFor', () => {
  const user = { userId: 9, deptId: 105 };
  it('maps RuoYi codes', () => {
    expect(dataScopeFor({ roleKey: 'x', dataScope: '1' }, user)).toEqual({ kind: 'all' });
    expect(dataScopeFor({ roleKey: 'x', dataScope: '2' }, user, [1, 2])).toEqual({
      kind: 'dept',
      deptIds: [1, 2],
    });
    expect(dataScopeFor({ roleKey: 'x', dataScope: '3' }, user)).toEqual({
      kind: 'dept',
      deptIds: [105],
    });
    expect(dataScopeFor({ roleKey: 'x', dataScope: '4' }, user)).toEqual({
      kind: 'deptAndBelow',
      deptId: 105,
    });
    expect(dataScopeFor({ roleKey: 'x', dataScope: '5' }, user)).toEqual({
      kind: 'own',
      userId: 9,
    });
    expect(dataScopeFor({ roleKey: 'admin', dataScope: '5' }, user)).toEqual({ kind: 'all' });
    expect(dataScopeFor({ roleKey: 'x', dataScope: '4' }, { userId: 9, deptId: null })).toEqual({
      kind: 'own',
      userId: 9,
    });
  });
});

describe('buildDeptTree', () => {
  const d = (deptId: number, parentId: number, orderNum: number): SysDept => ({
    deptId,
    parentId,
    ancestors: '',
    deptName: `d${deptId}`,
    orderNum,
    leaderUserId: null,
    phone: '',
    email: '',
    status: '0',
    deptType: '0',
    createTime: new Date(0),
  });
  it('nests by parent and orders by orderNum', () => {
    const tree = buildDeptTree([d(100, 0, 0), d(102, 100, 2), d(101, 100, 1), d(103, 101, 1)]);
    expect(tree).toEqual([
      {
        id: 100,
        label: 'd100',
        children: [
          { id: 101, label: 'd101', children: [{ id: 103, label: 'd103' }] },
          { id: 102, label: 'd102' },
        ],
      },
    ]);
  });
});
