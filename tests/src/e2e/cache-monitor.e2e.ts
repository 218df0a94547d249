/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { openMenu, signIn } from '../support/shell.js';

describe('缓存监控 and 缓存列表', () => {
  const session = useBrowser();

  it('lists the caches, shows a session entry, and clears a cache name after asking', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await openMenu(page, '系统监控', '缓存列表');
    const view = page.locator('[data-view="/monitor/cacheList"]');
    const names = view.getByTestId('cache-names');
    const sessions = names.getByRole('row').filter({ hasText: '用户信息' });
    await sessions.waitFor();
    // At 1366×768 each cache keeps to one line: the rows stand equally high, no cell cut short.
    const rows = await names.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({
        height: Math.round(tr.getBoundingClientRect().height),
        cut: [...tr.children].some((td) => td.scrollWidth > td.clientWidth),
      })),
    );
    expect(new Set(rows.map((r) => r.height)).size).toBe(1);
    expect(rows.filter((r) => r.cut)).toEqual([]);
    await sessions.getByRole('button', { name: 'login_tokens' }).click();
    const keys = view.getByTestId('cache-keys');
    const first = keys.getByRole('button').first();
    // The shared server holds other specs' sessions too: whichever comes first, its entry names
    // its session and user, never its token.
    const key = ((await first.textContent()) ?? '').trim();
    const sessionId = key.slice(key.indexOf(':') + 1);
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await first.click();
    await expect
      .poll(() => view.getByTestId('cache-value').textContent())
      .toContain(`"tokenId": "${sessionId}"`);
    expect(await view.getByTestId('cache-value').textContent()).toMatch(/"userName": "\w+"/);
    expect(await view.getByTestId('cache-value').textContent()).not.toMatch(/eyJ[\w-]+\./);

    await sessions.getByRole('button', { name: '清理' }).click();
    const dialog = page.getByTestId('confirm-dialog');
    await dialog.getByText('不会使用户退出', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.getByText('清理缓存名称[login_tokens:]成功').waitFor();
    // Still signed in: the lists reload, and the session is read back from the database.
    await expect.poll(() => keys.getByRole('button').count()).toBeGreaterThan(0);

    await openMenu(page, '系统监控', '缓存监控');
    const monitor = page.locator('[data-view="/monitor/cache"]');
    const stats = monitor.getByTestId('cache-stats');
    await stats.getByText('login_tokens').waitFor();
    expect(await monitor.getByTestId('cache-serving').textContent()).toBe('正常');
  });
});
