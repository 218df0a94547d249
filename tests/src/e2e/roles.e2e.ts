/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { openMenu, signIn } from '../support/shell.js';
import { rowAction } from '../support/row-actions.js';

describe('角色管理 and 岗位管理', () => {
  const session = useBrowser();

  it('adds a role with a menu grant, gives it to a user and takes it away', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await openMenu(page, '系统管理', '角色管理');
    const view = page.locator('[data-view="/system/role"]');
    await view.locator('tr[data-row]', { hasText: '超级管理员' }).waitFor();

    const name = `端到端角色${Date.now() % 100000}`;
    await view.getByRole('button', { name: '新增' }).click();
    const form = page.getByTestId('form-dialog');
    await form.getByLabel('角色名称').fill(name);
    await form.getByLabel('权限字符').fill(`e2e_${Date.now() % 100000}`);
    const tree = form.getByTestId('menu-grant-tree');
    await tree.getByLabel('岗位管理', { exact: true }).check();
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByTestId('toast-success').filter({ hasText: '新增成功' }).waitFor();

    await view.getByPlaceholder('请输入角色名称').fill(name);
    await view.getByRole('button', { name: '搜索' }).click();
    const row = view.locator('tr[data-row]', { hasText: name });
    await row.waitFor();

    // The grant reads back: the page checked, its directory half-checked.
    await row.getByRole('button', { name: '修改' }).click();
    const again = page.getByTestId('menu-grant-tree');
    await again.getByLabel('岗位管理', { exact: true }).waitFor();
    expect(await again.getByLabel('岗位管理', { exact: true }).isChecked()).toBe(true);
    expect(
      await again
        .getByLabel('系统管理', { exact: true })
        .evaluate((el) => (el as HTMLInputElement).indeterminate),
    ).toBe(true);
    await page.getByTestId('form-dialog').getByRole('button', { name: '取消' }).click();

    await rowAction(row, '分配用户');
    const users = page.getByTestId('auth-user-dialog');
    await users.getByRole('button', { name: '添加用户' }).click();
    const picker = page.getByTestId('pick-users-dialog');
    await picker.getByLabel('用户名称').fill('jingying');
    await picker.getByRole('button', { name: '搜索' }).click();
    await picker.getByLabel('选择 王经营').check();
    await picker.getByRole('button', { name: '确定' }).click();
    await page.getByTestId('toast-success').filter({ hasText: '授权成功' }).waitFor();
    const holder = users.locator('tr[data-row]', { hasText: 'jingying' });
    await holder.waitFor();

    // Held, the role cannot be deleted: the server says so, and the row stays.
    await users.getByRole('button', { name: '关闭' }).first().click();
    await rowAction(row, '删除');
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
    await page.getByText(`${name}已分配,不能删除`).first().waitFor();

    await rowAction(row, '分配用户');
    await holder.getByRole('button', { name: '取消授权' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
    await page.getByTestId('toast-success').filter({ hasText: '取消授权成功' }).waitFor();
    await holder.waitFor({ state: 'detached' });
    await users.getByRole('button', { name: '关闭' }).first().click();

    await rowAction(row, '删除');
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
    await page.getByTestId('toast-success').filter({ hasText: '删除成功' }).waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it('adds a post, finds it by its code and deletes it', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await openMenu(page, '系统管理', '岗位管理');
    const view = page.locator('[data-view="/system/post"]');
    await view.locator('tr[data-row]').first().waitFor();
    const code = `e2e${Date.now() % 100000}`;
    await view.getByRole('button', { name: '新增' }).click();
    const form = page.getByTestId('form-dialog');
    await form.getByLabel('岗位名称').fill(`端到端岗位${code}`);
    await form.getByLabel('岗位编码').fill(code);
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByTestId('toast-success').filter({ hasText: '新增成功' }).waitFor();
    await view.getByPlaceholder('请输入岗位编码').fill(code);
    await view.getByRole('button', { name: '搜索' }).click();
    const row = view.locator('tr[data-row]', { hasText: code });
    await row.waitFor();
    await rowAction(row, '删除');
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
    await page.getByTestId('toast-success').filter({ hasText: '删除成功' }).waitFor();
    await row.waitFor({ state: 'detached' });
  });
});
