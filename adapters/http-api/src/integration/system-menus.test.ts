/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformRepositories } from '@dpms/sql';
import { createApp } from '../app.js';
import { buildContainer } from '../composition/modules.js';
import { TOKENS } from '../composition/tokens.js';
import { createLogger } from '../http/logger.js';
import type { IdentityCache } from '../identity/identity-cache.js';
import { DEMO_PASSWORD, nextAddress, TestClock } from '../test-support/api.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../test-support/test-database.js';
import { testServerConfig } from '../test-support/test-server-config.js';

const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

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
  let database: TestDatabase;
  let app: Express;
  let cache: IdentityCache;
  let admin: string;
  const as = (token: string) => ({
    get: (url: string) => request(app).get(`/prod-api${url}`).set(bearer(token)),
    post: (url: string, body: object) =>
      request(app).post(`/prod-api${url}`).set(bearer(token)).send(body),
    put: (url: string, body: object) =>
      request(app).put(`/prod-api${url}`).set(bearer(token)).send(body),
    del: (url: string) => request(app).delete(`/prod-api${url}`).set(bearer(token)),
  });
  const login = async (username: string) => {
    const r = await request(app)
      .post('/prod-api/login')
      .set('X-Forwarded-For', nextAddress())
      .send({ username, password: DEMO_PASSWORD });
    expect(r.status).toBe(200);
    return r.body.token as string;
  };
  const menuOf = async (
    predicate: (m: { menuId: number; perms: string; menuName: string }) => boolean,
  ) => {
    const r = await as(admin).get('/system/menu/list').expect(200);
    return r.body.data.find(predicate) as { menuId: number; parentId: number; perms: string };
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const container = buildContainer({
      config: testServerConfig(database.dataDir),
      logger: createLogger('silent'),
      repos: createPlatformRepositories(database.handle.db),
      jwtSecret: 'menus-secret-menus-secret-menus-secret-0123456',
      clock: new TestClock(),
      db: database.handle.db,
      listen: (channel, sink) => database.handle.listen(channel, sink),
    });
    app = createApp(container).app;
    cache = container.get(TOKENS.IdentityCache);
    admin = await login('admin');
  }, 120_000);
  afterAll(() => database?.close());

  it('lists the menus flat, filtered by name, status and visibility', async () => {
    const all = await as(admin).get('/system/menu/list').expect(200);
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
    const named = await as(admin).get('/system/menu/list?menuName=菜单管理&pageNum=1&pageSize=10');
    expect(named.status).toBe(200);
    expect(
      named.body.data.every((m: { menuName: string }) => m.menuName.includes('菜单管理')),
    ).toBe(true);
    expect(named.body.data.length).toBeGreaterThan(1);
    const hidden = await as(admin).get('/system/menu/list?visible=1').expect(200);
    expect(hidden.body.data.every((m: { visible: string }) => m.visible === '1')).toBe(true);
  });

  it('reads one menu by its id; a named sub-path is not taken for an id', async () => {
    const m = await menuOf((x) => x.perms === 'system:menu:list');
    const one = await as(admin).get(`/system/menu/${m.menuId}`).expect(200);
    expect(one.body.data).toMatchObject({ menuId: m.menuId, menuName: '菜单管理' });
    // The role module's /system/menu/treeselect is registered first and keeps its path.
    await as(admin).get('/system/menu/treeselect').expect(200);
    const bad = await as(admin).get('/system/menu/abc').expect(400);
    expect(bad.body.msg).toContain('menuId');
    await as(admin).get('/system/menu/999999').expect(404);
  });

  it('adds, edits and deletes a directory, a page and a button, refusing what RuoYi refuses', async () => {
    const dir = await as(admin)
      .post('/system/menu', {
        parentId: 0,
        menuName: '测试目录',
        menuType: 'M',
        path: 'testdir',
        icon: 'system',
        orderNum: 9,
      })
      .expect(200);
    const dirId = dir.body.data.menuId as number;
    const page = await as(admin)
      .post('/system/menu', {
        parentId: dirId,
        menuName: '测试页面',
        menuType: 'C',
        path: 'page',
        component: 'system/config/index',
        perms: 'test:page:list',
        routeName: 'TestPage',
      })
      .expect(200);
    const pageId = page.body.data.menuId as number;
    const button = await as(admin)
      .post('/system/menu', {
        parentId: pageId,
        menuName: '测试新增',
        menuType: 'F',
        perms: 'test:page:add',
      })
      .expect(200);
    const buttonId = button.body.data.menuId as number;

    // Same name under the same parent: 409 naming menuName; under another parent it stands.
    const twin = await as(admin)
      .post('/system/menu', {
        parentId: dirId,
        menuName: '测试页面',
        menuType: 'C',
        path: 'page2',
        routeName: 'TestPage2',
      })
      .expect(409);
    expect(twin.body).toMatchObject({ msg: "新增菜单'测试页面'失败，菜单名称已存在" });
    expect(JSON.stringify(twin.body)).toContain('menuName');
    // A route name another page holds: 409 naming routeName.
    const sameRoute = await as(admin)
      .post('/system/menu', {
        parentId: dirId,
        menuName: '另一页',
        menuType: 'C',
        path: 'other',
        routeName: 'Menu',
      })
      .expect(409);
    expect(sameRoute.body.msg).toBe("新增菜单'另一页'失败，路由名称已存在");
    // A 外链 that is no address; a directory without its path.
    const link = await as(admin)
      .post('/system/menu', {
        parentId: dirId,
        menuName: '外链',
        menuType: 'C',
        path: 'www.x.cn',
        isFrame: '0',
        routeName: 'Ext',
      })
      .expect(400);
    expect(link.body.msg).toBe("新增菜单'外链'失败，地址必须以http(s)://开头");
    const noPath = await as(admin)
      .post('/system/menu', { parentId: 0, menuName: '无路径', menuType: 'M' })
      .expect(400);
    expect(noPath.body.msg).toContain('路由地址不能为空');
    // The parent: not itself, not its own descendant.
    const self = await as(admin)
      .put('/system/menu', { menuId: dirId, parentId: dirId })
      .expect(422);
    expect(self.body.msg).toBe("修改菜单'测试目录'失败，上级菜单不能选择自己");
    const below = await as(admin)
      .put('/system/menu', { menuId: dirId, parentId: pageId })
      .expect(422);
    expect(below.body.msg).toContain('上级菜单不能是自己的下级');
    // Refusals changed nothing.
    const unchanged = await as(admin).get(`/system/menu/${dirId}`).expect(200);
    expect(unchanged.body.data).toMatchObject({ parentId: 0, menuName: '测试目录' });

    const edited = await as(admin)
      .put('/system/menu', { menuId: pageId, menuName: '测试页面二', icon: 'flow', isCache: '1' })
      .expect(200);
    expect(edited.body.data).toMatchObject({
      menuName: '测试页面二',
      icon: 'flow',
      isCache: '1',
      path: 'page',
    });

    // Delete: children first refuse; a granted menu refuses; then it goes.
    const withChildren = await as(admin).del(`/system/menu/${pageId}`).expect(409);
    expect(withChildren.body.msg).toBe('存在子菜单，不允许删除');
    await database.handle.db
      .insertInto('sys_role_menu')
      .values({ role_id: 2, menu_id: buttonId })
      .execute();
    const granted = await as(admin).del(`/system/menu/${buttonId}`).expect(409);
    expect(granted.body.msg).toBe('菜单已分配，不允许删除');
    await as(admin).get(`/system/menu/${buttonId}`).expect(200);
    await database.handle.db.deleteFrom('sys_role_menu').where('menu_id', '=', buttonId).execute();
    await as(admin).del(`/system/menu/${buttonId}`).expect(200);
    await as(admin).del(`/system/menu/${pageId}`).expect(200);
    await as(admin).del(`/system/menu/${dirId}`).expect(200);
    await as(admin).get(`/system/menu/${dirId}`).expect(404);
  });

  it('refuses a caller without the menu permissions, changing nothing', async () => {
    const jingying = await login('jingying');
    await as(jingying).get('/system/menu/list').expect(403);
    await as(jingying)
      .post('/system/menu', { parentId: 0, menuName: '越权', menuType: 'M', path: 'x' })
      .expect(403);
    const list = await as(admin).get('/system/menu/list?menuName=越权').expect(200);
    expect(list.body.data).toEqual([]);
  });

  it('refuses a wildcard permission to everyone, and to a non-admin a permission not held', async () => {
    const all = (await as(admin).get('/system/menu/list').expect(200)).body.data as {
      menuId: number;
      perms: string;
    }[];
    const role = await as(admin)
      .post('/system/role', {
        roleName: '菜单维护员',
        roleKey: 'menu_keeper',
        roleSort: 9,
        menuIds: all.filter((m) => m.perms.startsWith('system:menu:')).map((m) => m.menuId),
      })
      .expect(200);
    await as(admin)
      .post('/system/user', {
        userName: 'caidan01',
        nickName: '菜单维护',
        password: DEMO_PASSWORD,
        deptId: 111,
        roleIds: [role.body.data.roleId],
      })
      .expect(200);
    const keeper = await login('caidan01');
    const edit = await menuOf((m) => m.perms === 'system:menu:edit');
    const wild = await as(keeper)
      .put('/system/menu', { menuId: edit.menuId, perms: '*:*:*' })
      .expect(400);
    expect(wild.body.msg).toContain('权限字符');
    const button = { parentId: edit.parentId, menuType: 'F', orderNum: 9 };
    const notHeld = await as(keeper)
      .post('/system/menu', { ...button, menuName: '越权按钮', perms: 'system:user:remove' })
      .expect(403);
    expect(notHeld.body.msg).toBe(
      "新增菜单'越权按钮'失败，权限字符'system:user:remove'不是当前用户拥有的权限",
    );
    await as(keeper)
      .post('/system/menu', { ...button, menuName: '星号按钮', perms: 'system:*:list' })
      .expect(400);
    // What the caller holds may be set; other fields of a menu may change without re-checking.
    await as(keeper)
      .post('/system/menu', { ...button, menuName: '同权按钮', perms: 'system:menu:query' })
      .expect(200);
    const user = await menuOf((m) => m.perms === 'system:user:list');
    await as(keeper).put('/system/menu', { menuId: user.menuId, orderNum: 1 }).expect(200);
    // The administrator sets any permission, but no wildcard either.
    await as(admin).put('/system/menu', { menuId: edit.menuId, perms: '*:*:*' }).expect(400);
    const unchanged = await menuOf((m) => m.menuId === edit.menuId);
    expect(unchanged.perms).toBe('system:menu:edit');
    expect(await menuOf((m) => m.menuName === '越权按钮')).toBeUndefined();
  });

  it('a page hidden leaves the sidebar at the next getRouters', async () => {
    const page = await menuOf((m) => m.perms === 'system:config:list');
    const before = await as(admin).get('/getRouters').expect(200);
    expect(shownNames(before.body.data)).toContain('Config');
    await as(admin).put('/system/menu', { menuId: page.menuId, visible: '1' }).expect(200);
    const after = await as(admin).get('/getRouters').expect(200);
    expect(shownNames(after.body.data)).not.toContain('Config');
    await as(admin).put('/system/menu', { menuId: page.menuId, visible: '0' }).expect(200);
    expect(shownNames((await as(admin).get('/getRouters')).body.data)).toContain('Config');
  });

  it('a button disabled is refused to the users of the roles holding it at their next request', async () => {
    const jingying = await login('jingying');
    const someone = (await as(jingying).get('/getInfo')).body.user.userId as number;
    await as(jingying).get(`/system/user/${someone}`).expect(200);
    const button = await menuOf((m) => m.perms === 'system:user:query');
    const announced = heard(cache, `menu:${button.menuId}`);
    await as(admin).put('/system/menu', { menuId: button.menuId, status: '1' }).expect(200);
    await announced;
    await as(jingying).get(`/system/user/${someone}`).expect(403);
    const back = heard(cache, `menu:${button.menuId}`);
    await as(admin).put('/system/menu', { menuId: button.menuId, status: '0' }).expect(200);
    await back;
    await as(jingying).get(`/system/user/${someone}`).expect(200);
  });
});
