/// <reference lib="dom" />
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { openMenu, signIn } from '../support/shell.js';

describe('服务监控', () => {
  const session = useBrowser();

  it('shows the server, the database and the print service in cards from the menu', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await openMenu(page, '系统监控', '服务监控');
    const view = page.locator('[data-view="/monitor/server"]');
    await view.getByRole('heading', { name: '数据库' }).waitFor();
    for (const title of ['CPU', '内存', 'Node.js 进程', '服务器信息', '打印服务', '磁盘状态'])
      expect(await view.getByRole('heading', { name: title }).count()).toBe(1);
    // Real figures from the running server: its Node version and a database that has a size.
    expect(await view.textContent()).toContain(process.version.split('.')[0]!);
    expect(await view.textContent()).toMatch(/数据库大小\s*[\d.]+ (GB|MB|KB)/);
    const memory = view.getByRole('progressbar', { name: '内存使用率', exact: true });
    expect(Number(await memory.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    expect(['正常', '异常']).toContain(await view.getByTestId('print-state').textContent());
  });
});
