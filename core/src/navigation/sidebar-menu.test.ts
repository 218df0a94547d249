import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AppRoute, ServerRoute } from './app-route.js';
import { toAppRoutes } from './route-tree.js';
import { STATIC_ROUTES } from './static-routes.js';
import {
  activeMenuKey,
  buildSidebarMenu,
  type MenuItem,
  type MenuLink,
  type SubMenu,
} from './sidebar-menu.js';
import { SIDEBAR_ICONS, toSidebarIcon } from './sidebar-icons.js';

const NONE = { unDealCount: 0, unLookSeal: false };
const menu = (tree: readonly ServerRoute[], counts = NONE): MenuItem[] =>
  buildSidebarMenu(toAppRoutes(tree), counts);
const page = (name: string, path: string, extra: Partial<ServerRoute> = {}): ServerRoute => ({
  name,
  path,
  component: `x/${path}`,
  meta: { title: name },
  ...extra,
});
const asLink = (item: MenuItem | undefined): MenuLink => {
  if (item?.kind !== 'link') throw new Error(`expected a link, got ${item?.kind}`);
  return item;
};
const asSub = (item: MenuItem | undefined): SubMenu => {
  if (item?.kind !== 'submenu') throw new Error(`expected a submenu, got ${item?.kind}`);
  return item;
};

describe('buildSidebarMenu: shape', () => {
  it('draws two visible children as a submenu with resolved paths', () => {
    const [item] = menu([
      {
        name: 'Sys',
        path: '/system',
        component: 'Layout',
        meta: { title: '系统', icon: 'system' },
        children: [page('A', 'a'), page('B', 'b')],
      },
    ]);
    const sub = asSub(item);
    expect(sub).toMatchObject({ title: '系统', icon: 'system', key: '/system', depth: 0 });
    expect(sub.children.map((c) => asLink(c).to)).toEqual(['/system/a', '/system/b']);
    expect(sub.children[0]?.depth).toBe(1);
  });
  it('draws exactly one visible child as a single link to the child, with the parent icon as fallback', () => {
    const [item] = menu([
      {
        path: '/',
        component: 'Layout',
        meta: { title: '首页', icon: 'welcome' },
        children: [page('Index', 'index'), page('Hidden', 'h', { hidden: true })],
      },
    ]);
    expect(asLink(item)).toMatchObject({
      to: '/index',
      title: 'Index',
      icon: 'welcome',
      external: false,
    });
  });
  it('draws a route without children as a link to itself', () => {
    const [item] = menu([
      { name: 'Solo', path: '/solo', component: 'Layout', meta: { title: '独立', icon: 'flow' } },
    ]);
    expect(asLink(item)).toMatchObject({ to: '/solo', title: '独立', icon: 'flow' });
  });
  it('forces a submenu with alwaysShow', () => {
    const [item] = menu([
      {
        path: '/one',
        component: 'Layout',
        alwaysShow: true,
        meta: { title: '一' },
        children: [page('Only', 'only')],
      },
    ]);
    expect(asSub(item).children).toHaveLength(1);
  });
  it('keeps a submenu when the only visible child has children of its own', () => {
    const [item] = menu([
      {
        path: '/a',
        component: 'Layout',
        meta: { title: 'A' },
        children: [
          {
            name: 'Mid',
            path: 'mid',
            component: 'ParentView',
            meta: { title: 'Mid' },
            children: [page('L1', 'l1'), page('L2', 'l2')],
          },
        ],
      },
    ]);
    const mid = asSub(asSub(item).children[0]);
    expect(mid.children.map((c) => asLink(c).to)).toEqual(['/a/mid/l1', '/a/mid/l2']);
  });
  it('hides hidden routes and a top level whose children are all hidden', () => {
    const items = menu([
      { path: '/gone', component: 'Layout', hidden: true, meta: { title: 'gone' } },
      {
        path: '/empty',
        component: 'Layout',
        meta: { title: 'empty' },
        children: [page('H', 'h', { hidden: true })],
      },
      { path: '/kept', component: 'Layout', meta: { title: 'kept' }, children: [page('K', 'k')] },
    ]);
    expect(items.map((i) => i.title)).toEqual(['K']);
  });
  it('uses http, https, mailto and tel links as they are', () => {
    const items = menu([
      { path: 'https://example.com/docs', component: 'Layout', meta: { title: 'docs' } },
      {
        path: '/links',
        component: 'Layout',
        meta: { title: 'links' },
        children: [
          page('Mail', 'mailto:office@example.com'),
          page('Tel', 'tel:110'),
          page('Http', 'http://a.b/c'),
        ],
      },
    ]);
    expect(asLink(items[0])).toMatchObject({ to: 'https://example.com/docs', external: true });
    expect(asSub(items[1]).children.map((c) => asLink(c).to)).toEqual([
      'mailto:office@example.com',
      'tel:110',
      'http://a.b/c',
    ]);
  });
  it('passes the route query along', () => {
    const [item] = menu([
      {
        path: '/q',
        component: 'Layout',
        meta: { title: 'q' },
        children: [page('Q', 'q', { query: '{"id":3}' })],
      },
    ]);
    expect(asLink(item).query).toEqual({ id: '3' });
  });
  it('shows the welcome page of the static routes and nothing else of them', () => {
    const items = buildSidebarMenu(STATIC_ROUTES, NONE);
    expect(items.map((i) => [i.kind, i.title, i.kind === 'link' ? i.to : ''])).toEqual([
      ['link', '欢迎', '/welcome/welcome'],
    ]);
  });
});

