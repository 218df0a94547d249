/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from '../support/browser.js';
import { openMenu, signIn } from '../support/shell.js';

describe('sidebar menu from the seeded routes', () => {
  const session = useBrowser();

  it('draws the seeded menus with their icons, one submenu open at a time', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    const sidebar = page.getByTestId('sidebar');
    for (const title of ['欢迎', '审批管理', '项目管理', '系统管理']) {
      await sidebar.locator(`[data-menu="${title}"]`).first().waitFor();
    }
    expect(
      await sidebar.locator('[data-menu="系统管理"] svg[data-icon="system"]').count(),
    ).toBeGreaterThan(0);
    await sidebar.locator('[data-menu="审批管理"] > button').click();
    expect(
      await sidebar.locator('[data-menu="审批管理"] > button').getAttribute('aria-expanded'),
    ).toBe('true');
    await sidebar.locator('[data-menu="系统管理"] > button').click();
    expect(
      await sidebar.locator('[data-menu="系统管理"] > button').getAttribute('aria-expanded'),
    ).toBe('true');
    expect(
      await sidebar.locator('[data-menu="审批管理"] > button').getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('indents the Log submenu deeper than its siblings', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.locator('[data-menu="系统管理"] > button').click();
    const log = sidebar.locator('[data-deep-indent="true"]').first();
    await log.waitFor();
    const sibling = sidebar.locator('[data-menu="用户管理"] > a');
    const logPad = await log
      .locator(':scope > button, :scope > a')
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft));
    const siblingPad = await sibling.evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft));
    expect(logPad).toBeGreaterThan(siblingPad);
  });

  it('opens a page from a submenu with breadcrumbs from the route titles', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await openMenu(page, '系统管理', '用户管理');
    await page.waitForURL('**/system/user');
    const crumbs = page.getByTestId('breadcrumbs');
    // The address changes before the new page draws its breadcrumbs: wait for them.
    await crumbs.getByText('用户管理').waitFor();
    await expect(crumbs.textContent()).resolves.toContain('系统管理');
    await expect(crumbs.textContent()).resolves.toContain('用户管理');
    expect(await crumbs.locator('svg').count()).toBe(1);
    await page.getByRole('heading', { name: '用户管理' }).waitFor();
  });

  it('applies the item rules: hidden, single child as a link, alwaysShow, external links', async () => {
    const { page } = session();
    await page.route('**/prod-api/getRouters', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: unknown[] };
      body.data.push(
        {
          path: '/hidden-dir',
          hidden: true,
          component: 'Layout',
          meta: { title: '隐藏目录', icon: 'flow' },
          children: [{ path: 'a', component: 'x/a', meta: { title: '甲' } }],
        },
        {
          path: '/all-hidden',
          component: 'Layout',
          meta: { title: '全隐藏', icon: 'flow' },
          children: [{ path: 'a', hidden: true, component: 'x/a', meta: { title: '乙' } }],
        },
        {
          path: '/single',
          component: 'Layout',
          meta: { title: '单项目录', icon: 'flow' },
          children: [
            { path: 'only', component: 'x/only', meta: { title: '唯一子项', icon: 'flow' } },
          ],
        },
        {
          path: '/forced',
          component: 'Layout',
          alwaysShow: true,
          meta: { title: '总显示目录', icon: 'flow' },
          children: [{ path: 'one', component: 'x/one', meta: { title: '子项一' } }],
        },
        {
          path: '/links',
          component: 'Layout',
          alwaysShow: true,
          meta: { title: '外部链接', icon: 'flow' },
          children: [{ path: 'https://example.org/doc', meta: { title: '文档站' } }],
        },
      );
      await route.fulfill({ response, json: body });
    });
    await signIn(page, 'admin');
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.locator('[data-menu="隐藏目录"]').count()).toBe(0);
    expect(await sidebar.locator('[data-menu="全隐藏"]').count()).toBe(0);
    const single = sidebar.locator('[data-menu="唯一子项"] > a');
    expect(await single.getAttribute('href')).toBe('/single/only');
    await sidebar.locator('[data-menu="总显示目录"] > button').click();
    expect(await sidebar.locator('[data-menu="子项一"] > a').getAttribute('href')).toBe(
      '/forced/one',
    );
    await sidebar.locator('[data-menu="外部链接"] > button').click();
    expect(await sidebar.locator('[data-menu="文档站"] > a').getAttribute('href')).toBe(
      'https://example.org/doc',
    );
  });

  it('collapses to icons on the desktop with the burger', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    const sidebar = page.getByTestId('sidebar');
    expect(Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(240);
    await page.getByTestId('hamburger').click();
    await page.waitForTimeout(300);
    expect(Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(64);
  });
});

describe('mobile layout under 992 px', () => {
  const session = useBrowser(PHONE);

  it('hides the sidebar, opens it with the burger and closes it on a click outside', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    const shell = page.locator('[data-device]');
    expect(await shell.getAttribute('data-device')).toBe('mobile');
    expect(await shell.getAttribute('data-sidebar')).toBe('closed');
    await page.getByTestId('hamburger').click();
    expect(await shell.getAttribute('data-sidebar')).toBe('opened');
    await page.getByTestId('sidebar-mask').click({ position: { x: 350, y: 400 } });
    expect(await shell.getAttribute('data-sidebar')).toBe('closed');
  });
});
