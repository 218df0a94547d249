/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { settleOnLogin, signIn } from '../support/shell.js';

async function openSwitchRole(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '切换角色' }).click();
}

describe('switching role', () => {
  const session = useBrowser();
  // The demo design tasks open the urgent-task dialog for several users; these tests are about
  // something else, so the dialog is marked closed for the session, as a user closing it would.
  beforeEach(async () => {
    await session().page.addInitScript(() => sessionStorage.setItem('hideNotify', 'true'));
  });

  it('tells a user with one role there is nothing to switch to', async () => {
    const { page } = session();
    await signIn(page, 'sjzc');
    await openSwitchRole(page);
    await page.getByText('您没有可切换的角色').waitFor();
    expect(await page.getByTestId('switch-role-dialog').count()).toBe(0);
  });

  it('shows the current role, disables it, validates, and ignores clicks outside', async () => {
    const { page } = session();
    await signIn(page, 'xmjl', '项目经理');
    await openSwitchRole(page);
    const dialog = page.getByTestId('switch-role-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('current-role').textContent()).toBe('项目经理');
    const box = await dialog.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(450);
    expect(await dialog.locator('option', { hasText: '项目经理' }).isDisabled()).toBe(true);
    expect(await dialog.locator('option', { hasText: '设计主持' }).isDisabled()).toBe(false);
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('请选择角色', { exact: true }).last().waitFor();
    await dialog.getByText('请输入密码').waitFor();
    await page.mouse.click(5, 5);
    await dialog.waitFor();
  });

  it('switches to another held role with the password and reloads the root', async () => {
    const { page } = session();
    await signIn(page, 'xmjl', '项目经理');
    await openSwitchRole(page);
    const dialog = page.getByTestId('switch-role-dialog');
    await dialog.getByLabel('切换角色').selectOption({ label: '设计主持' });
    await dialog.getByLabel('密码').fill('admin123');
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.waitForURL('**/welcome/welcome');
    await page.getByText('李项目【设计主持】').waitFor();
  });

  it('on a refused switch asks to sign in again and logs out on confirm', async () => {
    const { page } = session();
    await signIn(page, 'xmjl', '项目经理');
    await openSwitchRole(page);
    const dialog = page.getByTestId('switch-role-dialog');
    await dialog.getByLabel('切换角色').selectOption({ label: '设计主持' });
    await dialog.getByLabel('密码').fill('wrong-password');
    await dialog.getByRole('button', { name: '确定' }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByText('切换角色失败，请返回登录页重新登录').waitFor();
    await confirm.getByRole('button', { name: '确定' }).click();
    await settleOnLogin(page);
    expect(await page.evaluate(() => localStorage.getItem('Admin-Token'))).toBeNull();
  });
});
