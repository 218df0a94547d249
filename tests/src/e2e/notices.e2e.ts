/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu, signIn } from '../support/shell.js';
import { rowAction } from '../support/row-actions.js';

/**
 * 通知公告 end to end: the administrator publishes a notice from 系统管理 > 通知公告, and an
 * employee who holds no notice permission sees it in the top bar's 通知公告 bell, opens it (its
 * formatted content, script stripped) and the bell's count drops by one.
 */
const TITLE = '端到端：周五下午消防演练';
const USER = 'yuangong';

/** What the server says the user's bell holds unread. */
async function unreadOf(baseURL: string, user: string): Promise<number> {
  const token = await apiToken(baseURL, user);
  const r = await api<{ code: number; unreadCount: number }>(
    baseURL,
    token,
    'GET',
    '/system/notice/listTop',
  );
  expect(r.code).toBe(200);
  return r.unreadCount;
}

/** Waits until the bell's badge reads `count` (no badge at 0). */
async function expectBadge(page: Page, count: number): Promise<void> {
  if (count === 0) await page.getByTestId('sys-notice-badge').waitFor({ state: 'detached' });
  else
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="sys-notice-badge"]')?.textContent === String(n),
      count,
    );
}

describe('通知公告 and its bell', () => {
  const session = useBrowser();

  it('admin publishes a notice; another user sees the bell count, opens it, and the count drops', async () => {
    const { page: admin, browser, baseURL } = session();
    await signIn(admin, 'admin');
    await openMenu(admin, '系统管理', '通知公告');
    const view = admin.locator('[data-view="/system/notice"]');
    await view.getByRole('button', { name: '新增' }).click();
    const form = admin.getByTestId('form-dialog');
    await form.getByLabel('公告标题').fill(TITLE);
    await form
      .getByLabel('内容')
      .fill('<p>请全体员工<strong>准时</strong>参加</p><script>window.hacked = 1</script>');
    await form.getByRole('button', { name: '确定' }).click();
    await form.waitFor({ state: 'detached' });
    const row = view.locator('tr', { hasText: TITLE });
    await row.waitFor();
    expect(await row.textContent()).toContain('正常');

    const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      const unread = await unreadOf(baseURL, USER);
      await signIn(page, USER);
      expect(unread).toBeGreaterThanOrEqual(1);
      await expectBadge(page, unread);

      await page.getByTestId('sys-notice-bell').click();
      const item = page.getByTestId('sys-notice-item').filter({ hasText: TITLE });
      expect(await item.getAttribute('data-read')).toBe('false');
      await item.click();
      const dialog = page.getByTestId('sys-notice-dialog');
      await dialog.getByText(TITLE).waitFor();
      const content = dialog.getByTestId('sys-notice-content');
      expect(await content.locator('strong').textContent()).toBe('准时');
      expect(await content.innerHTML()).not.toContain('script');
      expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
      await expectBadge(page, unread - 1);

      // The server keeps it.
      expect(await unreadOf(baseURL, USER)).toBe(unread - 1);

      // The administrator sees who read it, and when, from the row's 已读用户.
      expect(await view.getByRole('columnheader', { name: '公告编号' }).count()).toBe(1);
      await rowAction(row, '已读用户');
      const readers = admin.getByTestId('notice-readers');
      const reader = readers.locator('tr', { hasText: USER });
      await reader.waitFor();
      expect(await reader.textContent()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

      // Reading is no administrative change: 操作日志 holds none of it.
      const logged = await api<{ rows: { method: string }[] }>(
        baseURL,
        await apiToken(baseURL, 'admin'),
        'GET',
        `/monitor/operlog/list?operName=${USER}&title=${encodeURIComponent('通知公告')}`,
      );
      expect(logged.rows.filter((r) => r.method.includes('markRead'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
