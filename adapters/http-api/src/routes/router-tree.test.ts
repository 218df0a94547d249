import { describe, expect, it } from 'vitest';
import type { SysMenu } from '@dpms/core';
import { buildRouterTree } from './router-tree.js';

let nextId = 1;
const menu = (m: Partial<SysMenu> & Pick<SysMenu, 'menuName' | 'menuType' | 'path'>): SysMenu => ({
  menuId: nextId++,
  parentId: 0,
  component: null,
  query: null,
  isFrame: '1',
  isCache: '0',
  visible: '0',
  status: '0',
  perms: '',
  icon: '#',
  orderNum: 0,
  alwaysShow: false,
  routeName: '',
  remark: '',
  createTime: new Date(),
  ...m,
});

describe('buildRouterTree', () => {
  it('builds RuoYi routes: Layout at the top, ParentView below, buttons dropped, hidden kept', () => {
    const sys = menu({
      menuName: '系统管理',
      menuType: 'M',
      path: 'system',
      icon: 'system',
      routeName: 'System',
      orderNum: 2,
    });
    const sub = menu({ menuName: '子目录', menuType: 'M', path: 'sub', parentId: sys.menuId });
    const user = menu({
      menuName: '用户管理',
      menuType: 'C',
      path: 'user',
      parentId: sys.menuId,
      component: 'system/user/index',
      routeName: 'User',
      isCache: '1',
    });
    const button = menu({
      menuName: '新增',
      menuType: 'F',
      path: '',
      parentId: user.menuId,
      perms: 'system:user:add',
    });
    const hidden = menu({
      menuName: '隐藏页',
      menuType: 'C',
      path: 'h',
      parentId: sub.menuId,
      component: 'x/index',
      visible: '1',
    });
    const link = menu({
      menuName: '官网',
      menuType: 'C',
      path: 'https://example.com',
      isFrame: '0',
      orderNum: 3,
    });
    const welcome = menu({
      menuName: '欢迎',
      menuType: 'C',
      path: 'welcome',
      component: 'welcome/index',
      routeName: 'Welcome',
      orderNum: 1,
    });
    const disabled = menu({
      menuName: '停用',
      menuType: 'C',
      path: 'off',
      component: 'off/index',
      status: '1',
    });
    const tree = buildRouterTree([sys, sub, user, button, hidden, link, welcome, disabled]);
    expect(tree.map((n) => n.path)).toEqual(['/', '/system', 'https://example.com']);
    const [w, s, l] = tree;
    expect(w).toMatchObject({
      component: 'Layout',
      children: [{ path: 'welcome', component: 'welcome/index', name: 'Welcome' }],
    });
    expect(s).toMatchObject({
      name: 'System',
      component: 'Layout',
      redirect: 'noRedirect',
      alwaysShow: true,
      meta: { title: '系统管理', icon: 'system' },
    });
    expect(s!.children!.map((c) => c.component)).toEqual(['ParentView', 'system/user/index']);
    expect(s!.children![1]).toMatchObject({ meta: { noCache: true }, hidden: false });
    expect(s!.children![1]!.children).toBeUndefined();
    expect(s!.children![0]!.children![0]).toMatchObject({ hidden: true, path: 'h' });
    expect(l).toMatchObject({ component: 'InnerLink', meta: { link: 'https://example.com' } });
  });
});
