/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import { afterEach, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu, signIn } from '../support/shell.js';
import { rowAction } from '../support/row-actions.js';

interface JobRow {
  jobId: number;
  jobName: string;
  cronExpression: string;
}

describe('菜单管理 and 定时任务', () => {
  const session = useBrowser();
  /** A job's cron a test changes, put back through the API whether or not the test got through. */
  let changedCron: { jobId: number; cronExpression: string } | undefined;
  afterEach(async () => {
    if (!changedCron) return;
    const { baseURL } = session();
    const saved = changedCron;
    changedCron = undefined;
    const answer = await api<{ code: number; msg?: string }>(
      baseURL,
      await apiToken(baseURL),
      'PUT',
      '/monitor/job',
      saved,
    );
    expect(answer.code, answer.msg).toBe(200);
  });

  it('adds a directory and a page under it, which the sidebar then shows; deletes them', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await openMenu(page, '系统管理', '菜单管理');
    const view = page.locator('[data-view="/system/menu"]');
    await view.locator('tr[data-row]', { hasText: '系统管理' }).first().waitFor();
    const form = page.getByTestId('form-dialog');

    // A directory, with an icon from the sidebar's set.
    await view.getByRole('button', { name: '新增', exact: true }).first().click();
    await form.getByLabel('菜单名称').fill('端到端目录');
    await form.getByLabel('路由地址').fill('e2edir');
    await form.getByRole('radio', { name: 'flow' }).click();
    await form.getByLabel('显示排序').fill('90');
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByTestId('toast-success').filter({ hasText: '操作成功' }).first().waitFor();

    // A page under it, from its row's 新增.
    await view.getByPlaceholder('请输入菜单名称').fill('端到端');
    await view.getByRole('button', { name: '搜索' }).click();
    const dirRow = view.locator('tr[data-row]', { hasText: '端到端目录' });
    await rowAction(dirRow, '新增');
    expect(await form.getByRole('radio', { name: '菜单', exact: true }).isChecked()).toBe(true);
    await form.getByLabel('菜单名称').fill('端到端页面');
    await form.getByLabel('路由地址').fill('e2epage');
    await form.getByLabel('组件路径').fill('system/config/index');
    await form.getByLabel('权限字符').fill('system:config:list');
    await form.getByLabel('路由名称').fill('E2ePage');
    await form.getByRole('button', { name: '确定' }).click();
    await form.waitFor({ state: 'detached' });
    await view.getByRole('button', { name: '展开端到端目录' }).click();
    const pageRow = view.locator('tr[data-row]', { hasText: '端到端页面' });
    await pageRow.waitFor();
    expect(await pageRow.textContent()).toContain('system/config/index');

    // The sidebar reads the menus at sign-in: after a reload it shows the new page (a directory
    // with one page shows as that page's link).
    await page.reload();
    await openMenu(page, '端到端页面');
    await page.waitForURL('**/e2edir/e2epage');
    await page.locator('[data-view="/e2edir/e2epage"]').getByText('参数名称').first().waitFor();

    // A directory with a page under it is not deleted; the page, then the directory, are.
    await openMenu(page, '系统管理', '菜单管理');
    await view.getByPlaceholder('请输入菜单名称').fill('端到端');
    await view.getByRole('button', { name: '搜索' }).click();
    await rowAction(dirRow, '删除');
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
    await page.getByTestId('toast-error').filter({ hasText: '存在子菜单，不允许删除' }).waitFor();
    await view.getByRole('button', { name: '展开端到端目录' }).click();
    await rowAction(pageRow, '删除');
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
    await pageRow.waitFor({ state: 'detached' });
    await rowAction(dirRow, '删除');
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
    await dirRow.waitFor({ state: 'detached' });
  });

  it('runs a job once and opens its log', async () => {
    const { page, baseURL } = session();
    const listed = await api<{ rows: JobRow[] }>(
      baseURL,
      await apiToken(baseURL),
      'GET',
      `/monitor/job/list?jobName=${encodeURIComponent('清理过期调度日志')}`,
    );
    const job = listed.rows.find((j) => j.jobName === '清理过期调度日志');
    expect(job).toBeDefined();
    changedCron = { jobId: job!.jobId, cronExpression: job!.cronExpression };
    await signIn(page, 'admin');
    await openMenu(page, '系统监控', '定时任务');
    const view = page.locator('[data-view="/monitor/job"]');
    const row = view.locator('tr[data-row]', { hasText: '清理未完成的上传' });
    await row.waitFor();
    expect(await row.textContent()).toContain('每 10 分钟（服务启动时执行一次）');
    await rowAction(row, '执行一次');
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
    await page.getByTestId('toast-success').filter({ hasText: '执行成功' }).waitFor();
    await rowAction(row, '调度日志');
    await page.waitForURL(/\/job\/log\?jobName=/);
    const table = page.getByTestId('job-log-table');
    await table.locator('tr[data-row]', { hasText: '清理未完成的上传' }).first().waitFor();
    const names = await table
      .locator('tr[data-row]')
      .evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
    expect(names.every((t) => t.includes('清理未完成的上传'))).toBe(true);
  });

  it('changes a job’s cron: explained as it is typed, refused while invalid, listed once saved', async () => {
    const { page, baseURL } = session();
    const listed = await api<{ rows: JobRow[] }>(
      baseURL,
      await apiToken(baseURL),
      'GET',
      `/monitor/job/list?jobName=${encodeURIComponent('清理过期调度日志')}`,
    );
    const job = listed.rows.find((j) => j.jobName === '清理过期调度日志');
    expect(job).toBeDefined();
    changedCron = { jobId: job!.jobId, cronExpression: job!.cronExpression };
    await signIn(page, 'admin');
    await openMenu(page, '系统监控', '定时任务');
    const view = page.locator('[data-view="/monitor/job"]');
    const row = view.locator('tr[data-row]', { hasText: '清理过期调度日志' });
    await row.waitFor();
    expect(await row.textContent()).toContain('每天 03:30（服务启动时执行一次）');
    const edit = async (cron: string) => {
      await row.getByRole('button', { name: '修改' }).click();
      const dialog = page.getByTestId('job-cron-dialog');
      const input = dialog.getByRole('textbox', { name: 'cron 表达式' });
      await input.fill(cron);
      return dialog;
    };
    // A second other than 0 is refused by the server's check, and 确定 stays off.
    let dialog = await edit('30 0 4 ? * MON-FRI');
    await dialog.getByText(/秒字段“30”只能为 0/).waitFor();
    expect(await dialog.getByRole('button', { name: '确定' }).isDisabled()).toBe(true);
    // RuoYi's Quartz form, explained with its next runs before it is saved.
    await dialog.getByRole('textbox', { name: 'cron 表达式' }).fill('0 0 4 ? * MON-FRI');
    const explanation = dialog.getByTestId('cron-explanation');
    await explanation.getByText('每周一至周五 04:00').waitFor();
    expect(await explanation.locator('li').count()).toBe(5);
    expect(await explanation.locator('li').first().textContent()).toMatch(/ 04:00$/);
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.getByTestId('toast-success').filter({ hasText: '修改成功' }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('每周一至周五 04:00（服务启动时执行一次）').waitFor();
    expect(await row.textContent()).toContain('0 0 4 ? * 2-6');
    // Back to the job's own cron (afterEach puts it back through the API should a step fail).
    dialog = await edit('30 3 * * *');
    await dialog.getByTestId('cron-explanation').getByText('每天 03:30').waitFor();
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('每天 03:30（服务启动时执行一次）').waitFor();
  });
});
