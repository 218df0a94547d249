/// <reference lib="dom" />
import { displayAmount, netPay } from '@dpms/core';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { awaitsSignature, signApproval, signInQuietly } from '../support/approval.js';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu } from '../support/shell.js';

/**
 * Finance enters a payment against a seeded payment plan line, watching its net pay computed as it
 * types; sends it as a monthly in-plan payment (20_1); the head of 财务部, operations and finance
 * approve it; the payment shows paid, and its net pay left the contract's back money.
 *
 * The demo institute has fund_plan_switch on and no approved fund plan of the contract's
 * department, so the switch is turned off for this file and put back afterwards (the files run one
 * after another on one server).
 */
const prepared = new WeakSet<Page>();
async function signIn(page: Page, user: string): Promise<void> {
  if (!prepared.has(page)) {
    prepared.add(page);
    // Waits are for events, with no clock of their own.
    page.setDefaultTimeout(0);
  }
  await signInQuietly(page, user);
}

const stamp = Date.now();
// An amount no other test uses: the approval's title names it.
const payAmount = `2.${String(100 + (stamp % 800))}7`;
const net = netPay(payAmount, '0.03');
const payee = '华信结构咨询有限公司';
const title = `月度计划内付款-${payee}-${payAmount}万元`;
const reason = `浏览器付款${String(stamp)}`;

interface ConfigRow {
  configId: number;
  configValue: string;
}
let switchRow: ConfigRow | undefined;

const payRow = (page: Page): Locator =>
  page
    .getByTestId('fund-pay-table')
    .locator('tr[data-row]', { hasText: payee })
    .filter({ hasText: payAmount });

describe('a fund payment in the browser: entered with its net pay, approved and paid', () => {
  const session = useBrowser();
  const baseURL = inject('baseURL');

  beforeAll(async () => {
    const token = await apiToken(baseURL, 'admin');
    const list = await api<{ rows?: ConfigRow[]; msg?: string }>(
      baseURL,
      token,
      'GET',
      '/system/config/list?pageNum=1&pageSize=20&configKey=fund_plan_switch',
    );
    switchRow = list.rows?.[0];
    if (switchRow === undefined)
      throw new Error(`no fund_plan_switch config: ${JSON.stringify(list)}`);
    await api(baseURL, token, 'PUT', '/system/config', {
      configId: switchRow.configId,
      configValue: '0',
    });
  });
  afterAll(async () => {
    if (switchRow === undefined) return;
    const token = await apiToken(baseURL, 'admin');
    await api(baseURL, token, 'PUT', '/system/config', {
      configId: switchRow.configId,
      configValue: switchRow.configValue,
    });
  });

  it('finance enters a payment, sees its net pay as it types and sends it for approval', async () => {
    const { page } = session();
    await signIn(page, 'caiwu');
    await openMenu(page, '资金管理', '资金支付');
    await page.getByTestId('fund-pay-add').click();
    const form = page.getByTestId('fund-pay-form');
    const plans = form.getByLabel('付款计划');
    await plans.locator('option', { hasText: payee }).first().waitFor({ state: 'attached' });
    const value = await plans
      .locator('option', { hasText: `${new Date().toISOString().slice(0, 7)} ` })
      .filter({ hasText: payee })
      .first()
      .getAttribute('value');
    await plans.selectOption(value ?? '');
    await form.getByTestId('fund-pay-can-pay').waitFor();
    expect(await form.getByTestId('fund-pay-can-pay').textContent()).toBe('12');
    await form.getByLabel('付款事由').fill(reason);
    await form.getByLabel('本次付款金额（万元）').fill(payAmount);
    // At the standard 6% the whole amount is paid; at 3% the shortfall is deducted.
    expect(await form.getByTestId('fund-pay-net').textContent()).toBe(payAmount);
    await form.getByLabel('税率').fill('0.03');
    expect(await form.getByTestId('fund-pay-net').textContent()).toBe(net);
    await form.getByLabel('税率').fill('0.09');
    await form.getByText('税率应为0到0.06之间的小数（最多6位小数），如0.03表示3%').waitFor();
    await form.getByLabel('税率').fill('0.03');
    await form.getByTestId('fund-pay-save-submit').click();
    await page.getByText('已送审').first().waitFor();
    await payRow(page).waitFor();
    const row = payRow(page);
    expect(await row.textContent()).toContain('审批中');
    // The list reads the net pay as people read amounts (four decimals at most), with its type.
    expect(await row.textContent()).toContain(displayAmount(net));
    expect(await row.textContent()).toContain('3%');
    expect(await row.textContent()).not.toContain('20_1');
  });

  it('the general manager and operations approve it (部门负责人 and 财务部 fall to the drafter and escalate), and it shows paid', async () => {
    const { page, baseURL } = session();
    // Nobody approves their own approval: 周会计 drafted it, leads 财务部 and is its finance, so
    // both nodes go to the head above her, the general manager who leads the institute.
    expect(await awaitsSignature(baseURL, 'caiwu', title)).toBe(false);
    await signApproval(page, 'zjl', title);
    await signApproval(page, 'yunying', title);
    await signApproval(page, 'zjl', title);

    // Finance sees it paid.
    await signIn(page, 'caiwu');
    await openMenu(page, '资金管理', '资金支付');
    await payRow(page).filter({ hasText: '已付款' }).waitFor();
    await payRow(page).getByRole('button', { name: '详情' }).click();
    const detail = page.getByTestId('fund-pay-detail');
    await detail.getByTestId('fund-pay-detail-status').filter({ hasText: '已付款' }).waitFor();
    expect(await detail.getByTestId('fund-pay-detail-net').textContent()).toBe(displayAmount(net));

    // The paid month carries it, and the ledger still reconciles.
    const token = await apiToken(baseURL, 'caiwu');
    const rec = await api<{ data: unknown[] }>(
      baseURL,
      token,
      'GET',
      '/project/backMoney/reconcile',
    );
    expect(rec.data).toEqual([]);
    await page.getByTestId('fund-pay-months').waitFor({ state: 'attached' });
  });
});
