/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { openMenu, signIn } from '../support/shell.js';

describe('admin screens and the personal centre', () => {
  const session = useBrowser();

  it('adds a configuration entry, finds it and deletes it after the confirm', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await openMenu(page, '系统管理', '参数设置');
    const view = page.locator('[data-view="/system/config"]');
    await view.locator('tr[data-row]').first().waitFor();
    await view.getByRole('button', { name: '新增' }).click();
    const form = page.getByTestId('form-dialog');
    await form.getByRole('button', { name: '确定' }).click();
    await form.getByText('参数名称不能为空').waitFor();
    const key = `e2e.key.${Date.now()}`;
    await form.getByLabel('参数名称').fill('端到端测试参数');
    await form.getByLabel('参数键名').fill(key);
    await form.getByLabel('参数键值').fill('值');
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByTestId('toast-success').filter({ hasText: '操作成功' }).waitFor();
    await view.getByPlaceholder('请输入参数键名').fill(key);
    await view.getByRole('button', { name: '搜索' }).click();
    const row = view.locator('tr[data-row]', { hasText: key });
    await row.waitFor();
    await row.getByRole('button', { name: '删除' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
    await page.getByTestId('toast-success').filter({ hasText: '删除成功' }).waitFor();
    await row.waitFor({ state: 'detached' });
  });

  it('lists the department tree and opens dictionary data from a dictionary type', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await openMenu(page, '系统管理', '部门管理');
    await page
      .locator('[data-view="/system/dept"] tr[data-row]', { hasText: '建筑一所' })
      .waitFor();
    await openMenu(page, '系统管理', '字典管理');
    const link = page.locator('[data-view="/system/dict"] tr[data-row] a').first();
    const dictType = (await link.textContent()) ?? '';
    await link.click();
    await page.waitForURL(/\/dict\/type\/data\/\d+$/);
    await page
      .getByRole('heading', {
        name: new RegExp(`字典数据.*${dictType.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      })
      .waitFor();
    expect(await page.getByTestId('breadcrumbs').textContent()).toContain('字典数据');
  });

  it('checks the new password twice in the personal centre', async () => {
    const { page } = session();
    await signIn(page, 'yuangong');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '个人中心' }).click();
    await page.waitForURL('**/user/profile');
    await page.getByText('所属部门').waitFor();
    await page.getByRole('tab', { name: '修改密码' }).click();
    await page.getByLabel('旧密码').fill('admin123');
    await page.getByLabel('新密码').fill('newpass123');
    await page.getByLabel('确认密码').fill('different');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('两次输入的密码不一致').waitFor();
  });

  it('shows the scheduling log of the server’s own runs, filtered by status', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await page.goto('/job/log');
    const table = page.getByTestId('job-log-table');
    await table.locator('tr[data-row]', { hasText: '数据库迁移与初始化' }).waitFor();
    const sweep = table.locator('tr[data-row]', { hasText: '清理未完成的上传' }).first();
    await sweep.waitFor();
    expect(await sweep.textContent()).toMatch(/清理 \d+ 个未完成的上传/);
    expect(await sweep.textContent()).toContain('系统');
    await page.getByLabel('执行状态').selectOption({ label: '失败' });
    await page.getByRole('button', { name: '搜索' }).click();
    await table.getByText('暂无数据').waitFor();
    expect(await table.locator('tr[data-row]').count()).toBe(0);
  });

  it('has the 401 page and refuses a dictionary id that is not digits', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await page.goto('/dict/type/data/abc');
    await page.waitForURL('**/404');
    await page.goto('/401');
    await page.getByText('您没有访问权限！').waitFor();
  });
});
