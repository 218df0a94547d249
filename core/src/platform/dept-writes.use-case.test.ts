import { describe, expect, it } from 'vitest';
import { err, ok } from '../shared/result.js';
import type { DataScope } from './data-scope.js';
import type { DeptPatch, NewDept, SysDept } from './dept.js';
import type { DeptOrder } from './dept-sort.js';
import type { DeptRepository } from './dept.repository.port.js';
import { PlatformErrors } from './platform-errors.js';
import type { SysUser } from './user.js';
import { DeptWrites, type DeptLeaderUsers } from './dept-writes.use-case.js';

const dept = (deptId: number, parentId: number, ancestors: string, deptType: '0' | '1' = '0') =>
  ({
    deptId,
    parentId,
    ancestors,
    deptName: `部门${String(deptId)}`,
    orderNum: 0,
    leaderUserId: null,
    phone: '',
    email: '',
    status: '0',
    deptType,
    createTime: new Date('2026-01-01T00:00:00Z'),
  }) satisfies SysDept as SysDept;

const user = (userId: number, deptId: number | null, status: '0' | '1' = '0') =>
  ({ userId, deptId, status }) as SysUser;

/** 100 the institute; 108 a production institute under it with 110 below; 103 beside it. */
const TREE = [
  dept(100, 0, '0'),
  dept(108, 100, '0,100', '1'),
  dept(110, 108, '0,100,108', '1'),
  dept(103, 100, '0,100'),
];
const DESIGN: DataScope = { kind: 'deptAndBelow', deptId: 108 };
const ALL: DataScope = { kind: 'all' };

function inScope(d: SysDept, scope: DataScope): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'dept':
      return scope.deptIds.includes(d.deptId);
    case 'deptAndBelow':
      return d.deptId === scope.deptId || d.ancestors.split(',').map(Number).includes(scope.deptId);
    case 'own':
      return d.deptId === 110;
  }
}

/** In memory: departments by id, users by id; records every write. */
function fake(users: SysUser[] = [user(7, 110), user(8, 103), user(9, 110, '1')]) {
  const rows = new Map(TREE.map((d) => [d.deptId, d]));
  const writes: unknown[][] = [];
  const depts: DeptRepository = {
    list: () => Promise.resolve([...rows.values()]),
    listExcluding: () => Promise.resolve([...rows.values()]),
    findById: (id, scope) => {
      const d = rows.get(id);
      return Promise.resolve(d && inScope(d, scope) ? d : null);
    },
    selfAndDescendantIds: (id) =>
      Promise.resolve(
        [...rows.values()]
          .filter((d) => d.deptId === id || d.ancestors.split(',').map(Number).includes(id))
          .map((d) => d.deptId),
      ),
    create: (d: NewDept, ancestors: string) => {
      writes.push(['create', d, ancestors]);
      return Promise.resolve(ok({ ...dept(999, d.parentId, ancestors), ...d, deptId: 999 }));
    },
    update: (id: number, patch: DeptPatch, ancestors?: string) => {
      writes.push(['update', id, patch, ancestors]);
      const d = rows.get(id);
      return Promise.resolve(
        d
          ? ok({ ...d, ...patch, ancestors: ancestors ?? d.ancestors })
          : err(PlatformErrors.notFound('部门')),
      );
    },
    reorder: (plan: readonly DeptOrder[], by: string) => {
      writes.push(['reorder', plan, by]);
      return Promise.resolve(ok(undefined));
    },
    hasChildren: (id) => Promise.resolve([...rows.values()].some((d) => d.parentId === id)),
    hasUsers: (id) => Promise.resolve(users.some((u) => u.deptId === id)),
    delete: (id) => {
      writes.push(['delete', id]);
      rows.delete(id);
      return Promise.resolve(ok(undefined));
    },
  };
  const people: DeptLeaderUsers = {
    findById: (id) => Promise.resolve(users.find((u) => u.userId === id) ?? null),
  };
  return { writes: new DeptWrites(depts, people), log: writes };
}

const refusal = (code: string, message?: string) => ({
  ok: false,
  error: { code, ...(message ? { message } : {}) },
});

