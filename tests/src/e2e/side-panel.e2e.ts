/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, signIn } from '../support/shell.js';

const FIELDS = [
  'unEffectiveTotalAmount',
  'stayTotalAmount',
  'stayReceiveAmount',
  'declTotalAmount',
  'declDesignFee',
  'declOperateFee',
] as const;

/** What the panel shows, field by field. */
const shown = (page: Page): Promise<Record<string, string | null>> =>
  page
    .getByTestId('side-panel')
    .locator('[data-field]')
    .evaluateAll((els) =>
      Object.fromEntries(els.map((e) => [e.getAttribute('data-field') ?? '', e.textContent])),
    );

/** An unsigned and a declared contract drafted by `user`, so the totals are not all zero. */
const CONTRACT = {
  contractName: '侧栏合计测试合同',
  entrustBusinessName: '杭州滨江城建',
  bizSource: '1',
  bizType: '1',
  totalAmount: '120.5',
  receiveAmount: '20.25',
  cleanAmount: '100',
  directFee: '12.3456',
  signByMain: '杭州滨江城建',
  signBySub: '华东示范建筑设计研究院',
  signDate: '2023-06-01',
  entrustList: [{ designStageId: 3, designStageName: '方案设计' }],
};

const groups = (page: Page) =>
  page
    .getByTestId('side-panel')
    .locator('[data-group]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-group')));

describe('contract summary side panel', () => {
  const session = useBrowser();
  // The demo design tasks open the urgent-task dialog for several users; these tests are about
  // something else, so the dialog is marked closed for the session, as a user closing it would.
  beforeEach(async () => {
    await session().page.addInitScript(() => sessionStorage.setItem('hideNotify', 'true'));
  });

  it('shows the totals the server sums for the user, in 万元', async () => {
    const { page, baseURL } = session();
    const token = await apiToken(baseURL, 'jingying');
    for (const [path, projectName] of [
      ['/project/stay/add', '侧栏未签项目'],
      ['/project/declare/add', '侧栏立项项目'],
    ] as const) {
      const added = await api<{ code: number; msg: string }>(baseURL, token, 'POST', path, {
        ...CONTRACT,
        projectName,
      });
      expect(added.code, added.msg).toBe(200);
    }
    const summary = await api<{ code: number; data: Record<string, string> }>(
      baseURL,
      token,
      'GET',
      '/project/contract/summary',
    );
    expect(summary.code).toBe(200);
    expect(Number(summary.data['stayTotalAmount'])).toBeGreaterThanOrEqual(120.5);
    expect(Number(summary.data['declTotalAmount'])).toBeGreaterThanOrEqual(120.5);
    await signIn(page, 'jingying');
    await page.goto('/project/main');
    await page.getByTestId('side-panel-handle').click();
    await page.locator('[data-testid="side-panel"][data-loaded="true"]').waitFor();
    expect(await shown(page)).toEqual(Object.fromEntries(FIELDS.map((f) => [f, summary.data[f]])));
  });

  it('draws the year chart from the server and changes year on request', async () => {
    const { page, baseURL } = session();
    const token = await apiToken(baseURL, 'jingying');
    const year = new Date().getFullYear();
    const chart = await api<{ code: number; data: { contractCount: number }[] }>(
      baseURL,
      token,
      'GET',
      `/project/chart/list?year=${year - 1}`,
    );
    expect(chart.data).toHaveLength(12);
    const count = chart.data.reduce((n, p) => n + p.contractCount, 0);
    await signIn(page, 'jingying');
    await page.goto('/project/main');
    await page
      .locator(`[data-testid="chart-summary"][data-year="${year}"][data-state="ready"]`)
      .waitFor();
    await page.getByRole('combobox', { name: '年份' }).selectOption(String(year - 1));
    const summary = page.locator(
      `[data-testid="chart-summary"][data-year="${year - 1}"][data-state="ready"]`,
    );
    await summary.waitFor();
    expect(await summary.textContent()).toContain(`${year - 1}年签订合同 ${count} 份`);
    await page.getByTestId('bar-chart-normal').locator('canvas').waitFor();
  });

  it('shows the pending-signing group to xs_jybfzr only', async () => {
    const { page } = session();
    await signIn(page, 'jingying');
    await page.goto('/project/main');
    await page.getByTestId('side-panel-handle').click();
    expect(await groups(page)).toEqual(['unEffective', 'stay', 'decl']);
  });

  it('hides it from a project manager', async () => {
    const { page } = session();
    await signIn(page, 'xmjl2');
    await page.goto('/project/main');
    await page.getByTestId('side-panel-handle').click();
    expect(await groups(page)).toEqual(['unEffective', 'decl']);
  });

  it('ignores clicks for 300 ms after each toggle', async () => {
    const { page } = session();
    await signIn(page, 'jingying');
    await page.goto('/project/main');
    const handle = page.getByTestId('side-panel-handle');
    const panel = page.getByTestId('side-panel');
    await handle.evaluate((el: HTMLElement) => {
      el.click();
      el.click();
    });
    expect(await panel.getAttribute('data-open')).toBe('true');
    await page.waitForTimeout(350);
    await handle.click();
    expect(await panel.getAttribute('data-open')).toBe('false');
  });

  it('details store the contract type and the refresh flag, then open the list', async () => {
    const { page } = session();
    await signIn(page, 'jingying');
    await page.goto('/project/main');
    await page.getByTestId('side-panel-handle').click();
    await page.locator('[data-group="stay"]').getByRole('button', { name: '详情' }).click();
    await page.waitForURL('**/project/unSignList');
    expect(await page.evaluate(() => sessionStorage.getItem('contractType'))).toBe('unSign');
    await page.getByTestId('contract-type').waitFor();
    await page.goto('/project/main');
    await page.waitForTimeout(400);
    await page.getByTestId('side-panel-handle').click();
    await page.locator('[data-group="decl"]').getByRole('button', { name: '详情' }).click();
    await page.waitForURL('**/project/approveList');
    expect(await page.evaluate(() => sessionStorage.getItem('contractType'))).toBe('approval');
  });
});
