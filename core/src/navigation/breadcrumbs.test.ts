import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs } from './breadcrumbs.js';
import { generateRoutes, matchRoute } from './route-tree.js';

const { routerRoutes } = generateRoutes([
  {
    name: 'System',
    path: '/system',
    component: 'Layout',
    redirect: 'noRedirect',
    meta: { title: '系统管理', icon: 'system' },
    children: [
      { name: 'User', path: 'user', component: 'system/user/index', meta: { title: '用户管理' } },
    ],
  },
  {
    name: 'Fund',
    path: '/fund',
    component: 'Layout',
    redirect: '/fund/plan',
    meta: { title: '资金', icon: 'finicial' },
    children: [{ name: 'Plan', path: 'plan', component: 'fund/plan', meta: { title: '资金计划' } }],
  },
]);
const crumbs = (path: string) =>
  buildBreadcrumbs(matchRoute(routerRoutes, path)?.chain ?? [], path);

describe('buildBreadcrumbs', () => {
  it('lists the titles with an icon on the first level', () => {
    expect(crumbs('/system/user')).toEqual([
      { title: '系统管理', to: '/system', icon: 'system', clickable: false },
      { title: '用户管理', to: '/system/user', clickable: false },
    ]);
  });
  it('links a level with a redirect to it', () => {
    expect(crumbs('/fund/plan')[0]).toEqual({
      title: '资金',
      to: '/fund/plan',
      icon: 'finicial',
      clickable: true,
    });
  });
  it('shows no icon on the welcome page', () => {
    expect(crumbs('/welcome/welcome')).toEqual([
      { title: '欢迎', to: '/welcome/welcome', clickable: false },
    ]);
  });
  it('skips levels without a title', () => {
    expect(crumbs('/project/main').map((c) => c.title)).toEqual(['项目主页']);
  });
});