describe('DeptWrites', () => {
  it('creates under a stored parent in scope, at its chain and of its type', async () => {
    const { writes, log } = fake();
    expect(await writes.create({ parentId: 110, deptName: '一室' }, DESIGN)).toMatchObject({
      ok: true,
      value: { ancestors: '0,100,108,110', deptType: '1' },
    });
    expect(log).toEqual([
      ['create', { parentId: 110, deptName: '一室', deptType: '1' }, '0,100,108,110'],
    ]);
    expect(await writes.create({ parentId: 103, deptName: '外' }, DESIGN)).toMatchObject(
      refusal('PLATFORM.DATA_SCOPE_DENIED'),
    );
    expect(await writes.create({ parentId: 0, deptName: '根' }, DESIGN)).toMatchObject(
      refusal('PLATFORM.DATA_SCOPE_DENIED'),
    );
    expect(
      await writes.create({ parentId: 110, deptName: '一室' }, { kind: 'own', userId: 7 }),
    ).toMatchObject(refusal('PLATFORM.DATA_SCOPE_DENIED'));
    expect(await writes.create({ parentId: 555, deptName: '无' }, ALL)).toMatchObject(
      refusal('PLATFORM.NOT_FOUND', '上级部门不存在或已被删除'),
    );
    expect(await writes.create({ parentId: 0, deptName: '根' }, ALL)).toMatchObject({
      ok: true,
      value: { ancestors: '0' },
    });
    expect(log).toHaveLength(2);
  });

  it('refuses a leader on a new department, who has no users yet', async () => {
    const { writes, log } = fake();
    expect(
      await writes.create({ parentId: 110, deptName: '一室', leaderUserId: 7 }, ALL),
    ).toMatchObject(refusal('VALIDATION.DEPT_LEADER'));
    expect(log).toEqual([]);
  });

  it('takes a new leader only from the active users of the department or below', async () => {
    const { writes, log } = fake();
    expect(await writes.update(108, { leaderUserId: 8 }, ALL)).toMatchObject(
      refusal('VALIDATION.DEPT_LEADER'),
    );
    expect(await writes.update(108, { leaderUserId: 9 }, ALL)).toMatchObject(
      refusal('VALIDATION.DEPT_LEADER'),
    );
    expect(await writes.update(108, { leaderUserId: 404 }, ALL)).toMatchObject(
      refusal('VALIDATION.DEPT_LEADER'),
    );
    expect(log).toEqual([]);
    expect(await writes.update(108, { leaderUserId: 7 }, ALL)).toMatchObject({ ok: true });
    expect(await writes.update(108, { leaderUserId: null }, ALL)).toMatchObject({ ok: true });
  });

  it('refuses a department as its own parent, or under itself, before writing', async () => {
    const { writes, log } = fake();
    expect(await writes.update(108, { parentId: 108 }, ALL)).toMatchObject(
      refusal('PLATFORM.DEPT_OWN_PARENT', '上级部门不能是自己'),
    );
    expect(await writes.update(108, { parentId: 110 }, ALL)).toMatchObject(
      refusal('PLATFORM.DEPT_PARENT_INVALID', '上级部门不能是自己或自己的下级'),
    );
    expect(log).toEqual([]);
  });

  it('edits a stored department in scope and moves it under a parent in scope', async () => {
    const { writes, log } = fake();
    expect(await writes.update(555, { deptName: '无' }, ALL)).toMatchObject(
      refusal('PLATFORM.NOT_FOUND', '部门不存在或已被删除'),
    );
    expect(await writes.update(103, { deptName: '外' }, DESIGN)).toMatchObject(
      refusal('PLATFORM.DATA_SCOPE_DENIED'),
    );
    expect(await writes.update(110, { deptName: '本' }, { kind: 'own', userId: 7 })).toMatchObject(
      refusal('PLATFORM.DATA_SCOPE_DENIED'),
    );
    expect(await writes.update(110, { parentId: 103 }, DESIGN)).toMatchObject(
      refusal('PLATFORM.DATA_SCOPE_DENIED'),
    );
    expect(await writes.update(110, { parentId: 0 }, DESIGN)).toMatchObject(
      refusal('PLATFORM.DATA_SCOPE_DENIED'),
    );
    expect(await writes.update(110, { parentId: 555 }, ALL)).toMatchObject(
      refusal('PLATFORM.NOT_FOUND', '上级部门不存在或已被删除'),
    );
    expect(log).toEqual([]);
    expect(await writes.update(110, { deptName: '本' }, DESIGN)).toMatchObject({ ok: true });
    expect(await writes.update(110, { parentId: 103 }, ALL)).toMatchObject({
      ok: true,
      value: { ancestors: '0,100,103' },
    });
    // An edit that does not move it leaves the chain to the store (read as it writes).
    expect(log).toEqual([
      ['update', 110, { deptName: '本' }, undefined],
      ['update', 110, { parentId: 103 }, '0,100,103'],
    ]);
  });

  it('saves a sort only when every department is stored and in scope', async () => {
    const { writes, log } = fake();
    expect(await writes.reorder('110,x', '1,2', ALL, 'admin')).toMatchObject(
      refusal('VALIDATION.DEPT_SORT'),
    );
    expect(await writes.reorder('110,555', '1,2', ALL, 'admin')).toMatchObject(
      refusal('PLATFORM.NOT_FOUND'),
    );
    expect(await writes.reorder('110,103', '1,2', DESIGN, 'admin')).toMatchObject(
      refusal('PLATFORM.DATA_SCOPE_DENIED'),
    );
    expect(await writes.reorder('110', '1', { kind: 'own', userId: 7 }, 'admin')).toMatchObject(
      refusal('PLATFORM.DATA_SCOPE_DENIED'),
    );
    expect(log).toEqual([]);
    expect(await writes.reorder('110,108', '2,1', DESIGN, 'admin')).toEqual(ok(undefined));
    expect(log).toEqual([
      [
        'reorder',
        [
          { deptId: 110, orderNum: 2 },
          { deptId: 108, orderNum: 1 },
        ],
        'admin',
      ],
    ]);
  });

  it('deletes a department in scope without children or users', async () => {
    const { writes, log } = fake([user(8, 103)]);
    expect(await writes.remove(555, ALL)).toMatchObject(refusal('PLATFORM.NOT_FOUND'));
    expect(await writes.remove(103, DESIGN)).toMatchObject(refusal('PLATFORM.DATA_SCOPE_DENIED'));
    expect(await writes.remove(110, { kind: 'own', userId: 7 })).toMatchObject(
      refusal('PLATFORM.DATA_SCOPE_DENIED'),
    );
    expect(await writes.remove(108, ALL)).toMatchObject(
      refusal('PLATFORM.DEPT_HAS_CHILDREN', '存在下级部门，不允许删除'),
    );
    expect(await writes.remove(103, ALL)).toMatchObject(
      refusal('PLATFORM.DEPT_HAS_USERS', '部门存在用户，不允许删除'),
    );
    expect(log).toEqual([]);
    expect(await writes.remove(110, DESIGN)).toEqual(ok(undefined));
    expect(log).toEqual([['delete', 110]]);
  });
});
