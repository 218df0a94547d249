import { ALL_DATA, type DataScope } from '@dpms/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { SqlUserRepository } from './sql-user.repository.js';

describe.each(testDatabaseKinds())('UserRepository contract on %s', (kind) => {
  let handle: DatabaseHandle;
  let users: SqlUserRepository;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    users = new SqlUserRepository(handle.db);
  });
  afterAll(() => handle.close());

  const design: DataScope = { kind: 'deptAndBelow', deptId: 108 };

  it('lists the seeded users with dept names, roles and a total', async () => {
    const page = await users.list({ filter: {}, page: { pageNum: 1, pageSize: 5 } }, ALL_DATA);
    expect(page.total).toBeGreaterThanOrEqual(16);
    expect(page.rows).toHaveLength(5);
    const admin = page.rows[0];
    expect(admin).toMatchObject({
      userId: 1,
      userName: 'admin',
      deptName: '华东示范建筑设计研究院',
      roleIds: [1],
      defaultRoleId: 1,
    });
    expect(admin?.createTime).toBeInstanceOf(Date);
    const xmjl = await users.findByUserName('xmjl');
    expect(xmjl).toMatchObject({ roleIds: [2, 7], defaultRoleId: 2, postIds: [4] });
  });

  it('reads several users by id in one call, leaving out deleted and unknown ids', async () => {
    expect(await users.findByIds([])).toEqual([]);
    const found = await users.findByIds([1, 2, 999_999]);
    expect(found.map((u) => u.userId).sort()).toEqual([1, 2]);
    await handle.db
      .updateTable('sys_user')
      .set({ del_flag: '2' })
      .where('user_id', '=', 2)
      .execute();
    try {
      expect((await users.findByIds([1, 2])).map((u) => u.userId)).toEqual([1]);
    } finally {
      await handle.db
        .updateTable('sys_user')
        .set({ del_flag: '0' })
        .where('user_id', '=', 2)
        .execute();
    }
  });

  it('pages, sorts through the whitelist and filters', async () => {
    const second = await users.list({ filter: {}, page: { pageNum: 2, pageSize: 5 } }, ALL_DATA);
    expect(second.rows[0]?.userId).toBe(6);
    const byName = await users.list(
      {
        filter: {},
        sort: { column: 'userName', direction: 'desc' },
        page: { pageNum: 1, pageSize: 3 },
      },
      ALL_DATA,
    );
    const names = byName.rows.map((u) => u.userName);
    expect(names).toEqual([...names].sort().reverse());
    const hosts = await users.list({ filter: { roleId: 7 } }, ALL_DATA);
    expect(hosts.rows.map((u) => u.userName).sort()).toEqual(['sjzc', 'sjzc2', 'xmjl']);
    const structure = await users.list({ filter: { deptId: 108 } }, ALL_DATA);
    expect(
      structure.rows.every((u) => [108, 110, 111, 112, 113, 114, 115].includes(u.deptId ?? -1)),
    ).toBe(true);
    expect(structure.total).toBe(structure.rows.length);
    const nick = await users.list({ filter: { nickName: '主持' } }, ALL_DATA);
    expect(nick.rows.map((u) => u.userName).sort()).toEqual(['sjzc', 'sjzc2']);
    const byPost = await users.list({ filter: { postId: 1 } }, ALL_DATA);
    expect(byPost.rows.map((u) => u.userName)).toEqual(['zjl']);
  });

  it('treats filter text as data: wildcards and quotes match literally', async () => {
    for (const evil of ['%', '_', "' or 1=1 --", '\\', 'admin%']) {
      const page = await users.list({ filter: { userName: evil } }, ALL_DATA);
      expect(page.total).toBe(0);
    }
  });

  it('applies each data scope to lists and reads', async () => {
    const own = await users.list({ filter: {} }, { kind: 'own', userId: 4 });
    expect(own.rows.map((u) => u.userId)).toEqual([4]);
    const dept = await users.list({ filter: {} }, { kind: 'dept', deptIds: [110] });
    expect(dept.rows.map((u) => u.userName).sort()).toEqual(['bmfzr', 'sjzc', 'xmjl']);
    const below = await users.list({ filter: {} }, design);
    expect(below.rows.every((u) => [110, 111, 112, 113, 114, 115].includes(u.deptId ?? -1))).toBe(
      true,
    );
    expect(below.total).toBe(7);
    expect(await users.findById(8, design)).toBeNull();
    expect(await users.findById(3, design)).not.toBeNull();
    expect((await users.list({ filter: {} }, { kind: 'dept', deptIds: [] })).total).toBe(0);
  });

  it('creates, updates, disables and deletes what it is given (core checks the rules)', async () => {
    const created = await users.create({
      userName: 'newbie',
      nickName: '新人',
      passwordHash: 'h',
      deptId: 112,
      roleIds: [13, 2],
      defaultRoleId: 2,
      postIds: [5],
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.value).toMatchObject({
      deptId: 112,
      roleIds: [2, 13],
      defaultRoleId: 2,
      status: '0',
    });
    const id = created.value.userId;
    expect(id).toBeGreaterThan(1000);

    const dup = await users.create({
      userName: 'newbie',
      nickName: 'x',
      passwordHash: 'h',
      deptId: 112,
    });
    expect(dup).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.DUPLICATE', field: 'userName' },
    });

    const renamed = await users.update(id, { nickName: '新人二', roleIds: [13] });
    expect(renamed).toMatchObject({
      ok: true,
      value: { nickName: '新人二', roleIds: [13], defaultRoleId: 13 },
    });
    expect(await users.update(999_999, { nickName: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.NOT_FOUND' },
    });

    expect(await users.setStatus(id, '1')).toEqual({ ok: true, value: undefined });
    expect((await users.findCredentials('newbie'))?.status).toBe('1');
    expect(await users.setPasswordHash(id, 'h2')).toEqual({ ok: true, value: undefined });
    const cred = await users.findCredentialsById(id);
    expect(cred?.passwordHash).toBe('h2');
    expect(cred?.passwordChangedAt).toBeInstanceOf(Date);
    expect(await users.setStatus(999_999, '1')).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.NOT_FOUND' },
    });

    expect(await users.delete([id, 999_999])).toMatchObject({ ok: false });
    expect(await users.findById(id, ALL_DATA)).not.toBeNull();
    expect(await users.delete([id])).toEqual({ ok: true, value: 1 });
    expect(await users.findById(id, ALL_DATA)).toBeNull();
    expect(await users.findCredentials('newbie')).toBeNull();
    const again = await users.create({ userName: 'newbie', nickName: 'x', passwordHash: 'h' });
    expect(again).toMatchObject({ ok: false, error: { code: 'PLATFORM.DUPLICATE' } });
  });

  it('lists pickers by role and post, and adds a post to several users', async () => {
    const pms = await users.listByRoleId(2, ALL_DATA);
    expect(pms.map((u) => u.userName).sort()).toEqual(['bmfzr', 'sjzc2', 'xmjl', 'xmjl2']);
    const pmsInDesign1 = await users.listByRoleId(2, { kind: 'dept', deptIds: [110] });
    expect(pmsInDesign1.map((u) => u.userName).sort()).toEqual(['bmfzr', 'xmjl']);
    expect(await users.addPost(2, [7, 8], ALL_DATA)).toEqual({ ok: true, value: 2 });
    expect(await users.addPost(2, [7], ALL_DATA)).toEqual({ ok: true, value: 0 });
    const zg = await users.listByPostId(2, ALL_DATA);
    expect(zg.map((u) => u.userId)).toEqual([6, 7, 8]);
    expect(await users.addPost(999, [7], ALL_DATA)).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.NOT_FOUND' },
    });
  });

  it('answers role links with the default flag', async () => {
    expect(await users.listRoleLinks(14)).toEqual([
      { userId: 14, roleId: 2, isDefault: false },
      { userId: 14, roleId: 7, isDefault: true },
    ]);
  });
});
