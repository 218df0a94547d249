/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../composition/tokens.js';
import type { IdentityCache } from '../identity/identity-cache.js';
import { apiClient } from '../test-support/api-client.js';
import { DEMO_PASSWORD, openTestApi, type TestApi } from '../test-support/api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

/** Resolves when the cache hears `payload`; register before the change. */
const heard = (cache: IdentityCache, payload: string): Promise<void> =>
  new Promise((resolve) => {
    const on = (p: string) => {
      if (p !== payload) return;
      cache.events.off('notice', on);
      resolve();
    };
    cache.events.on('notice', on);
  });

interface RouterNode {
  name: string;
  children?: RouterNode[];
  hidden: boolean;
}
const shownNames = (nodes: RouterNode[]): string[] =>
  nodes.flatMap((n) => [...(n.hidden ? [] : [n.name]), ...shownNames(n.children ?? [])]);

describe.each(testDatabaseKinds())('菜单管理 API on %s', (kind) => {
  let api: TestApi;
  let cache: IdentityCache;
  const { get, post, put, del, signIn } = apiClient(() => api);
  const menuOf = async (
    predicate: (m: { menuId: number; perms: string; menuName: string }) => boolean,
  ) => {
    const r = await get('admin', '/system/menu/list').expect(200);
    return r.body.data.find(predicate) as { menuId: number; parentId: number; perms: string };
  };

  beforeAll(async () => {
    api = await openTestApi(kind);
    cache = api.container.get(TOKENS.IdentityCache);
    await signIn('admin');
  }, 120_000);
  afterAll(() => api?.close());

  it('lists the menus flat, filtered by name, status and visibility', async () => {
    const all = await get('admin', '/system/menu/list').expect(200);
    expect(all.body.code).toBe(200);
    expect(all.body.data.length).toBeGreaterThan(50);
    expect(
      all.body.data.find((m: { menuName: string }) => m.menuName === '菜单管理'),
    ).toMatchObject({
      menuType: 'C',
      component: 'system/menu/index',
      perms: 'system:menu:list',
      routeName: 'Menu',
    });
    const named = await get('admin', '/system/menu/list?menuName=菜单管理&pageNum=1&pageSize=10');
    expect(named.status).toBe(200);
    expect(
      named.body.data.every((m: { menuName: string }) => m.menuName.includes('菜单管理')),
    ).toBe(true);
    expect(named.body.data.length).toBeGreaterThan(1);
    const hidden = await get('admin', '/system/menu/list?visible=1').expect(200);
    expect(hidden.body.data.every((m: { visible: string }) => m.visible === '1')).toBe(true);
  });

  it('reads one menu by its id; a named sub-path is not taken for an id', async () => {
    const m = await menuOf((x) => x.perms === 'system:menu:list');
    const one = await get('admin', `/system/menu/${m.menuId}`).expect(200);
    expect(one.body.data).toMatchObject({ menuId: m.menuId, menuName: '菜单管理' });
    // The role module's /system/menu/treeselect is registered first and keeps its path.
    await get('admin', '/system/menu/treeselect').expect(200);
    const bad = await get('admin', '/system/menu/abc').expect(400);
    expect(bad.body.msg).toContain('menuId');
    await get('admin', '/system/menu/999999').expect(404);
  });

  it('adds, edits and deletes a directory, a page and a button, refusing what RuoYi refuses', async () => {
    const dir = await post('admin', '/system/menu', {
      parentId: 0,
      menuName: '测试目录',
      menuType: 'M',
      path: 'testdir',
      icon: 'system',
      orderNum: 9,
    }).expect(200);
    const dirId = dir.body.data.menuId as number;
    const page = await post('admin', '/system/menu', {
      parentId: dirId,
      menuName: '测试页面',
      menuType: 'C',
      path: 'page',
      component: 'system/config/index',
      perms: 'test:page:list',
      routeName: 'TestPage',
    }).expect(200);
    const pageId = page.body.data.menuId as number;
    const button = await post('admin', '/system/menu', {
      parentId: pageId,
      menuName: '测试新增',
      menuType: 'F',
      perms: 'test:page:add',
    }).expect(200);
    const buttonId = button.body.data.menuId as number;

    // What RuoYi refuses, each naming its case when it fails.
    const refusals: {
      case: string;
      call: () => request.Test;
      status: number;
      msg: unknown;
      field?: string;
    }[] = [
      {
        // Under another parent the same name stands (the page above).
        case: 'same name under the same parent',
        call: () =>
          post('admin', '/system/menu', {
            parentId: dirId,
            menuName: '测试页面',
            menuType: 'C',
            path: 'page2',
            routeName: 'TestPage2',
          }),
        status: 409,
        msg: "新增菜单'测试页面'失败，菜单名称已存在",
        field: 'menuName',
      },
      {
        case: 'a route name another page holds',
        call: () =>
          post('admin', '/system/menu', {
            parentId: dirId,
            menuName: '另一页',
            menuType: 'C',
            path: 'other',
            routeName: 'Menu',
          }),
        status: 409,
        msg: "新增菜单'另一页'失败，路由名称已存在",
      },
      {
        case: 'a 外链 that is no address',
        call: () =>
          post('admin', '/system/menu', {
            parentId: dirId,
            menuName: '外链',
            menuType: 'C',
            path: 'www.x.cn',
            isFrame: '0',
            routeName: 'Ext',
          }),
        status: 400,
        msg: "新增菜单'外链'失败，地址必须以http(s)://开头",
      },
      {
        case: 'a directory without its path',
        call: () =>
          post('admin', '/system/menu', { parentId: 0, menuName: '无路径', menuType: 'M' }),
        status: 400,
        msg: expect.stringContaining('路由地址不能为空'),
      },
      {
        case: 'the parent is itself',
        call: () => put('admin', '/system/menu', { menuId: dirId, parentId: dirId }),
        status: 422,
        msg: "修改菜单'测试目录'失败，上级菜单不能选择自己",
      },
      {
        case: 'the parent is its own descendant',
        call: () => put('admin', '/system/menu', { menuId: dirId, parentId: pageId }),
        status: 422,
        msg: expect.stringContaining('上级菜单不能是自己的下级'),
      },
    ];
    for (const c of refusals) {
      const r = await c.call();
      expect(r.status, `${c.case}: ${JSON.stringify(r.body)}`).toBe(c.status);
      expect(r.body.msg, c.case).toEqual(c.msg);
      if (c.field !== undefined) expect(JSON.stringify(r.body), c.case).toContain(c.field);
    }
    // Refusals changed nothing.
    const unchanged = await get('admin', `/system/menu/${dirId}`).expect(200);
    expect(unchanged.body.data).toMatchObject({ parentId: 0, menuName: '测试目录' });

    const edited = await put('admin', '/system/menu', {
      menuId: pageId,
      menuName: '测试页面二',
      icon: 'flow',
      isCache: '1',
    }).expect(200);
    expect(edited.body.data).toMatchObject({
      menuName: '测试页面二',
      icon: 'flow',
      isCache: '1',
      path: 'page',
    });

    // Delete: children first refuse; a granted menu refuses; then it goes.
    const withChildren = await del('admin', `/system/menu/${pageId}`).expect(409);
    expect(withChildren.body.msg).toBe('存在子菜单，不允许删除');
    await api.database.handle.db
      .insertInto('sys_role_menu')
      .values({ role_id: 2, menu_id: buttonId })
      .execute();
    const granted = await del('admin', `/system/menu/${buttonId}`).expect(409);
    expect(granted.body.msg).toBe('菜单已分配，不允许删除');
    await get('admin', `/system/menu/${buttonId}`).expect(200);
    await api.database.handle.db
      .deleteFrom('sys_role_menu')
      .where('menu_id', '=', buttonId)
      .execute();
    await del('admin', `/system/menu/${buttonId}`).expect(200);
    await del('admin', `/system/menu/${pageId}`).expect(200);
    await del('admin', `/system/menu/${dirId}`).expect(200);
    await get('admin', `/system/menu/${dirId}`).expect(404);
  });

  it('refuses a caller without the menu permissions, changing nothing', async () => {
    await signIn('jingying');
    await get('jingying', '/system/menu/list').expect(403);
    await post('jingying', '/system/menu', {
      parentId: 0,
      menuName: '越权',
      menuType: 'M',
      path: 'x',
    }).expect(403);
    const list = await get('admin', '/system/menu/list?menuName=越权').expect(200);
    expect(list.body.data).toEqual([]);
  });

  it('refuses a wildcard permission to everyone, and to a non-admin a permission not held', async () => {
    const all = (await get('admin', '/system/menu/list').expect(200)).body.data as {
      menuId: number;
      perms: string;
    }[];
    const role = await post('admin', '/system/role', {
      roleName: '菜单维护员',
      roleKey: 'menu_keeper',
      roleSort: 9,
      menuIds: all.filter((m) => m.perms.startsWith('system:menu:')).map((m) => m.menuId),
    }).expect(200);
    await post('admin', '/system/user', {
      userName: 'caidan01',
      nickName: '菜单维护',
      password: DEMO_PASSWORD,
      deptId: 111,
      roleIds: [role.body.data.roleId],
    }).expect(200);
    await signIn('caidan01');
    const edit = await menuOf((m) => m.perms === 'system:menu:edit');
    const wild = await put('caidan01', '/system/menu', {
      menuId: edit.menuId,
      perms: '*:*:*',
    }).expect(400);
    expect(wild.body.msg).toContain('权限字符');
    const button = { parentId: edit.parentId, menuType: 'F', orderNum: 9 };
    const notHeld = await post('caidan01', '/system/menu', {
      ...button,
      menuName: '越权按钮',
      perms: 'system:user:remove',
    }).expect(403);
    expect(notHeld.body.msg).toBe(
      "新增菜单'越权按钮'失败，权限字符'system:user:remove'不是当前用户拥有的权限",
    );
    await post('caidan01', '/system/menu', {
      ...button,
      menuName: '星号按钮',
      perms: 'system:*:list',
    }).expect(400);
    // What the caller holds may be set; other fields of a menu may change without re-checking.
    await post('caidan01', '/system/menu', {
      ...button,
      menuName: '同权按钮',
      perms: 'system:menu:query',
    }).expect(200);
    const user = await menuOf((m) => m.perms === 'system:user:list');
    await put('caidan01', '/system/menu', { menuId: user.menuId, orderNum: 1 }).expect(200);
    // The administrator sets any permission, but no wildcard either.
    await put('admin', '/system/menu', { menuId: edit.menuId, perms: '*:*:*' }).expect(400);
    const unchanged = await menuOf((m) => m.menuId === edit.menuId);
    expect(unchanged.perms).toBe('system:menu:edit');
    expect(await menuOf((m) => m.menuName === '越权按钮')).toBeUndefined();
  });

  it('a page hidden leaves the sidebar at the next getRouters', async () => {
    const page = await menuOf((m) => m.perms === 'system:config:list');
    const before = await get('admin', '/getRouters').expect(200);
    expect(shownNames(before.body.data)).toContain('Config');
    await put('admin', '/system/menu', { menuId: page.menuId, visible: '1' }).expect(200);
    const after = await get('admin', '/getRouters').expect(200);
    expect(shownNames(after.body.data)).not.toContain('Config');
    await put('admin', '/system/menu', { menuId: page.menuId, visible: '0' }).expect(200);
    expect(shownNames((await get('admin', '/getRouters')).body.data)).toContain('Config');
  });

  it('a button disabled is refused to the users of the roles holding it at their next request', async () => {
    await signIn('jingying');
    const someone = (await get('jingying', '/getInfo')).body.user.userId as number;
    await get('jingying', `/system/user/${someone}`).expect(200);
    const button = await menuOf((m) => m.perms === 'system:user:query');
    const announced = heard(cache, `menu:${button.menuId}`);
    await put('admin', '/system/menu', { menuId: button.menuId, status: '1' }).expect(200);
    await announced;
    await get('jingying', `/system/user/${someone}`).expect(403);
    const back = heard(cache, `menu:${button.menuId}`);
    await put('admin', '/system/menu', { menuId: button.menuId, status: '0' }).expect(200);
    await back;
    await get('jingying', `/system/user/${someone}`).expect(200);
  });
});