describe('buildSidebarMenu: badges, dot and indent', () => {
  const tree: ServerRoute[] = [
    {
      name: 'Approval',
      path: '/approval',
      component: 'Layout',
      meta: { title: '审批' },
      children: [page('T', 't'), page('M', 'm')],
    },
    {
      name: 'Project',
      path: '/project',
      component: 'Layout',
      meta: { title: '项目' },
      children: [
        page('BusinessMainPage', 'main', { hidden: true }),
        page('Contract', 'c'),
        page('Log', 'log'),
      ],
    },
  ];
  it('shows the unprocessed count on Approval, hidden at 0 and capped at 99+', () => {
    expect(menu(tree, { unDealCount: 0, unLookSeal: false })[0]?.badge).toBeUndefined();
    expect(menu(tree, { unDealCount: 7, unLookSeal: false })[0]?.badge).toBe('7');
    expect(menu(tree, { unDealCount: 100, unLookSeal: false })[0]?.badge).toBe('99+');
    expect(menu(tree, { unDealCount: 7, unLookSeal: false })[1]?.badge).toBeUndefined();
  });
  it('shows the dot on Project only with the seal flag and a BusinessMainPage child', () => {
    expect(menu(tree, { unDealCount: 0, unLookSeal: true })[1]?.dot).toBe(true);
    expect(menu(tree, { unDealCount: 0, unLookSeal: false })[1]?.dot).toBe(false);
    const without = tree.map((r) =>
      r.name === 'Project' ? { ...r, children: [page('Contract', 'c'), page('X', 'x')] } : r,
    );
    expect(menu(without, { unDealCount: 0, unLookSeal: true })[1]?.dot).toBe(false);
    expect(menu(tree, { unDealCount: 0, unLookSeal: true })[0]?.dot).toBe(false);
  });
  it('indents the child named Log deeper', () => {
    const project = asSub(menu(tree)[1]);
    expect(project.children.map((c) => [c.title, c.deepIndent])).toEqual([
      ['Contract', false],
      ['Log', true],
    ]);
  });
  it('never draws a hidden route (property)', () => {
    const leaf = fc.record({
      name: fc.constantFrom('A', 'B', 'Log'),
      path: fc.constantFrom('a', 'b', 'c'),
      hidden: fc.boolean(),
    });
    const top = fc.record({
      name: fc.constantFrom('Approval', 'Project', 'Other'),
      path: fc.constantFrom('/p', '/q'),
      hidden: fc.boolean(),
      alwaysShow: fc.boolean(),
      children: fc.array(leaf, { maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(top, { maxLength: 5 }), fc.nat(300), (raw, count) => {
        const tree: ServerRoute[] = raw.map((t) => ({
          ...t,
          component: 'Layout',
          meta: { title: `${t.name}${t.path}` },
          children: t.children.map((c) => ({
            ...c,
            component: 'x',
            meta: { title: `${t.path}/${c.path}:${c.hidden}` },
          })),
        }));
        const items = menu(tree, { unDealCount: count, unLookSeal: true });
        const titles = (list: readonly MenuItem[]): string[] =>
          list.flatMap((i) => [i.title, ...(i.kind === 'submenu' ? titles(i.children) : [])]);
        for (const title of titles(items)) expect(title.endsWith(':true')).toBe(false);
        expect(items.length).toBeLessThanOrEqual(tree.filter((t) => !t.hidden).length);
      }),
    );
  });
});

describe('icons and active menu', () => {
  it('has the nine icons', () => {
    expect(SIDEBAR_ICONS).toHaveLength(9);
    expect(toSidebarIcon('finicial')).toBe('finicial');
    expect(toSidebarIcon('user')).toBeUndefined();
  });
  it('highlights activeMenu for hidden pages', () => {
    const dict = STATIC_ROUTES.find((r) => r.path === '/dict')?.children[0] as AppRoute;
    expect(activeMenuKey(dict)).toBe('/system/dict');
    const welcome = STATIC_ROUTES.find((r) => r.path === '/welcome')?.children[0] as AppRoute;
    expect(activeMenuKey(welcome)).toBe('/welcome/welcome');
  });
});
