import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { SqlRoleRepository } from './sql-role.repository.js';
import { SqlMenuRepository } from './sql-menu.repository.js';

describe.each(testDatabaseKinds())('RoleRepository and MenuRepository contract on %s', (kind) => {
  let handle: DatabaseHandle;
  let roles: SqlRoleRepository;
  let menus: SqlMenuRepository;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    roles = new SqlRoleRepository(handle.db);
    menus = new SqlMenuRepository(handle.db);
  });
  afterAll(() => handle.close());

  it('has every role of the spec with its fixed id', async () => {
    expect(await roles.findById(2)).toMatchObject({ roleName: '项目经理', dataScope: '5' });
    expect(await roles.findById(7)).toMatchObject({ roleName: '设计主持' });
    expect(await roles.findByKey('xs_jybfzr')).toMatchObject({ roleName: '经营部负责人' });
    expect(await roles.findByKey('admin')).toMatchObject({ roleId: 1 });
    const all = await roles.list({ filter: {} });
    expect(all.total).toBe(13);
    expect(all.rows.map((r) => r.roleSort)).toEqual(
      [...all.rows.map((r) => r.roleSort)].sort((a, b) => a - b),
    );
  });

  it('gives a role to users and takes it, moving the default role to the next one held', async () => {
    const defaultOf = async (userId: number) =>
      (
        await handle.db
          .selectFrom('sys_user_role')
          .select('role_id')
          .where('user_id', '=', userId)
          .where('is_default', '=', true)
          .executeTakeFirst()
      )?.role_id;
    const created = await roles.create({ roleKey: 'links_t', roleName: '授权测试', roleSort: 99 });
    if (!created.ok) throw new Error(created.error.message);
    const roleId = created.value.roleId;
    expect(await defaultOf(3)).toBe(2);
    expect(await roles.addUsers(roleId, [3, 3])).toEqual({ ok: true, value: 1 });
    expect(await roles.addUsers(roleId, [3])).toEqual({ ok: true, value: 0 });
    expect(await defaultOf(3)).toBe(2);
    expect(await roles.addUsers(roleId, [999999])).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.NOT_FOUND', field: 'userIds' },
    });
    // Taking the default role (2) leaves the next held by roleSort (7, before the new 99).
    expect(await roles.removeUsers(2, [3, 3])).toEqual({ ok: true, value: [3] });
    expect(await defaultOf(3)).toBe(7);
    expect(await roles.addUsers(2, [3])).toEqual({ ok: true, value: 1 });
    expect(await defaultOf(3)).toBe(7);
    // Only the users it was taken from: 1 never held it.
    expect(await roles.removeUsers(roleId, [3, 1])).toEqual({ ok: true, value: [3] });
    expect(await roles.delete([roleId])).toEqual({ ok: true, value: undefined });
    // The demo's own default back for the tests after this one.
    await handle.db
      .updateTable('sys_user_role')
      .set({ is_default: false })
      .where('user_id', '=', 3)
      .execute();
    await handle.db
      .updateTable('sys_user_role')
      .set({ is_default: true })
      .where('user_id', '=', 3)
      .where('role_id', '=', 2)
      .execute();
  });

  it('lists, sorts and filters', async () => {
    const named = await roles.list({ filter: { roleName: '负责人' } });
    expect(named.rows.map((r) => r.roleKey).sort()).toEqual(['bmfzr', 'jsfzr', 'xs_jybfzr']);
    const paged = await roles.list({
      filter: {},
      sort: { column: 'roleKey', direction: 'asc' },
      page: { pageNum: 1, pageSize: 2 },
    });
    expect(paged.rows.map((r) => r.roleKey)).toEqual(['admin', 'bmfzr']);
    expect(paged.total).toBe(13);
  });

  it("answers a user's roles with the default first by sort", async () => {
    const held = await roles.listByUser(3);
    expect(held.map((r) => [r.roleId, r.isDefault])).toEqual([
      [2, true],
      [7, false],
    ]);
  });

  it('creates with menus and custom departments, refuses duplicates, updates and deletes', async () => {
    const created = await roles.create({
      roleKey: 'tmp_role',
      roleName: '临时',
      dataScope: '2',
      menuIds: [100, 1],
      deptIds: [110, 112],
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const id = created.value.roleId;
    expect(await roles.listMenuIds(id)).toEqual([1, 100]);
    expect(await roles.listDeptIds(id)).toEqual([110, 112]);
    expect(await roles.create({ roleKey: 'tmp_role', roleName: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.DUPLICATE' },
    });
    expect(await roles.update(id, { roleName: '临时二', deptIds: [111] })).toMatchObject({
      ok: true,
      value: { roleName: '临时二' },
    });
    expect(await roles.listDeptIds(id)).toEqual([111]);
    expect(await roles.update(id, { menuIds: [99_999] })).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.NOT_FOUND' },
    });
    expect(await roles.listDeptIds(id)).toEqual([111]);
    expect(await roles.update(999, { roleName: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.NOT_FOUND' },
    });
    expect(await roles.delete([2])).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.ROLE_IN_USE' },
    });
    expect(await roles.delete([id])).toEqual({ ok: true, value: undefined });
    expect(await roles.findById(id)).toBeNull();
    expect(await roles.listMenuIds(id)).toEqual([]);
    // A deleted role's key may be used again.
    expect((await roles.create({ roleKey: 'tmp_role', roleName: '再来' })).ok).toBe(true);
  });

  it('gives admin every menu and the wildcard permission', async () => {
    const all = await menus.listAll({});
    expect((await menus.listByRole(1)).length).toBe(all.length);
    expect(await menus.permissionsOfRole(1)).toEqual(['*:*:*']);
  });

  it('has the named routes the shell looks for, with the nine icons only', async () => {
    const all = await menus.listAll({});
    const byRoute = new Map(all.map((m) => [m.routeName, m]));
    const project = byRoute.get('Project');
    expect(byRoute.get('Approval')).toMatchObject({ menuType: 'M', icon: 'approval', parentId: 0 });
    expect(byRoute.get('BusinessMainPage')).toMatchObject({
      parentId: project?.menuId,
      path: 'main',
    });
    expect(byRoute.get('Log')?.parentId).toBe(byRoute.get('System')?.menuId);
    const icons = new Set(all.filter((m) => m.menuType === 'M').map((m) => m.icon));
    for (const icon of icons) {
      expect([
        'account',
        'approval',
        'finicial',
        'flow',
        'monitor',
        'project',
        'resultFile',
        'system',
        'welcome',
      ]).toContain(icon);
    }
    expect(all.find((m) => m.perms === 'system:user:list')).toMatchObject({
      menuType: 'C',
      component: 'system/user/index',
    });
    expect(all.find((m) => m.perms === 'project:contract:list')?.path).toBe('contractList');
    const routeNames = all.filter((m) => m.routeName !== '').map((m) => m.routeName);
    expect(new Set(routeNames).size).toBe(routeNames.length);
  });

  it('grants each role its permissions and their parent menus', async () => {
    const pm = await menus.permissionsOfRole(2);
    expect(pm).toContain('project:designTask:list');
    expect(pm).not.toContain('system:user:list');
    expect(pm).not.toContain('*:*:*');
    const finance = await menus.permissionsOfRole(8);
    expect(finance).toContain('contract:fundPay:list');
    const pmMenus = await menus.listByRole(2);
    const ids = new Set(pmMenus.map((m) => m.menuId));
    for (const m of pmMenus) expect(m.parentId === 0 || ids.has(m.parentId)).toBe(true);
    expect(pmMenus.some((m) => m.routeName === 'BusinessMainPage')).toBe(true);
  });

  it('creates, updates, refuses deleting a parent, deletes a leaf and replaces grants', async () => {
    const dir = await menus.create({
      parentId: 0,
      menuName: '测试目录',
      menuType: 'M',
      icon: 'welcome',
      path: 't',
    });
    expect(dir.ok).toBe(true);
    if (!dir.ok) return;
    const leaf = await menus.create({
      parentId: dir.value.menuId,
      menuName: '测试页',
      menuType: 'C',
      perms: 'test:page:list',
    });
    expect(leaf.ok).toBe(true);
    if (!leaf.ok) return;
    expect(await menus.create({ parentId: 99_999, menuName: 'x', menuType: 'C' })).toMatchObject({
      ok: false,
    });
    expect(
      await menus.update(leaf.value.menuId, { menuName: '测试页二', visible: '1' }),
    ).toMatchObject({
      ok: true,
      value: { menuName: '测试页二', visible: '1' },
    });
    await menus.setRoleMenus(13, [dir.value.menuId, leaf.value.menuId]);
    expect(await menus.permissionsOfRole(13)).toEqual(['test:page:list']);
    expect(await menus.delete(dir.value.menuId)).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.MENU_HAS_CHILDREN' },
    });
    expect(await menus.delete(leaf.value.menuId)).toEqual({ ok: true, value: undefined });
    expect(await menus.permissionsOfRole(13)).toEqual([]);
  });
});
