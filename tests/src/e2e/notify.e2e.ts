/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { signIn } from '../support/shell.js';

/**
 * getNotify answers as the approval issue will seed them. Until the server serves the call the
 * test answers it in the browser; the shell's behaviour under test is the same.
 */
async function answerNotify(
  page: Page,
  data: {
    unDealCount: number;
    unLookSeal: boolean;
    warnTaskList: { taskNo: string; planFinishDate: string }[];
  },
) {
  let calls = 0;
  await page.route('**/prod-api/project/approval/getNotify**', (route) => {
    calls++;
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      json: { code: 200, msg: '操作成功', data },
    });
  });
  return () => calls;
}

const TASKS = Array.from({ length: 14 }, (_, i) => ({
  taskNo: `RW-2024-${String(i + 1).padStart(3, '0')}`,
  planFinishDate: `2024-06-${String(i + 1).padStart(2, '0')}`,
}));

describe('notifications', () => {
  const session = useBrowser();

  it('shows the Approval badge capped at 99+ and the Project seal dot', async () => {
    const { page } = session();
    await answerNotify(page, { unDealCount: 120, unLookSeal: true, warnTaskList: [] });
    await signIn(page, 'admin');
    const badge = page.locator('[data-menu="审批管理"] [data-testid="approval-badge"]');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('99+');
    await expect(
      page.locator('[data-menu="项目管理"] [data-testid="seal-dot"]').first().isVisible(),
    ).resolves.toBe(true);
  });

  it('hides the badge at 0 and shows the count below the cap', async () => {
    const { page } = session();
    await answerNotify(page, { unDealCount: 0, unLookSeal: false, warnTaskList: [] });
    await signIn(page, 'admin');
    await page.waitForTimeout(500);
    expect(await page.getByTestId('approval-badge').count()).toBe(0);
    expect(await page.getByTestId('seal-dot').count()).toBe(0);
  });

  it('opens the urgent-task dialog, which neither Esc nor an outside click closes', async () => {
    const { page } = session();
    await answerNotify(page, { unDealCount: 3, unLookSeal: false, warnTaskList: TASKS });
    await signIn(page, 'admin');
    const dialog = page.getByTestId('urgent-dialog');
    await dialog.waitFor();
    await expect(dialog.getByText('您有以下任务单急需处理').isVisible()).resolves.toBe(true);
    await expect(dialog.getByText('RW-2024-001').isVisible()).resolves.toBe(true);
    await expect(dialog.getByText('2024-06-01').isVisible()).resolves.toBe(true);
    const list = page.getByTestId('urgent-list');
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('300px');
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(await dialog.getByRole('button', { name: /确定|取消/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(10, 700);
    await expect(dialog.isVisible()).resolves.toBe(true);
  });

  it('closing sets hideNotify for the session; the icon reopens the dialog', async () => {
    const { page } = session();
    await answerNotify(page, {
      unDealCount: 3,
      unLookSeal: false,
      warnTaskList: TASKS.slice(0, 2),
    });
    await signIn(page, 'admin');
    const dialog = page.getByTestId('urgent-dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => sessionStorage.getItem('hideNotify'))).toBe('true');
    await page.reload();
    await page.getByTestId('urgent-icon').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('urgent-dialog').count()).toBe(0);
    await page.getByTestId('urgent-icon').click();
    await page.getByTestId('urgent-dialog').waitFor();
  });

  it('hides the floating icon without warning tasks', async () => {
    const { page } = session();
    const calls = await answerNotify(page, { unDealCount: 1, unLookSeal: false, warnTaskList: [] });
    await signIn(page, 'admin');
    await page.waitForTimeout(500);
    expect(calls()).toBeGreaterThan(0);
    expect(await page.getByTestId('urgent-icon').count()).toBe(0);
  });
});
