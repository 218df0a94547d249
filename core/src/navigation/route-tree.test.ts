import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AppRoute, ServerRoute } from './app-route.js';
import { parseRouteQuery } from './app-route.js';
import {
  NOT_FOUND_ROUTE,
  flattenParentViews,
  generateRoutes,
  isInternalRedirect,
  leafPaths,
  matchRoute,
  routeRedirect,
  toAppRoutes,
} from './route-tree.js';
import { STATIC_ROUTES, WELCOME_PATH } from './static-routes.js';
import { PUBLIC_PATHS } from '../session/access-guard.js';

/** A route tree in the shape `GET /getRouters` answers, for the navigation tests. */
const SERVER_TREE: readonly ServerRoute[] = [
  {
    name: 'System',
    path: '/system',
    component: 'Layout',
    alwaysShow: true,
    redirect: 'noRedirect',
    hidden: false,
    meta: { title: '系统管理', icon: 'system', noCache: false, link: null },
    children: [
      {
        name: 'User',
        path: 'user',
        component: 'system/user/index',
        hidden: false,
        meta: { title: '用户管理', icon: 'user', noCache: false, link: null },
      },
      {
        name: 'Log',
        path: 'log',
        component: 'ParentView',
        redirect: 'noRedirect',
        alwaysShow: true,
        hidden: false,
        meta: { title: '日志管理', icon: 'monitor', noCache: false, link: null },
        children: [
          {
            name: 'Operlog',
            path: 'operlog',
            component: 'monitor/operlog/index',
            meta: { title: '操作日志', icon: null, noCache: true, link: null },
          },
          {
            name: 'Logininfor',
            path: 'logininfor',
            component: 'monitor/logininfor/index',
            query: '{"type":1}',
            meta: { title: '登录日志', icon: null, noCache: false, link: null },
          },
        ],
      },
    ],
  },
  {
    name: 'Approval',
    path: '/approval',
    component: 'Layout',
    meta: { title: '审批管理', icon: 'approval' },
    children: [
      { name: 'Todo', path: 'todo', component: 'approval/todo/index', meta: { title: '待办审批' } },
      { name: 'Mine', path: 'mine', component: 'approval/mine/index', meta: { title: '我的申请' } },
    ],
  },
  {
    name: 'Project',
    path: '/project',
    component: 'Layout',
    meta: { title: '项目管理', icon: 'project' },
    children: [
      {
        name: 'BusinessMainPage',
        path: 'businessMain',
        component: 'project/businessMain/index',
        meta: { title: '业务主页' },
      },
      {
        name: 'Contract',
        path: 'contract',
        component: 'project/contract/index',
        meta: { title: '合同管理' },
      },
    ],
  },
  {
    name: 'Finance',
    path: '/finance',
    component: 'Layout',
    meta: { title: '财务管理', icon: 'finicial' },
    children: [
      {
        name: 'Fund',
        path: 'fund',
        component: 'finance/fund/index',
        meta: { title: '资金计划', icon: 'flow' },
      },
      {
        name: 'Loan',
        path: 'loan',
        component: 'finance/loan/index',
        hidden: true,
        meta: { title: '借款' },
      },
    ],
  },
  {
    name: 'Secret',
    path: '/secret',
    component: 'Layout',
    meta: { title: '隐藏', icon: 'system' },
    children: [
      {
        name: 'Inner',
        path: 'inner',
        component: 'secret/index',
        hidden: true,
        meta: { title: '内' },
      },
    ],
  },
  {
    name: 'Site',
    path: 'https://example.com',
    component: 'Layout',
    meta: { title: '官网', icon: 'account', link: 'https://example.com' },
  },
];

function find(routes: readonly AppRoute[], name: string): AppRoute | undefined {
  for (const r of routes) {
    if (r.name === name) return r;
    const below = find(r.children, name);
    if (below) return below;
  }
  return undefined;
}

