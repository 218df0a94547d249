import { ALL_DATA, buildDeptTree } from '@dpms/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { SqlDeptRepository } from './sql-dept.repository.js';

describe.each(testDatabaseKinds())('DeptRepository contract on %s', (kind) => {
  let handle: DatabaseHandle;
  let depts: SqlDeptRepository;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    depts = new SqlDeptRepository(handle.db);
  });
  afterAll(() => handle.close());

  it('holds the institute tree', async () => {
    const all = await depts.list({}, ALL_DATA);
    const tree = buildDeptTree(all);
    expect(tree).toHaveLength(1);
    expect(tree[0]?.label).toBe('华东示范建筑设计研究院');
    expect(all.find((d) => d.deptName === '结构所')).toMatchObject({
      ancestors: '0,100,108',
      deptType: '1',
    });
    const production = await depts.list({ deptType: '1' }, ALL_DATA);
    expect(production.map((d) => d.deptName)).toContain('建筑一所');
    expect(production.map((d) => d.deptName)).not.toContain('财务部');
    expect((await depts.list({ deptName: '所' }, ALL_DATA)).length).toBe(6);
  });

  it('scopes lists and reads', async () => {
    expect(
      (await depts.list({}, { kind: 'deptAndBelow', deptId: 108 })).map((d) => d.deptId),
    ).toEqual([108, 110, 111, 112, 113, 114, 115]);
    expect((await depts.list({}, { kind: 'dept', deptIds: [103] })).map((d) => d.deptId)).toEqual([
      103,
    ]);
    expect((await depts.list({}, { kind: 'own', userId: 4 })).map((d) => d.deptId)).toEqual([110]);
    expect(await depts.findById(103, { kind: 'deptAndBelow', deptId: 108 })).toBeNull();
    expect(await depts.selfAndDescendantIds(108)).toEqual([108, 110, 111, 112, 113, 114, 115]);
    expect((await depts.listExcluding(108, ALL_DATA)).map((d) => d.deptId)).not.toContain(112);
  });

  it('creates at the ancestors it is given, moves a subtree and rewrites ancestors', async () => {
    const a = await depts.create(
      { parentId: 112, deptName: '结构一室', deptType: '1' },
      '0,100,108,112',
    );
    expect(a).toMatchObject({ ok: true, value: { ancestors: '0,100,108,112', deptType: '1' } });
    if (!a.ok) return;
    const b = await depts.create(
      { parentId: a.value.deptId, deptName: '结构一室一组' },
      `0,100,108,112,${String(a.value.deptId)}`,
    );
    if (!b.ok) throw new Error('create failed');
    expect(b.value.deptType).toBe('0');
    expect(await depts.update(a.value.deptId, { parentId: 110 }, '0,100,108,110')).toMatchObject({
      ok: true,
      value: { parentId: 110, ancestors: '0,100,108,110' },
    });
    expect((await depts.findById(b.value.deptId, ALL_DATA))?.ancestors).toBe(
      `0,100,108,110,${String(a.value.deptId)}`,
    );
    expect(await depts.update(999_999, { deptName: '无' }, '0')).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.NOT_FOUND' },
    });

    expect(await depts.hasChildren(a.value.deptId)).toBe(true);
    expect(await depts.hasChildren(b.value.deptId)).toBe(false);
    expect(await depts.hasUsers(b.value.deptId)).toBe(false);
    expect(await depts.delete(b.value.deptId)).toEqual({ ok: true, value: undefined });
    expect(await depts.findById(b.value.deptId, ALL_DATA)).toBeNull();
    expect(await depts.hasChildren(a.value.deptId)).toBe(false);
    expect(await depts.delete(a.value.deptId)).toEqual({ ok: true, value: undefined });
  });

  it('reorders in one transaction', async () => {
    expect(
      await depts.reorder(
        [
          { deptId: 110, orderNum: 9 },
          { deptId: 111, orderNum: 8 },
        ],
        'admin',
      ),
    ).toEqual({ ok: true, value: undefined });
    expect((await depts.findById(110, ALL_DATA))?.orderNum).toBe(9);
    expect((await depts.findById(111, ALL_DATA))?.orderNum).toBe(8);
  });

  it('tells a department with users', async () => {
    expect(await depts.hasUsers(103)).toBe(true);
    expect(await depts.hasChildren(108)).toBe(true);
  });
});
