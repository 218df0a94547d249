/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../test-support/api-client.js';
import { openTestApi, testDatabaseKinds, type TestApi } from '../test-support/api.js';

interface Node {
  id: number;
  label: string;
  children?: Node[];
}
const walk = (nodes: readonly Node[]): Node[] =>
  nodes.flatMap((n) => [n, ...walk(n.children ?? [])]);
const byLabel = (nodes: readonly Node[], label: string): Node => {
  const found = walk(nodes).find((n) => n.label === label);
  if (!found) throw new Error(`no node ${label}`);
  return found;
};

describe.each(testDatabaseKinds())('角色管理 and 岗位管理 on %s', (kind) => {
  let api: TestApi;
  let menuTree: Node[];
  const { get, post, put, del, refused, signIn, useToken } = apiClient(() => api);
  beforeAll(async () => {
    api = await openTestApi(kind);
    await signIn('admin');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });
  let seq = 0;
  const fresh = () => `${Date.now() % 100000}${++seq}`;
  const newRole = async (extra: object = {}) => {
    const n = fresh();
    const r = await post('admin', '/system/role', {
      roleName: `测试角色${n}`,
      roleKey: `test_${n}`,
      roleSort: 9,
      ...extra,
    }).expect(200);
    return r.body.data as { roleId: number; roleName: string; roleKey: string };
  };

  it('serves the menu trees at their named paths, not as a menu or role id', async () => {
    const tree = await get('admin', '/system/menu/treeselect').expect(200);
    expect(tree.body.code).toBe(200);
    menuTree = tree.body.data;
    const system = byLabel(menuTree, '系统管理');
    expect(system.children?.map((c) => c.label)).toContain('角色管理');
    // A role without the menu sees only what it holds.
    await signIn('jingying');
    const theirs = await get('jingying', '/system/menu/treeselect').expect(200);
    expect(walk(theirs.body.data).map((n) => n.label)).not.toContain('角色管理');
    const list = await get('admin', '/system/role/list').expect(200);
    expect(list.body.rows.length).toBeGreaterThan(0);
    await get('admin', '/system/role/optionselect').expect(200);
  });

  it('lists roles with filters, paging and a creation range', async () => {
    const all = await get('admin', '/system/role/list?pageNum=1&pageSize=20').expect(200);
    expect(all.body).toMatchObject({ code: 200 });
    const admin = all.body.rows.find((r: { roleId: number }) => r.roleId === 1);
    expect(admin).toMatchObject({ roleKey: 'admin', admin: true, fixed: false });
    expect(all.body.rows.find((r: { roleId: number }) => r.roleId === 7)).toMatchObject({
      fixed: true,
    });
    const named = await get(
      'admin',
      `/system/role/list?roleName=${encodeURIComponent('项目经理')}`,
    ).expect(200);
    expect(named.body.rows.map((r: { roleId: number }) => r.roleId)).toContain(2);
    expect(named.body.total).toBeLessThan(all.body.total);
    const none = await get('admin', '/system/role/list?params[beginTime]=2999-01-01').expect(200);
    expect(none.body.total).toBe(0);
    await get('admin', '/system/role/list?pageSize=7').expect(400);
  });

  it('creates a role with its menus, reads its grant tree and refuses a taken key naming it', async () => {
    const userPage = byLabel(menuTree, '用户管理');
    const buttons = userPage.children ?? [];
    const system = byLabel(menuTree, '系统管理');
    const role = await newRole({ menuIds: [system.id, userPage.id, buttons[0]!.id] });
    const tree = await get('admin', `/system/menu/roleMenuTreeselect/${role.roleId}`).expect(200);
    // With 父子联动 the partly granted directory and page are half-checked, not sent.
    expect(tree.body.checkedKeys).toEqual([buttons[0]!.id]);
    expect(tree.body.menus.length).toBeGreaterThan(0);
    const unlinked = await put('admin', '/system/role', {
      roleId: role.roleId,
      menuCheckStrictly: false,
    }).expect(200);
    expect(unlinked.body.data.menuCheckStrictly).toBe(false);
    const tree2 = await get('admin', `/system/menu/roleMenuTreeselect/${role.roleId}`).expect(200);
    expect([...tree2.body.checkedKeys].sort()).toEqual(
      [system.id, userPage.id, buttons[0]!.id].sort(),
    );

    const dup = await refused(
      post('admin', '/system/role', {
        roleName: `另一个${fresh()}`,
        roleKey: role.roleKey,
      }),
      409,
    );
    expect(dup).toMatchObject({ errorCode: 'PLATFORM.DUPLICATE', field: 'roleKey' });
    const blank = await refused(
      post('admin', '/system/role', { roleName: '', roleKey: 'x1' }),
      400,
    );
    expect(blank.msg).toContain('角色名称不能为空');
    const reserved = await refused(
      post('admin', '/system/role', {
        roleName: `冒充${fresh()}`,
        roleKey: 'admin',
      }),
      400,
    );
    expect(reserved.msg).toContain('权限字符');
    const ghost = await refused(
      put('admin', '/system/role', {
        roleId: role.roleId,
        menuIds: [userPage.id, 987654],
      }),
      404,
    );
    expect(ghost).toMatchObject({ field: 'menuIds', msg: '菜单不存在或已被删除' });
    // Refused, it changed nothing.
    const unchanged = await get('admin', `/system/menu/roleMenuTreeselect/${role.roleId}`).expect(
      200,
    );
    expect(unchanged.body.checkedKeys).toEqual(tree2.body.checkedKeys);
    const ghostDept = await refused(
      put('admin', '/system/role/dataScope', {
        roleId: role.roleId,
        dataScope: '2',
        deptIds: [987654],
      }),
      404,
    );
    expect(ghostDept).toMatchObject({ field: 'deptIds' });
    const got = await get('admin', `/system/role/${role.roleId}`).expect(200);
    expect(got.body.data).toMatchObject({ roleKey: role.roleKey, status: '0', dataScope: '1' });
  });

  it('never edits, disables, re-scopes or deletes the administrator role', async () => {
    const msg = '不允许操作超级管理员角色';
    for (const r of [
      await put('admin', '/system/role', { roleId: 1, roleName: '改名' }),
      await put('admin', '/system/role/changeStatus', { roleId: 1, status: '1' }),
      await put('admin', '/system/role/dataScope', { roleId: 1, dataScope: '5' }),
      await del('admin', '/system/role/1'),
    ]) {
      expect(r.status, JSON.stringify(r.body)).toBe(403);
      expect(r.body.msg).toBe(msg);
    }
    const still = await get('admin', '/system/role/1').expect(200);
    expect(still.body.data).toMatchObject({ roleName: '超级管理员', status: '0', dataScope: '1' });
  });

  it('sets the data scope, with departments only for the custom scope', async () => {
    const role = await newRole();
    await put('admin', '/system/role/dataScope', {
      roleId: role.roleId,
      dataScope: '2',
      deptIds: [108, 111],
      deptCheckStrictly: false,
    }).expect(200);
    const tree = await get('admin', `/system/role/deptTree/${role.roleId}`).expect(200);
    expect([...tree.body.checkedKeys].sort()).toEqual([108, 111]);
    expect(tree.body.depts.length).toBeGreaterThan(0);
    const bad = await refused(
      put('admin', '/system/role/dataScope', {
        roleId: role.roleId,
        dataScope: '9',
      }),
      400,
    );
    expect(bad.msg).toContain('数据权限');
    await put('admin', '/system/role/dataScope', { roleId: role.roleId, dataScope: '3' }).expect(
      200,
    );
    const cleared = await get('admin', `/system/role/deptTree/${role.roleId}`).expect(200);
    expect(cleared.body.checkedKeys).toEqual([]);
    expect((await get('admin', `/system/role/${role.roleId}`)).body.data.dataScope).toBe('3');
  });

  it('refuses deleting a role users hold or the spec fixes, and deletes nothing of a batch then', async () => {
    const held = await get('admin', '/system/role/2').expect(200);
    const fixed = await refused(del('admin', '/system/role/2'), 422);
    expect(fixed.msg).toBe(`${held.body.data.roleName}是系统固定角色，不能删除`);

    const free = await newRole();
    const taken = await newRole();
    await put(
      'admin',
      `/system/role/authUser/selectAll?roleId=${taken.roleId}&userIds=3`,
      undefined,
    ).expect(200);
    const refusal = await refused(del('admin', `/system/role/${free.roleId},${taken.roleId}`), 409);
    expect(refusal.msg).toBe(`${taken.roleName}已分配,不能删除`);
    await get('admin', `/system/role/${free.roleId}`).expect(200);
    await put('admin', '/system/role/authUser/cancel', { roleId: taken.roleId, userId: 3 }).expect(
      200,
    );
    const done = await del('admin', `/system/role/${free.roleId},${taken.roleId}`).expect(200);
    expect(done.body.data.count).toBe(2);
    await get('admin', `/system/role/${free.roleId}`).expect(404);
  });

  it('assigns users to a role and takes them away (分配用户)', async () => {
    const role = await newRole();
    const before = await get(
      'admin',
      `/system/role/authUser/unallocatedList?roleId=${role.roleId}`,
    ).expect(200);
    // Not the administrator: taking a role signs its holder out, and the test signs in as admin.
    const candidates = before.body.rows
      .filter((u: { userId: number }) => u.userId !== 1)
      .slice(0, 3)
      .map((u: { userId: number }) => u.userId);
    expect(candidates).toHaveLength(3);
    const added = await put(
      'admin',
      `/system/role/authUser/selectAll?roleId=${role.roleId}&userIds=${candidates.join(',')}`,
      undefined,
    ).expect(200);
    expect(added.body.data.count).toBe(3);
    const holders = await get(
      'admin',
      `/system/role/authUser/allocatedList?roleId=${role.roleId}`,
    ).expect(200);
    expect(holders.body.rows.map((u: { userId: number }) => u.userId).sort()).toEqual(
      [...candidates].sort(),
    );
    const after = await get(
      'admin',
      `/system/role/authUser/unallocatedList?roleId=${role.roleId}&pageSize=1000`,
    ).expect(200);
    expect(after.body.total).toBe(before.body.total - 3);
    await put('admin', '/system/role/authUser/cancel', {
      roleId: role.roleId,
      userId: candidates[0],
    }).expect(200);
    await put(
      'admin',
      `/system/role/authUser/cancelAll?roleId=${role.roleId}&userIds=${candidates.slice(1).join(',')}`,
      undefined,
    ).expect(200);
    const empty = await get(
      'admin',
      `/system/role/authUser/allocatedList?roleId=${role.roleId}`,
    ).expect(200);
    expect(empty.body.total).toBe(0);
    const noUsers = await refused(
      put('admin', `/system/role/authUser/selectAll?roleId=${role.roleId}&userIds=`, undefined),
      400,
    );
    expect(noUsers.msg).toContain('用户');
    // Only an administrator makes an administrator: a role editor who is not one is refused.
    const rolePage = byLabel(menuTree, '角色管理');
    const editors = await newRole({
      menuIds: [
        byLabel(menuTree, '系统管理').id,
        rolePage.id,
        ...walk(rolePage.children ?? []).map((b) => b.id),
      ],
    });
    const n = fresh();
    await post('admin', '/system/user', {
      userName: `editor${n}`,
      nickName: `编辑${n}`,
      password: 'secret123',
      deptId: 111,
      roleIds: [editors.roleId],
    }).expect(200);
    const editor = `editor${n}`;
    useToken(editor, await api.login(editor, 'secret123'));
    await put(
      editor,
      `/system/role/authUser/selectAll?roleId=${role.roleId}&userIds=3`,
      undefined,
    ).expect(200);
    const refusal = await refused(
      put(editor, '/system/role/authUser/selectAll?roleId=1&userIds=3', undefined),
      403,
    );
    expect(refusal.msg).toBe('不允许操作超级管理员角色');
    await put('admin', '/system/role/authUser/selectAll?roleId=1&userIds=3', undefined).expect(200);
    await put('admin', '/system/role/authUser/cancel', { roleId: 1, userId: 3 }).expect(200);
  });

  it("takes a role's lost menu from its users on their next request", async () => {
    const system = byLabel(menuTree, '系统管理');
    const postPage = byLabel(menuTree, '岗位管理');
    const role = await newRole({ menuIds: [system.id, postPage.id] });
    const n = fresh();
    await post('admin', '/system/user', {
      userName: `grantee${n}`,
      nickName: `授权${n}`,
      password: 'secret123',
      deptId: 111,
      roleIds: [role.roleId],
    }).expect(200);
    const grantee = `grantee${n}`;
    useToken(grantee, await api.login(grantee, 'secret123'));
    await get(grantee, '/system/post/list').expect(200);
    const routers = await get(grantee, '/getRouters').expect(200);
    expect(JSON.stringify(routers.body.data)).toContain('system/post/index');

    await put('admin', '/system/role', { roleId: role.roleId, menuIds: [] }).expect(200);
    await get(grantee, '/system/post/list').expect(403);
    const after = await get(grantee, '/getRouters').expect(200);
    expect(JSON.stringify(after.body.data)).not.toContain('system/post/index');
    // And a disabled role takes its grants with it.
    await put('admin', '/system/role', { roleId: role.roleId, menuIds: [system.id, postPage.id] });
    await get(grantee, '/system/post/list').expect(200);
    await put('admin', '/system/role/changeStatus', { roleId: role.roleId, status: '1' }).expect(
      200,
    );
    // Its only role disabled, the session no longer stands.
    await get(grantee, '/system/post/list').expect(401);
  });

  it('ends the grants of a user whose role is taken away (取消授权) on their next request', async () => {
    const system = byLabel(menuTree, '系统管理');
    const postPage = byLabel(menuTree, '岗位管理');
    const role = await newRole({ menuIds: [system.id, postPage.id] });
    const n = fresh();
    const created = await post('admin', '/system/user', {
      userName: `holder${n}`,
      nickName: `持有${n}`,
      password: 'secret123',
      deptId: 111,
      roleIds: [13],
    }).expect(200);
    const userId = created.body.data.userId;
    await put(
      'admin',
      `/system/role/authUser/selectAll?roleId=${role.roleId}&userIds=${userId}`,
      undefined,
    ).expect(200);
    const holder = `holder${n}`;
    useToken(holder, await api.login(holder, 'secret123', role.roleId));
    await get(holder, '/system/post/list').expect(200);
    await put('admin', '/system/role/authUser/cancel', { roleId: role.roleId, userId }).expect(200);
    // The session acted in the role taken away: it no longer stands.
    await get(holder, '/system/post/list').expect(401);
  });

  it('signs out only the users a role was actually taken from (取消授权)', async () => {
    const role = await newRole();
    const none = await put('admin', '/system/role/authUser/cancel', {
      roleId: role.roleId,
      userId: 1,
    }).expect(200);
    expect(none.body.data.count).toBe(0);
    const nobody = await put(
      'admin',
      `/system/role/authUser/cancelAll?roleId=${role.roleId}&userIds=1`,
      undefined,
    ).expect(200);
    expect(nobody.body.data.count).toBe(0);
    // The administrator did not hold the role: their session stands.
    await get('admin', '/system/role/list').expect(200);
  });

  it('deletes a role or post named twice in a batch once (去重)', async () => {
    const role = await newRole();
    const r = await del('admin', `/system/role/${role.roleId},${role.roleId}`).expect(200);
    expect(r.body.data.count).toBe(1);
    await get('admin', `/system/role/${role.roleId}`).expect(404);
    const n = fresh();
    const created = await post('admin', '/system/post', {
      postCode: `d${n}`,
      postName: `重复${n}`,
      postSort: 3,
    }).expect(200);
    const postId = created.body.data.postId;
    const p = await del('admin', `/system/post/${postId},${postId}`).expect(200);
    expect(p.body.data.count).toBe(1);
    await get('admin', `/system/post/${postId}`).expect(404);
  });

  it('exports roles and posts', async () => {
    for (const url of ['/system/role/export', '/system/post/export']) {
      const r = await get('admin', url).expect(200);
      expect(r.headers['content-type']).toContain('spreadsheetml');
    }
  });

  it('creates, edits and deletes a post; refuses a taken code and a post users hold', async () => {
    const n = fresh();
    const created = await post('admin', '/system/post', {
      postCode: `p${n}`,
      postName: `岗位${n}`,
      postSort: 3,
    }).expect(200);
    const postId = created.body.data.postId;
    const dup = await refused(
      post('admin', '/system/post', {
        postCode: `p${n}`,
        postName: `别的${n}`,
      }),
      409,
    );
    expect(dup).toMatchObject({ field: 'postCode' });
    const blank = await refused(
      post('admin', '/system/post', { postCode: 'x', postName: ' ' }),
      400,
    );
    expect(blank.msg).toContain('岗位名称不能为空');
    await put('admin', '/system/post', { postId, postName: `改名${n}` }).expect(200);
    expect((await get('admin', `/system/post/${postId}`)).body.data.postName).toBe(`改名${n}`);
    const listed = await get('admin', `/system/post/list?postCode=p${n}`).expect(200);
    expect(listed.body.total).toBe(1);
    await get('admin', '/system/post/optionselect').expect(200);

    const holders = await get('admin', '/system/user/list?postId=1').expect(200);
    expect(holders.body.total).toBeGreaterThan(0);
    const heldName = (await get('admin', '/system/post/1')).body.data.postName;
    const refusal = await refused(del('admin', `/system/post/${postId},1`), 409);
    expect(refusal.msg).toBe(`${heldName}已分配,不能删除`);
    await get('admin', `/system/post/${postId}`).expect(200);
    await del('admin', `/system/post/${postId}`).expect(200);
    await get('admin', `/system/post/${postId}`).expect(404);
  });

  /** A non-admin role editor: 系统管理 › 角色管理 and its buttons, in department 111. */
  const newEditor = async (scope?: { dataScope: string; deptIds?: number[] }) => {
    const rolePage = byLabel(menuTree, '角色管理');
    const editors = await newRole({
      menuIds: [
        byLabel(menuTree, '系统管理').id,
        rolePage.id,
        ...walk(rolePage.children ?? []).map((b) => b.id),
      ],
    });
    if (scope)
      await put('admin', '/system/role/dataScope', { roleId: editors.roleId, ...scope }).expect(
        200,
      );
    const n = fresh();
    const created = await post('admin', '/system/user', {
      userName: `editor${n}`,
      nickName: `编辑${n}`,
      password: 'secret123',
      deptId: 111,
      roleIds: [editors.roleId],
    }).expect(200);
    const editor = `editor${n}`;
    useToken(editor, await api.login(editor, 'secret123'));
    return { editor, role: editors, userId: created.body.data.userId as number, rolePage };
  };

  it('lets a non-admin grant only the menus they hold (角色管理 by a role editor)', async () => {
    const { editor, rolePage } = await newEditor();
    const system = byLabel(menuTree, '系统管理');
    const userPage = byLabel(menuTree, '用户管理');
    const n = fresh();
    const refusal = await refused(
      post(editor, '/system/role', {
        roleName: `越权${n}`,
        roleKey: `over_${n}`,
        menuIds: [system.id, userPage.id],
      }),
      403,
    );
    expect(refusal.msg).toBe('不能授予您自己没有的菜单权限');
    const none = await get('admin', `/system/role/list?roleKey=over_${n}`).expect(200);
    expect(none.body.total).toBe(0);
    // Within their own menus they may.
    await post(editor, '/system/role', {
      roleName: `本分${n}`,
      roleKey: `own_${n}`,
      menuIds: [system.id, rolePage.id],
    }).expect(200);
    // An edit may not add one either, and keeps the role's menus the editor cannot see.
    const wide = await newRole({ menuIds: [system.id, userPage.id, rolePage.id] });
    await put(editor, '/system/role', {
      roleId: wide.roleId,
      menuIds: [system.id, userPage.id],
    }).expect(403);
    await put(editor, '/system/role', { roleId: wide.roleId, menuIds: [system.id] }).expect(200);
    const unlinked = await put('admin', '/system/role', {
      roleId: wide.roleId,
      menuCheckStrictly: false,
    }).expect(200);
    expect(unlinked.body.data.menuCheckStrictly).toBe(false);
    const after = await get('admin', `/system/menu/roleMenuTreeselect/${wide.roleId}`).expect(200);
    expect([...after.body.checkedKeys].sort()).toEqual([system.id, userPage.id].sort());
    // Nor hand out (to themselves or anyone) a role holding menus they lack.
    const handout = await refused(
      put(editor, `/system/role/authUser/selectAll?roleId=${wide.roleId}&userIds=3`, undefined),
      403,
    );
    expect(handout.msg).toBe('不能授予您自己没有的菜单权限');
  });

  it('lets a non-admin grant no data scope wider than their own, and shows only their departments', async () => {
    const { editor, role: own } = await newEditor({ dataScope: '2', deptIds: [111] });
    const role = await newRole();
    for (const body of [
      { roleId: role.roleId, dataScope: '1' },
      { roleId: role.roleId, dataScope: '4' },
      { roleId: role.roleId, dataScope: '2', deptIds: [108] },
      { roleId: own.roleId, dataScope: '1' },
    ]) {
      const r = await put(editor, '/system/role/dataScope', body);
      expect(r.status, JSON.stringify(body)).toBe(403);
      expect(r.body.msg).toBe('不能授予比您自己更大的数据权限');
    }
    expect((await get('admin', `/system/role/${own.roleId}`)).body.data.dataScope).toBe('2');
    await put(editor, '/system/role/dataScope', {
      roleId: role.roleId,
      dataScope: '2',
      deptIds: [111],
    }).expect(200);
    const theirs = await get(editor, `/system/role/deptTree/${role.roleId}`).expect(200);
    expect(walk(theirs.body.depts).map((d) => d.id)).toEqual([111]);
    const all = await get('admin', `/system/role/deptTree/${role.roleId}`).expect(200);
    expect(walk(all.body.depts).map((d) => d.id)).toContain(108);
    // Nor hand out a role whose scope is wider (a new role sees all data).
    const wide = await newRole();
    const handout = await refused(
      put(editor, `/system/role/authUser/selectAll?roleId=${wide.roleId}&userIds=3`, undefined),
      403,
    );
    expect(handout.msg).toBe('不能授予比您自己更大的数据权限');
  });

  it('refuses the role and post writes to a user without the permission', async () => {
    await signIn('jingying');
    await get('jingying', '/system/role/list').expect(403);
    await post('jingying', '/system/role', { roleName: 'x', roleKey: 'x' }).expect(403);
    await del('jingying', '/system/post/1').expect(403);
    await get('jingying', '/system/menu/roleMenuTreeselect/2').expect(403);
  });
});
