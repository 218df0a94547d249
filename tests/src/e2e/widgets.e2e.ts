/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu, signIn } from '../support/shell.js';

describe('shared widgets on real pages', () => {
  const session = useBrowser();

  // Seeding 1000 rows through the API takes a while on a busy machine.
  it('renders a page of 1000 rows, scrolls to the last one and sums a column', async () => {
    const { page, baseURL } = session();
    const token = await apiToken(baseURL);
    const dictType = `e2e_rows_${Date.now()}`;
    const created = await api<{ code: number; msg: string }>(
      baseURL,
      token,
      'POST',
      '/system/dict/type',
      { dictName: '千行测试', dictType, status: '0' },
    );
    expect(created.code).toBe(200);
    const types = await api<{ rows: { dictId: number; dictType: string }[] }>(
      baseURL,
      token,
      'GET',
      `/system/dict/type/list?dictType=${dictType}`,
    );
    const dictId = types.rows.find((t) => t.dictType === dictType)?.dictId;
    expect(dictId).toBeDefined();
    for (let start = 0; start < 1000; start += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, k) => start + k + 1).map((i) =>
          api(baseURL, token, 'POST', '/system/dict/data', {
            dictType,
            dictLabel: `标签${i}`,
            dictValue: `v${i}`,
            dictSort: i,
            status: '0',
          }),
        ),
      );
    }
    await signIn(page, 'admin');
    await page.goto(`/dict/type/data/${dictId}`);
    const table = page.getByTestId('dict-data-table');
    await table.locator('tr[data-row]').first().waitFor();
    await table.getByLabel('每页条数').selectOption('1000');
    await table.getByText('共 1000 条').waitFor();
    // Row 21 exists only once the 1000-row page has arrived (the 20-row page ends at 20).
    await table.locator('tr[data-row]', { hasText: '标签21' }).first().waitFor();
    expect(await table.locator('tr[data-row]').count()).toBeLessThan(200);
    await table
      .locator('.overflow-auto')
      .first()
      .evaluate((el) => (el.scrollTop = el.scrollHeight));
    await table.locator('tr[data-row]', { hasText: '标签1000' }).waitFor();
    const sum = await table.getByTestId('sum-row').locator('td').allTextContents();
    expect(sum[0]).toBe('合计');
    expect(sum).toContain(String((1000 * 1001) / 2));
  }, 240_000);

  it('searches users with the autocomplete and says 未找到匹配项 when nothing matches', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await openMenu(page, '系统管理', '用户管理');
    const input = page.getByLabel('用户名称').first();
    await input.fill('xmjl');
    await page.getByRole('option', { name: 'xmjl2' }).waitFor();
    await input.fill('zzz-nobody');
    await page.getByText('未找到匹配项').waitFor();
  });

  it('hides a column through the column dialog', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await openMenu(page, '系统管理', '用户管理');
    const view = page.locator('[data-view="/system/user"]');
    await view.locator('tr[data-row]').first().waitFor();
    expect(await view.locator('th', { hasText: '手机号码' }).count()).toBe(1);
    await view.getByRole('button', { name: '显示列' }).click();
    const dialog = page.getByTestId('column-dialog');
    await dialog.getByRole('checkbox', { name: '手机号码' }).click();
    await dialog.getByRole('button', { name: '确定' }).click();
    expect(await view.locator('th', { hasText: '手机号码' }).count()).toBe(0);
  });

  it('rotates a PDF a full circle and pages through it', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await page
      .getByRole('listitem')
      .filter({ hasText: '项目经理履职责任书.pdf' })
      .getByRole('button', { name: '预览' })
      .click();
    const dialog = page.getByTestId('preview-dialog');
    await dialog.getByText('预览文件：项目经理履职责任书.pdf').waitFor();
    expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(800);
    const viewer = dialog.getByTestId('pdf-viewer');
    await page.locator('[data-testid="pdf-viewer"][data-rendered="1:0"]').waitFor();
    expect(await viewer.getAttribute('data-pages')).toBe('2');
    const canvas = viewer.locator('canvas');
    const portrait = await canvas.evaluate((c: HTMLCanvasElement) => c.width < c.height);
    expect(portrait).toBe(true);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      await viewer.getByRole('button', { name: '向右旋转' }).click();
      const rotation = (await viewer.getAttribute('data-rotation')) ?? '';
      seen.push(rotation);
      await page.locator(`[data-testid="pdf-viewer"][data-rendered="1:${rotation}"]`).waitFor();
      if (rotation === '90')
        expect(await canvas.evaluate((c: HTMLCanvasElement) => c.width > c.height)).toBe(true);
    }
    expect(seen).toEqual(['90', '180', '270', '0']);
    await viewer.getByRole('button', { name: '向左旋转' }).click();
    expect(await viewer.getAttribute('data-rotation')).toBe('-90');
    await viewer.getByRole('button', { name: '下一页' }).click();
    expect(await viewer.getByTestId('pdf-page').textContent()).toBe('2 / 2');
    expect(await viewer.getByRole('button', { name: '下一页' }).isDisabled()).toBe(true);
    await viewer.getByRole('button', { name: '上一页' }).click();
    expect(await viewer.getByTestId('pdf-page').textContent()).toBe('1 / 2');
  });

  it('opens the tips dialog, which a click outside does not close', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await page.getByRole('button', { name: '使用提示' }).click();
    const dialog = page.getByTestId('tips-dialog');
    await dialog.getByText('提示信息').waitFor();
    expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(600);
    await page.mouse.click(5, 760);
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '我知道了' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('draws the bar chart in each orientation', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    // The welcome chart is the server's year: contracts signed per month, as /project/chart/list says.
    const year = new Date().getFullYear();
    const chart = await api<{ data: { contractCount: number }[] }>(
      session().baseURL,
      await apiToken(session().baseURL),
      'GET',
      `/project/chart/list?year=${year}`,
    );
    const count = chart.data.reduce((n, p) => n + p.contractCount, 0);
    const summary = page.locator(
      `[data-testid="chart-summary"][data-year="${year}"][data-state="ready"]`,
    );
    await summary.waitFor();
    expect(await summary.textContent()).toContain(`${year}年签订合同 ${count} 份`);
    for (const [label, orientation] of [
      ['横向', 'cross'],
      ['横向（右）', 'crossR'],
      ['纵向', 'normal'],
    ] as const) {
      await page.getByRole('radio', { name: label, exact: true }).click();
      await page.getByTestId(`bar-chart-${orientation}`).locator('canvas').waitFor();
    }
  });
});