describe('toAppRoutes', () => {
  const routes = toAppRoutes(SERVER_TREE);
  it('resolves full paths and components', () => {
    expect(find(routes, 'Operlog')?.fullPath).toBe('/system/log/operlog');
    expect(find(routes, 'System')?.component).toEqual({ kind: 'layout' });
    expect(find(routes, 'Log')?.component).toEqual({ kind: 'parentView' });
    expect(find(routes, 'User')?.component).toEqual({ kind: 'view', view: 'system/user/index' });
    expect(find(routes, 'Site')?.fullPath).toBe('https://example.com');
  });
  it('parses the query and keeps meta flags', () => {
    expect(find(routes, 'Logininfor')?.query).toEqual({ type: '1' });
    expect(find(routes, 'Operlog')?.meta?.noCache).toBe(true);
    expect(parseRouteQuery('not json')).toBeUndefined();
    expect(parseRouteQuery('[1]')).toBeUndefined();
  });
  it('gives a top-level node without a component the Layout', () => {
    const [top] = toAppRoutes([{ path: '/x', children: [{ path: 'y', component: 'x/y' }] }]);
    expect(top?.component).toEqual({ kind: 'layout' });
    expect(top?.children[0]?.fullPath).toBe('/x/y');
  });
});

describe('flattenParentViews', () => {
  it('lifts the children of a ParentView with joined paths', () => {
    const flat = flattenParentViews(toAppRoutes(SERVER_TREE));
    const system = flat.find((r) => r.name === 'System');
    expect(system?.children.map((c) => [c.name, c.path, c.fullPath])).toEqual([
      ['User', 'user', '/system/user'],
      ['Operlog', 'log/operlog', '/system/log/operlog'],
      ['Logininfor', 'log/logininfor', '/system/log/logininfor'],
    ]);
  });

  // Random trees: ParentView nodes at any depth, relative, absolute and empty segments.
  const segment = fc.constantFrom('a', 'b', 'list', 'detail', '', '/abs', 'x/y');
  const node: fc.Memo<ServerRoute> = fc.memo((depth): fc.Arbitrary<ServerRoute> =>
    depth <= 1
      ? fc.record({ path: segment, component: fc.constantFrom('ParentView', 'v/page') })
      : fc.record({
          path: segment,
          component: fc.constantFrom('ParentView', 'ParentView', 'v/page', 'Layout'),
          children: fc.array(node(depth - 1), { maxLength: 3 }),
        }),
  );
  const tree = fc.array(
    fc.record({
      path: fc.constantFrom('/p', '/q', '/r/s'),
      component: fc.constant('Layout'),
      children: fc.array(node(4), { maxLength: 4 }),
    }),
    { maxLength: 4 },
  );

  it('preserves every leaf path, in order (property)', () => {
    fc.assert(
      fc.property(tree, (serverTree) => {
        const routes = toAppRoutes(serverTree);
        const flat = flattenParentViews(routes);
        expect(leafPaths(flat)).toEqual(leafPaths(routes));
      }),
    );
  });
  it('leaves no ParentView with children, and each declared path resolves to the full path', () => {
    const check = (routes: readonly AppRoute[], base: string): void => {
      for (const r of routes) {
        expect(r.component.kind === 'parentView' && r.children.length > 0).toBe(false);
        const resolved = r.path.startsWith('/') ? r.path : `${base}/${r.path}`;
        expect(resolved.replace(/\/+/g, '/').replace(/(.)\/$/, '$1')).toBe(r.fullPath);
        check(r.children, r.fullPath);
      }
    };
    fc.assert(
      fc.property(tree, (serverTree) => {
        for (const top of flattenParentViews(toAppRoutes(serverTree)))
          check(top.children, top.fullPath);
      }),
    );
  });
});

