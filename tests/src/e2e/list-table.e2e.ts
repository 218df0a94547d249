/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import { describe, expect, it } from 'vitest';
import { PHONE, useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu, signIn } from '../support/shell.js';

type UserPage = { rows: { userId: number }[] };

describe('a list at 1366×768', () => {
  const session = useBrowser();

  it('sorts 用户管理 by a header on the server, and pins 操作 to the right edge', async () => {
    const { page, baseURL } = session();
    const token = await apiToken(baseURL);
    const top = async (isAsc: string) =>
      (
        await api<UserPage>(
          baseURL,
          token,
          'GET',
          `/system/user/list?orderByColumn=userId&isAsc=${isAsc}&pageSize=10`,
        )
      ).rows[0]!.userId;
    const [lowest, highest] = [await top('asc'), await top('desc')];
    expect(highest).toBeGreaterThan(lowest);

    await signIn(page, 'admin');
    await openMenu(page, '系统管理', '用户管理');
    const view = page.locator('[data-view="/system/user"]');
    const firstId = view.locator('tr[data-row]').first().locator('td').nth(1);
    await firstId.waitFor();
    const header = view.getByRole('columnheader', { name: '用户编号' });
    expect(await header.getAttribute('aria-sort')).toBe('none');

    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => firstId.textContent()).toBe(String(lowest));
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await expect.poll(() => firstId.textContent()).toBe(String(highest));

    const actions = view.getByRole('columnheader', { name: '操作' });
    expect(await actions.evaluate((th) => getComputedStyle(th).position)).toBe('sticky');
    expect(await actions.evaluate((th) => getComputedStyle(th).right)).toBe('0px');
  });
});

describe('a list at 375×812', () => {
  const session = useBrowser(PHONE);

  it('shows rows as cards and its filters only behind 筛选', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await page.getByTestId('hamburger').click();
    await openMenu(page, '系统管理', '用户管理');
    const view = page.locator('[data-view="/system/user"]');
    const card = view.locator('li[data-row]').first();
    await card.waitFor();
    expect(await view.locator('table').count()).toBe(0);
    expect(await card.textContent()).toContain('用户名称');
    expect(
      await card.locator('[data-card-actions]').getByRole('button', { name: '修改' }).count(),
    ).toBe(1);

    expect(await view.getByRole('search').count()).toBe(0);
    await view.getByRole('button', { name: /筛选/ }).click();
    await view.getByRole('search').waitFor();
    await view.getByRole('search').getByPlaceholder('请输入手机号码').fill('15888888888');
    await view.getByRole('button', { name: '搜索' }).click();
    await expect.poll(() => view.getByRole('search').count()).toBe(0);
    expect(await view.getByRole('button', { name: /筛选/ }).textContent()).toBe('筛选1');
  });
});
