/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../test-support/api-client.js';
import {
  DEMO_PASSWORD,
  openTestApi,
  testDatabaseKinds,
  type TestApi,
} from '../test-support/api.js';

interface Node {
  id: number;
  label: string;
  children?: Node[];
}
const ids = (nodes: readonly Node[]): number[] =>
  nodes.flatMap((n) => [n.id, ...ids(n.children ?? [])]);

/*
 * The calls RuoYi-Vue 3.9.2's admin UI makes beside our web's: 用户管理's department tree and
 * 分配角色, 部门管理's 保存排序 — each in the caller's data scope.
 */
describe.each(testDatabaseKinds())('RuoYi admin calls on %s', (kind) => {
  let api: TestApi;
  const { get, post, put, del, refused, signIn, useToken } = apiClient(() => api);
  /** A role of 设计院 (108) and below that manages users and departments there. */
  let scopedRoleId: number;
  beforeAll(async () => {
    api = await openTestApi(kind);
    await signIn('admin');
    const menus = await api.repos.menus.listAll({});
    const role = await api.repos.roles.create({
      roleKey: 'design_admin',
      roleName: '设计院管理',
      dataScope: '4',
      menuIds: menus
        .filter(
          (m) =>
            m.perms.startsWith('system:user:') ||
            m.perms.startsWith('system:dept:') ||
            m.menuType !== 'F',
        )
        .map((m) => m.menuId),
    });
    if (!role.ok) throw new Error(role.error.message);
    scopedRoleId = role.value.roleId;
    await post('admin', '/system/user', {
      userName: 'design_admin',
      nickName: '设计院管理员',
      password: 'secret123',
      deptId: 108,
      roleIds: [scopedRoleId],
    }).expect(200);
    useToken('scoped', await api.login('design_admin', 'secret123'));
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it("serves 用户管理's department tree at /system/user/deptTree, in the caller's scope", async () => {
    const all = await get('admin', '/system/user/deptTree').expect(200);
    expect(all.body.code).toBe(200);
    expect(all.body.data[0]).toMatchObject({ id: 100, label: '华东示范建筑设计研究院' });
    expect(ids(all.body.data)).toEqual(expect.arrayContaining([101, 103, 108, 112]));
    const scoped = await get('scoped', '/system/user/deptTree').expect(200);
    expect(scoped.body.data.map((n: Node) => n.id)).toEqual([108]);
    expect(ids(scoped.body.data).sort()).toEqual([108, 110, 111, 112, 113, 114, 115]);
    // A user without system:user:list is refused.
    await signIn('yuangong');
    await refused(get('yuangong', '/system/user/deptTree'), 403);
  });

  it("分配角色 lists every role with flag on the held ones, in the caller's scope", async () => {
    const r = await get('admin', '/system/user/authRole/15').expect(200);
    expect(r.body.user).toMatchObject({ userId: 15 });
    const held = r.body.roles.filter((x: { flag: boolean }) => x.flag);
    expect(held.map((x: { roleId: number }) => x.roleId)).toEqual(r.body.user.roleIds);
    // The administrator role is not offered for an ordinary user.
    expect(r.body.roles.some((x: { roleKey: string }) => x.roleKey === 'admin')).toBe(false);
    expect(r.body.roles.length).toBeGreaterThan(10);
    // 周会计 (8) of 财务部 is outside 设计院.
    await refused(get('scoped', '/system/user/authRole/8'), 404);
  });

  it('分配角色 saves the roles from the query and signs the user out when one is taken', async () => {
    const user = (await api.repos.users.findById(15, { kind: 'all' }))!;
    await put('admin', `/system/user/authRole?userId=15&roleIds=13,7,${scopedRoleId}`, {}).expect(
      200,
    );
    const held = async () =>
      [...(await api.repos.users.findById(15, { kind: 'all' }))!.roleIds].sort((a, b) => a - b);
    expect(await held()).toEqual([7, 13, scopedRoleId]);
    const info = (token: string) =>
      get('admin', '/getInfo').set('Authorization', `Bearer ${token}`);
    // Giving a role takes none away: the session lives on.
    const kept = await api.login(user.userName);
    await put('admin', `/system/user/authRole?userId=15&roleIds=13,7,${scopedRoleId},6`, {}).expect(
      200,
    );
    await info(kept).expect(200);
    // Taking one ends the sessions acting in the user's old roles.
    await put('admin', '/system/user/authRole?userId=15&roleIds=13,7', {}).expect(200);
    expect(await held()).toEqual([7, 13]);
    expect((await info(kept)).status).toBe(401);
  });

  it('分配角色 by a scoped manager: no administrator role, no role wider than their own', async () => {
    await refused(put('scoped', '/system/user/authRole?userId=15&roleIds=1', {}), 403);
    // 经营部负责人 (3) sees every department and more menus than 设计院管理.
    await refused(put('scoped', '/system/user/authRole?userId=15&roleIds=3', {}), 403);
    await refused(put('scoped', '/system/user/authRole?userId=8&roleIds=13', {}), 404);
    await refused(put('scoped', '/system/user/authRole?userId=15&roleIds=99999', {}), 404);
    // Their own role is no wider than their own.
    await put('scoped', `/system/user/authRole?userId=15&roleIds=${scopedRoleId}`, {}).expect(200);
    const after = await api.repos.users.findById(15, { kind: 'all' });
    expect(after!.roleIds).toEqual([scopedRoleId]);
  });

  it("用户管理's 新增 and 修改 give no role wider than the caller's own either", async () => {
    const before = await api.repos.users.findById(15, { kind: 'all' });
    await refused(put('scoped', '/system/user', { userId: 15, roleIds: [3] }), 403);
    const unchanged = await api.repos.users.findById(15, { kind: 'all' });
    expect(unchanged!.roleIds).toEqual(before!.roleIds);
    await refused(
      post('scoped', '/system/user', {
        userName: 'wider_role',
        nickName: '越权角色',
        password: 'secret123',
        deptId: 108,
        roleIds: [3],
      }),
      403,
    );
    expect(await api.repos.users.findByUserName('wider_role')).toBeNull();
    // A role the user already holds stays, though the caller could not give it.
    await put('admin', '/system/user', { userId: 15, roleIds: [3] }).expect(200);
    await put('scoped', '/system/user', { userId: 15, roleIds: [3], nickName: '改名' }).expect(200);
    await put('admin', '/system/user', { userId: 15, roleIds: before!.roleIds }).expect(200);
  });

  it("保存部门排序 sets each department's order, all or nothing, in the caller's scope", async () => {
    await signIn('xmjl');
    const order = async (deptId: number) =>
      (await api.repos.depts.findById(deptId, { kind: 'all' }))!.orderNum;
    await put('scoped', '/system/dept/updateSort', {
      deptIds: '110,111,112',
      orderNums: '30,20,10',
    }).expect(200);
    expect([await order(110), await order(111), await order(112)]).toEqual([30, 20, 10]);
    const tree = await get('admin', '/system/user/deptTree').expect(200);
    const design = tree.body.data[0].children.find((n: Node) => n.id === 108);
    expect(design.children.map((n: Node) => n.id)).toEqual([113, 114, 115, 112, 111, 110]);
    // 财务部 (103) is outside 设计院: nothing is written, not even 113.
    await refused(
      put('scoped', '/system/dept/updateSort', { deptIds: '113,103', orderNums: '1,1' }),
      403,
    );
    expect(await order(113)).toBe(4);
    await refused(
      put('admin', '/system/dept/updateSort', { deptIds: '110,111', orderNums: '1' }),
      400,
      'orderNums',
    );
    await refused(
      put('admin', '/system/dept/updateSort', { deptIds: '99999', orderNums: '1' }),
      404,
    );
    await refused(put('xmjl', '/system/dept/updateSort', { deptIds: '110', orderNums: '1' }), 403);
  });

  it('刷新缓存 of 参数设置 and 字典管理 answers success to their holders only', async () => {
    await signIn('xmjl');
    for (const path of ['/system/config/refreshCache', '/system/dict/type/refreshCache']) {
      const r = await del('admin', path).expect(200);
      expect(r.body).toEqual({ code: 200, msg: '操作成功' });
      await refused(del('xmjl', path), 403);
    }
  });

  it("锁屏解锁 checks the signed-in user's password; a wrong one counts as a failed sign-in", async () => {
    await signIn('zjl');
    const unlock = (password: string, ip: string) =>
      post('zjl', '/unlockscreen', { password }).set('X-Forwarded-For', ip);
    const blank = await refused(unlock('', '10.9.9.1'), 400);
    expect(blank.msg).toBe('密码不能为空');
    for (let i = 0; i < 5; i++) {
      const wrong = await refused(unlock('not-the-password', '10.9.9.2'), 400, 'password');
      expect(wrong.msg).toBe('密码错误，请重新输入');
    }
    // The sixth try from that address waits, as a sign-in would, and so does a sign-in.
    await refused(unlock('not-the-password', '10.9.9.2'), 429);
    const login = await request(api.app)
      .post('/prod-api/login')
      .set('X-Forwarded-For', '10.9.9.2')
      .send({ username: 'zjl', password: DEMO_PASSWORD });
    expect(login.status).toBe(429);
    // The lock screen's session lives on, and 登录日志 has the failures.
    await get('zjl', '/getInfo').expect(200);
    const log = await api.repos.loginInfos.list({ filter: { userName: 'zjl', status: '1' } });
    expect(log.rows.filter((r) => r.msg === '密码错误，请重新输入')).toHaveLength(5);
    const ok = await post('zjl', '/unlockscreen', { password: DEMO_PASSWORD })
      .set('X-Forwarded-For', '10.9.9.3')
      .expect(200);
    expect(ok.body).toEqual({ code: 200, msg: '解锁成功' });
  });

  it("users carry RuoYi's createBy, updateBy and updateTime", async () => {
    const list = await get('admin', '/system/user/list', { userName: 'design_admin' }).expect(200);
    expect(list.body.rows[0]).toMatchObject({ createBy: 'admin', updateBy: '', updateTime: null });
    await put('admin', '/system/user/authRole?userId=15&roleIds=13', {}).expect(200);
    const user = await get('admin', '/system/user/15').expect(200);
    expect(user.body.data.updateBy).toBe('admin');
    expect(Date.parse(user.body.data.updateTime)).toBeGreaterThan(Date.now() - 60_000);
  });
});
