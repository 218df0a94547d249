/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/api.js';
import { walk, byLabel, useRoleSuite } from '../test-support/role-suite.js';

describe.each(testDatabaseKinds())('角色管理 on %s', (kind) => {
  const { get, post, put, del, refused, signIn, menuTree, fresh, newRole, newEditor } =
    useRoleSuite(kind);

  it('serves the menu trees at their named paths, not as a menu or role id', async () => {
    const tree = await get('admin', '/system/menu/treeselect').expect(200);
    expect(tree.body.code).toBe(200);
    const system = byLabel(tree.body.data, '系统管理');
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
    const userPage = byLabel(menuTree(), '用户管理');
    const buttons = userPage.children ?? [];
    const system = byLabel(menuTree(), '系统管理');
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

  it('lets a non-admin grant only the menus they hold (角色管理 by a role editor)', async () => {
    const { editor, rolePage } = await newEditor();
    const system = byLabel(menuTree(), '系统管理');
    const userPage = byLabel(menuTree(), '用户管理');
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