describe('generateRoutes and matching', () => {
  const { sidebarRoutes, routerRoutes } = generateRoutes(SERVER_TREE);
  it('puts the static routes first and the catch-all last', () => {
    expect(routerRoutes.slice(0, STATIC_ROUTES.length)).toEqual(STATIC_ROUTES);
    expect(routerRoutes[routerRoutes.length - 1]).toBe(NOT_FOUND_ROUTE);
    expect(sidebarRoutes).not.toContain(NOT_FOUND_ROUTE);
  });
  it('titles a static page that is also a menu page by its menu, so tab and breadcrumb agree', () => {
    const project: ServerRoute = {
      name: 'Project',
      path: '/project',
      component: 'Layout',
      hidden: false,
      meta: { title: '项目管理', icon: 'project', noCache: false, link: null },
      children: [
        {
          name: 'BusinessMainPage',
          path: 'main',
          component: 'project/main/index',
          hidden: false,
          meta: { title: '经营主页', icon: null, noCache: false, link: null },
        },
      ],
    };
    const titled = generateRoutes([...SERVER_TREE, project]).routerRoutes;
    expect(matchRoute(titled, '/project/main')?.chain.at(-1)?.meta?.title).toBe('经营主页');
    // Without a menu page of that path the static title stays.
    expect(matchRoute(routerRoutes, '/project/main')?.chain.at(-1)?.meta?.title).toBe('项目主页');
  });
  it('has every static route of the spec', () => {
    for (const path of [
      '/login',
      '/auth-redirect',
      '/bind',
      '/register',
      '/redirect/system/user',
      '/404',
      '/401',
      '/welcome/welcome',
      '/user/profile',
      '/dict/type/data/12',
      '/job/log',
      '/project/main',
      '/project/unSignList',
      '/project/approveList',
      '/project/contractList',
    ]) {
      expect(matchRoute(routerRoutes, path), path).toBeDefined();
      expect(routeRedirect(routerRoutes, path), path).toBeUndefined();
    }
  });
  it('has a static route for every public path of the session guard', () => {
    for (const path of PUBLIC_PATHS)
      expect(matchRoute(routerRoutes, path)?.chain.at(-1)?.fullPath).toBe(path);
  });
  it('redirects / to the welcome page and unknown paths to /404', () => {
    expect(routeRedirect(routerRoutes, '/')).toBe(WELCOME_PATH);
    expect(routeRedirect(routerRoutes, '/nowhere')).toBe('/404');
    expect(routeRedirect(routerRoutes, '/dict/type/data/abc')).toBe('/404');
  });
  it('matches flattened server pages with the chain and params', () => {
    const m = matchRoute(routerRoutes, '/system/log/operlog?x=1');
    expect(m?.chain.map((r) => r.name)).toEqual(['System', 'Operlog']);
    expect(matchRoute(routerRoutes, '/dict/type/data/42')?.params).toEqual({ dictId: '42' });
    expect(matchRoute(routerRoutes, '/redirect/a/b')?.params).toEqual({ '*': 'a/b' });
  });
});

describe('menu redirects', () => {
  const withRedirect = (redirect: string): ServerRoute => ({
    name: 'Menu',
    path: '/menu',
    component: 'Layout',
    redirect,
    hidden: false,
    meta: { title: '菜单', icon: null, noCache: false, link: null },
    children: [{ name: 'Page', path: 'page', component: 'system/user/index', hidden: false }],
  });

  it.each(['noRedirect', '/menu/page', '/system/user?x=1'])('keeps %s', (redirect) => {
    expect(isInternalRedirect(redirect)).toBe(true);
    expect(toAppRoutes([withRedirect(redirect)])[0]?.redirect).toBe(redirect);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    'menu/page',
  ])('drops %s: a stored menu row never sends the browser elsewhere', (redirect) => {
    expect(isInternalRedirect(redirect)).toBe(false);
    expect(toAppRoutes([withRedirect(redirect)])[0]?.redirect).toBeUndefined();
  });
});
