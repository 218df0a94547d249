/// <reference lib="dom" />
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu, signIn } from '../support/shell.js';
import { actionsNamed } from '../support/row-actions.js';

/**
 * A role without a permission never sees the button that needs it, and a sign-in makes no call
 * its role may not make: every answer the page receives, from the login form to the first page
 * settled, is recorded, and none may be a 403.
 */

/** Records every API answer refused with 403 from now on. */
function refusedCalls(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (r: Response) => {
    if (r.status() === 403 && r.url().includes('/prod-api/'))
      refused.push(
        `${r.request().method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`,
      );
  });
  return refused;
}

/** Signs in with the urgent-task dialog kept shut, and waits until the first page is quiet. */
async function signInQuietly(page: Page, user: string): Promise<void> {
  await page.goto('/login');
  await page.evaluate(() => sessionStorage.setItem('hideNotify', 'true'));
  await signIn(page, user);
  await page.waitForLoadState('networkidle');
}

describe('offered actions in the browser', () => {
  const session = useBrowser();

  it('经营部负责人 signs in without a refused call and is offered no user status toggle', async () => {
    const { page } = session();
    const refused = refusedCalls(page);
    await signInQuietly(page, 'jingying');
    expect(refused).toEqual([]);

    // 用户管理 is the one page of 系统管理 this role sees, so the sidebar shows it as one link.
    await page.getByTestId('sidebar').getByRole('link', { name: '用户管理' }).click();
    // The list shows (system:user:list), with the users' status, but nothing to change.
    const yuangong = page.getByRole('row').filter({ hasText: '施设计' });
    await yuangong.waitFor();
    await expect(yuangong.getByText('正常').count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: /^切换 .* 状态$/ }).count()).resolves.toBe(0);
    await expect(actionsNamed(page.locator('body'), '修改').count()).resolves.toBe(0);
    await expect(actionsNamed(page.locator('body'), '删除').count()).resolves.toBe(0);
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
  });

  it('the project manager is not offered 部门确认 on a task waiting for the department', async () => {
    const { page, baseURL } = session();
    // There is such a task in the project manager's list: the check below is not vacuous.
    const token = await apiToken(baseURL, 'xmjl');
    const waiting = await api<{ rows: { taskNo: string }[] }>(
      baseURL,
      token,
      'GET',
      '/v4/design-task/list?status=2&pageSize=100',
    );
    expect(waiting.rows.length).toBeGreaterThan(0);

    const refused = refusedCalls(page);
    await signInQuietly(page, 'xmjl');
    expect(refused).toEqual([]);
    await openMenu(page, '项目管理', '设计任务');
    const first = waiting.rows[0]!.taskNo;
    await page.getByRole('cell', { name: first, exact: true }).first().waitFor();
    for (const { taskNo } of waiting.rows)
      await expect(page.getByTestId(`confirm-${taskNo}`).count()).resolves.toBe(0);
    await expect(actionsNamed(page.locator('body'), '部门确认').count()).resolves.toBe(0);
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
  });

  it('finance is not offered 删除, 修改 or 送审 on an approved fund plan', async () => {
    const { page } = session();
    const refused = refusedCalls(page);
    await signInQuietly(page, 'caiwu');
    expect(refused).toEqual([]);
    await openMenu(page, '资金管理', '资金计划');
    const approved = page.getByTestId('fund-plan-table').getByRole('row').filter({
      hasText: '已通过',
    });
    await approved.first().waitFor();
    const rows = await approved.count();
    expect(rows).toBeGreaterThan(0);
    for (let i = 0; i < rows; i++) {
      const row = approved.nth(i);
      for (const label of ['删除', '修改', '送审'])
        await expect(actionsNamed(row, label).count()).resolves.toBe(0);
    }
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
  });
});
