/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, testDatabaseKinds, type TestApi } from '../test-support/api.js';

describe.each(testDatabaseKinds())('access control on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(kind);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });
  const call = (method: string, url: string, token: string, body: object = {}) =>
    (request(api.app) as unknown as Record<string, (u: string) => request.Test>)[method]!(
      `/prod-api${url}`,
    )
      .set('Authorization', `Bearer ${token}`)
      .send(body);

  it('every permission route answers 403 to a role without its permission', async () => {
    const token = await api.login('yuangong');
    const info = await request(api.app)
      .get('/prod-api/getInfo')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);
    const held = new Set<string>(info.body.permissions);
    const guarded = api.book.records.filter((r) => 'permission' in r.access);
    expect(guarded.length).toBeGreaterThan(30);
    let checked = 0;
    for (const r of guarded) {
      const permission = (r.access as { permission: string }).permission;
      if (held.has(permission)) continue;
      const url = r.path.replace(/:([A-Za-z]+)/g, '1');
      const res = await call(r.method, url, token);
      expect({ route: `${r.method} ${r.path}`, status: res.status }).toEqual({
        route: `${r.method} ${r.path}`,
        status: 403,
      });
      expect(res.body).toEqual({ code: 403, msg: '当前操作没有权限' });
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });

  // One account per role of the demo institute: [user, role id]. One test per role, so each
  // stays short however many routes the book holds; the totals are checked after the last.
  const matrixAccounts: [string, number][] = [
    ['xmjl', 2],
    ['jingying', 3],
    ['bmfzr', 4],
    ['zgcs', 5],
    ['jsfzr', 6],
    ['sjzc', 7],
    ['caiwu', 8],
    ['zhjy', 10],
    ['zjl', 11],
    ['zhsw', 12],
    ['yuangong', 13],
  ];
  const matrix = { refused: 0, allowed: 0, roles: 0 };

  it.each(matrixAccounts)(
    'the matrix: %s (role %i) gets 403 on each route it lacks, and never 403 on one it holds',
    async (user, role) => {
      const guarded = api.book.records.filter((r) => 'permission' in r.access);
      const token = await api.login(user, 'admin123', role);
      const info = await call('get', '/getInfo', token).expect(200);
      const held = new Set<string>(info.body.permissions);
      for (const r of guarded) {
        const permission = (r.access as { permission: string }).permission;
        // Reads only when held: a write with an empty body would be a 400, which proves the pass.
        if (held.has(permission) && r.method !== 'get') continue;
        const res = await call(r.method, r.path.replace(/:([A-Za-z]+)/g, '1'), token);
        const expected = held.has(permission) ? 'passes' : 403;
        const got = held.has(permission) ? (res.status === 403 ? 403 : 'passes') : res.status;
        expect({ user, route: `${r.method} ${r.path}`, got }).toEqual({
          user,
          route: `${r.method} ${r.path}`,
          got: expected,
        });
        if (held.has(permission)) matrix.allowed++;
        else matrix.refused++;
      }
      matrix.roles++;
    },
  );

  it('the matrix covered every role, with refusals and passes', () => {
    expect(matrix.roles).toBe(matrixAccounts.length);
    expect(matrix.refused).toBeGreaterThan(300);
    expect(matrix.allowed).toBeGreaterThan(0);
  });

  it('every non-public route answers 401 without a token', async () => {
    for (const r of api.book.records.filter((x) => !('public' in x.access))) {
      const res = await (
        request(api.app) as unknown as Record<string, (u: string) => request.Test>
      )[r.method]!(`/prod-api${r.path.replace(/:([A-Za-z]+)/g, '1')}`);
      expect({ route: `${r.method} ${r.path}`, status: res.status }).toEqual({
        route: `${r.method} ${r.path}`,
        status: 401,
      });
    }
  });

  it('the admin role and *:*:* pass every permission', async () => {
    const token = await api.login('admin');
    const r = await call('get', '/system/config/list', token);
    expect(r.status).toBe(200);
  });

  it('department-and-below scope: lists, reads only its records', async () => {
    // bmfzr: 部门负责人 of 建筑一所 (110), scope '4'.
    const token = await api.login('bmfzr');
    const list = await call('get', '/system/user/list?pageSize=100', token).expect(200);
    const depts = new Set(list.body.rows.map((u: { deptId: number }) => u.deptId));
    expect([...depts]).toEqual([110]);
    expect(list.body.total).toBe(list.body.rows.length);
    await call('get', '/system/user/4', token).expect(200); // 张主持, 110
    const outside = await call('get', '/system/user/8', token); // 周会计, 财务部
    expect(outside.status).toBe(404);
    const hidden = await call('get', '/system/user/list?userName=caiwu', token).expect(200);
    expect(hidden.body.total).toBe(0);
  });

  it('own scope: a project manager sees only themself', async () => {
    const token = await api.login('xmjl2'); // role 2, scope '5'
    const info = await call('get', '/getInfo', token).expect(200);
    if (!info.body.permissions.includes('system:user:list')) return; // the role may not list users at all
    const list = await call('get', '/system/user/list', token).expect(200);
    expect(list.body.rows.map((u: { userId: number }) => u.userId)).toEqual([13]);
  });

  it('a scoped editor can neither read nor write a record outside its scope', async () => {
    const admin = await api.login('admin');
    // A role that manages users of its own department only (scope '3').
    const menus = await api.repos.menus.listAll({});
    const menuIds = menus
      .filter(
        (m) =>
          m.perms.startsWith('system:user:') ||
          m.perms.startsWith('system:dept:') ||
          m.menuType !== 'F',
      )
      .map((m) => m.menuId);
    const role = await api.repos.roles.create({
      roleKey: 'scoped_editor',
      roleName: '本部门用户管理',
      dataScope: '3',
      menuIds,
    });
    if (!role.ok) throw new Error(role.error.message);
    await call('post', '/system/user', admin, {
      userName: 'scoped1',
      nickName: '范围编辑',
      password: 'secret123',
      deptId: 112,
      roleIds: [role.value.roleId],
    }).expect(200);
    const token = await api.login('scoped1', 'secret123');
    const list = await call('get', '/system/user/list?pageSize=100', token).expect(200);
    expect(new Set(list.body.rows.map((u: { deptId: number }) => u.deptId))).toEqual(
      new Set([112]),
    );
    // inside: 施设计 (15) in 112
    await call('put', '/system/user', token, { userId: 15, remark: 'ok' }).expect(200);
    // outside: 周会计 (8) in 103 — neither readable nor writable nor deletable
    expect((await call('get', '/system/user/8', token)).status).toBe(404);
    expect((await call('put', '/system/user', token, { userId: 8, nickName: '改' })).status).toBe(
      404,
    );
    expect(
      (await call('put', '/system/user/resetPwd', token, { userId: 8, password: 'hacked123' }))
        .status,
    ).toBe(404);
    expect(
      (await call('put', '/system/user/changeStatus', token, { userId: 8, status: '1' })).status,
    ).toBe(404);
    expect((await call('delete', '/system/user/8', token)).status).toBe(404);
    // nor may it move a user of its own into another department, or create one there
    expect((await call('put', '/system/user', token, { userId: 15, deptId: 103 })).status).toBe(
      403,
    );
    expect(
      (
        await call('post', '/system/user', token, {
          userName: 'scoped2',
          nickName: 'x',
          password: 'secret123',
          deptId: 103,
        })
      ).status,
    ).toBe(403);
    // nor hand out the admin role
    expect((await call('put', '/system/user', token, { userId: 15, roleIds: [1] })).status).toBe(
      403,
    );
    // departments outside the scope are not readable
    expect((await call('get', '/system/dept/103', token)).status).toBe(404);
    const adminView = await call('get', '/system/user/8', admin).expect(200);
    expect(adminView.body.data.nickName).toBe('周会计');
    await api.login('caiwu');
  });
});
