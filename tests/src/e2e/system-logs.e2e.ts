/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { openMenu, signIn } from '../support/shell.js';

/** The session id a signed-in page's token carries (its `sid` claim): what 在线用户 lists. */
const sessionIdOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string })
    .sid;

describe('在线用户, 强退 and 登录日志', () => {
  const session = useBrowser();

  it('sees another user online, 强退s them, and finds their sign-in in 登录日志', async () => {
    const { page, browser, baseURL } = session();
    const other = await browser.newContext({ baseURL, locale: 'zh-CN' });
    try {
      // yuangong signs in from a browser of their own.
      const theirs = await other.newPage();
      await signIn(theirs, 'yuangong');
      const token = await theirs.evaluate(() => localStorage.getItem('Admin-Token') ?? '');
      const tokenId = sessionIdOf(token);

      await signIn(page, 'admin');
      await openMenu(page, '系统监控', '在线用户');
      const online = page.getByTestId('online-table');
      await page
        .locator('[data-view="/monitor/online"]')
        .getByPlaceholder('请输入用户名称')
        .fill('yuangong');
      await page.getByRole('button', { name: '搜索' }).click();
      const row = online.locator(`tr[data-row]:has([title="${tokenId}"])`);
      await row.waitFor();
      expect(await row.textContent()).toContain('yuangong');
      // The token itself is never shown.
      expect(await page.content()).not.toContain(token);
      await row.getByRole('button', { name: '强退' }).click();
      const confirm = page.getByTestId('confirm-dialog');
      await confirm.getByText('是否确认强退名称为"yuangong"的用户？').waitFor();
      await confirm.getByRole('button', { name: '确定' }).click();
      await page.getByTestId('toast-success').filter({ hasText: '强退成功' }).waitFor();
      await row.waitFor({ state: 'detached' });

      // Their next call is refused: the web sends them back to the login page.
      const refused = theirs.waitForResponse((r) => r.url().includes('/prod-api/getInfo'));
      await theirs.reload();
      expect((await refused).status()).toBe(401);
      await theirs.waitForURL(/\/login/);

      await openMenu(page, '系统管理', '日志管理', '登录日志');
      const view = page.locator('[data-view="/system/log/logininfor"]');
      await view.getByPlaceholder('请输入用户名称').fill('yuangong');
      await view.getByRole('button', { name: '搜索' }).click();
      // Wait for yuangong's own row: until the search answers, the list still shows everyone's.
      const signedIn = page
        .getByTestId('logininfor-table')
        .locator('tr[data-row]', { hasText: 'yuangong' })
        .filter({ hasText: '登录成功' })
        .first();
      await signedIn.waitFor();
      expect(await signedIn.textContent()).toContain('内网IP');

      // ... and the 强退 itself is in 操作日志.
      await openMenu(page, '系统管理', '日志管理', '操作日志');
      const forced = page
        .getByTestId('operlog-table')
        .locator('tr[data-row]', { hasText: '强退' })
        .first();
      await forced.waitFor();
      expect(await forced.textContent()).toContain('在线用户');
    } finally {
      await other.close();
    }
  });
});
