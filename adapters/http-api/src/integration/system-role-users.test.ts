/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/api.js';
import { byLabel, useRoleSuite } from '../test-support/role-suite.js';

describe.each(testDatabaseKinds())('角色管理: 分配用户 and 取消授权 on %s', (kind) => {
  const { get, post, put, refused, useToken, api, menuTree, fresh, newRole, newEditor } =
    useRoleSuite(kind);

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
    const { editor } = await newEditor();
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

  /** A fresh role holding 系统管理 › 岗位管理. */
  const newPostRole = async () => {
    const system = byLabel(menuTree(), '系统管理');
    const postPage = byLabel(menuTree(), '岗位管理');
    return { system, postPage, role: await newRole({ menuIds: [system.id, postPage.id] }) };
  };

  it("takes a role's lost menu from its users on their next request", async () => {
    const { system, postPage, role } = await newPostRole();
    const n = fresh();
    await post('admin', '/system/user', {
      userName: `grantee${n}`,
      nickName: `授权${n}`,
      password: 'secret123',
      deptId: 111,
      roleIds: [role.roleId],
    }).expect(200);
    const grantee = `grantee${n}`;
    useToken(grantee, await api().login(grantee, 'secret123'));
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
    const { role } = await newPostRole();
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
    useToken(holder, await api().login(holder, 'secret123', role.roleId));
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
});
