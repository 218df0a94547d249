/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, settleOnLogin, signIn } from '../support/shell.js';

describe('sign-in, guard and sign-out', () => {
  const session = useBrowser();

  it('sends a visitor without a token to /login, remembering where they were going', async () => {
    const { page } = session();
    await page.goto('/system/user');
    await page.waitForURL(/\/login\?redirect=%2Fsystem%2Fuser/);
    await settleOnLogin(page);
    await page.getByRole('heading', { name: '账号登录' }).waitFor();
  });

  it('shows the server message for a wrong password and stays on the login page', async () => {
    const { page } = session();
    await page.goto('/login');
    await page.locator('#login-username').fill('admin');
    await page.locator('#login-password').fill('not-the-password');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect((await error.textContent())?.length).toBeGreaterThan(0);
    expect(page.url()).toContain('/login');
  });

  it('requires the user name and the password', async () => {
    const { page } = session();
    await page.goto('/login');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByText('请输入您的账号').waitFor();
    await page.getByText('请输入您的密码').waitFor();
  });

  it('signs in to the welcome page with the name and role in the user menu', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    expect(await page.getByTestId('user-label').textContent()).toBe('系统管理员【超级管理员】');
    await page.locator('[data-tab="欢迎"]').waitFor();
  });

  it('signs in with the chosen role and returns to the remembered page', async () => {
    const { page } = session();
    await page.goto('/user/profile');
    await page.waitForURL(/\/login\?redirect=/);
    await settleOnLogin(page);
    await page.locator('#login-username').fill('xmjl');
    await page.locator('#login-password').fill('admin123');
    await page.locator('#login-role').selectOption({ label: '设计主持' });
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL('**/user/profile');
    await page.getByTestId('user-label').waitFor();
    expect(await page.getByTestId('user-label').textContent()).toBe('李项目【设计主持】');
  });

  it('sends a signed-in user away from /login and unknown paths to /404', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await page.goto('/login');
    await page.waitForURL('**/welcome/welcome');
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await page.getByText('找不到网页！').waitFor();
  });

  it('asks before signing out; cancel stays, confirm ends the session', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('确定注销并退出系统吗？').waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
    expect(page.url()).toContain('/welcome/welcome');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
    await settleOnLogin(page);
    expect(await page.evaluate(() => localStorage.getItem('Admin-Token'))).toBeNull();
    await page.goto('/welcome/welcome');
    await page.waitForURL(/\/login/);
  });

  it('logs out with the route-load message when the routes cannot be loaded', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await page.route('**/prod-api/getRouters', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":500,"msg":"服务器错误"}',
      }),
    );
    await page.reload();
    await page.getByText('获取路由信息失败，请重新登录').waitFor();
    await page.waitForURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('Admin-Token'))).toBeNull();
  });

  it('asks for the captcha when the institute switches it on', async () => {
    const { page, baseURL } = session();
    const token = await apiToken(baseURL);
    const list = await api<{
      rows: { configId: number; configKey: string; configName: string; configValue: string }[];
    }>(baseURL, token, 'GET', '/system/config/list?configKey=sys.account.captchaEnabled');
    const config = list.rows.find((c) => c.configKey === 'sys.account.captchaEnabled');
    const set = (value: string) =>
      config
        ? api(baseURL, token, 'PUT', '/system/config', { ...config, configValue: value })
        : api(baseURL, token, 'POST', '/system/config', {
            configName: '验证码开关',
            configKey: 'sys.account.captchaEnabled',
            configValue: value,
            configType: 'Y',
          });
    await set('true');
    try {
      await page.goto('/login');
      await page.getByAltText('验证码').waitFor();
      await page.locator('#login-username').fill('admin');
      await page.locator('#login-password').fill('admin123');
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.getByText('请输入验证码').waitFor();
      await page.locator('#login-code').fill('0000');
      await page.getByRole('button', { name: /登\s*录/ }).click();
      // The server's refusal of the captcha shows beside its box.
      await page
        .locator('#login-code-error')
        .getByText(/验证码错误|验证码已失效/)
        .waitFor();
      expect(page.url()).toContain('/login');
      expect(await page.locator('#login-code').inputValue()).toBe('');
    } finally {
      await set('false');
    }
  });
});
