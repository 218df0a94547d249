/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { openMenu, settleOnLogin, signIn, trackRequests } from '../support/shell.js';

describe('the error catalogue in the browser', () => {
  const session = useBrowser();

  /**
   * Signs in as admin, then ends the session on the server behind the page's back, only once the
   * welcome page's own loads have finished (one of them would otherwise meet the 401 first).
   */
  const signInThenEndSession = async (page: Page) => {
    const requests = trackRequests(page);
    await signIn(page, 'admin');
    await requests.settled();
    const token = await page.evaluate(() => localStorage.getItem('Admin-Token'));
    await fetch(`${session().baseURL}/prod-api/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
  };

  it('a 401 mid-session asks once to sign in again; 重新登录 goes to the login page', async () => {
    const { page } = session();
    await signInThenEndSession(page);
    await openMenu(page, '系统管理', '用户管理');
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByText('登录状态已过期，您可以继续留在该页面，或者重新登录').waitFor();
    await confirm.getByText('系统提示').waitFor();
    expect(await confirm.count()).toBe(1);
    await confirm.getByRole('button', { name: '重新登录' }).click();
    await settleOnLogin(page);
  });

  it('取消 on the 401 confirm stays on the page', async () => {
    const { page } = session();
    await signInThenEndSession(page);
    await openMenu(page, '系统管理', '部门管理');
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByRole('button', { name: '取消' }).click();
    await page.waitForTimeout(300);
    expect(page.url()).toContain('/system/dept');
  });

  it('a transport failure shows 后端接口连接异常 for 5 s and then signs out', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await page.route('**/prod-api/system/config/list**', (route) => route.abort('failed'));
    await openMenu(page, '系统管理', '参数设置');
    const toast = page.getByTestId('toast-error').filter({ hasText: '后端接口连接异常' });
    await toast.waitFor();
    await page.waitForTimeout(3000);
    expect(page.url()).toContain('/system/config');
    await settleOnLogin(page);
  });

  it('a failing status shows 系统接口NNN异常', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await page.route('**/prod-api/system/dict/type/list**', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad Gateway</html>' }),
    );
    await openMenu(page, '系统管理', '字典管理');
    await page.getByTestId('toast-error').filter({ hasText: '系统接口502异常' }).waitFor();
  });
});
