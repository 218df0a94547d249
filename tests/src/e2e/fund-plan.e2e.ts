/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { awaitsSignature, signApproval, signInQuietly } from '../support/approval.js';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu } from '../support/shell.js';

/**
 * Finance drafts a month's fund plan for 机电所 with its lines, watching the totals and tips as it
 * types, and sends it (8_1); operations approves it (the head of 财务部 and finance are the drafter
 * herself, so separation of duties skips both) and it shows
 * approved; an execution of its wages is recorded and approved (26_1); the chart shows the plan
 * against the execution for that month.
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
// A month no other test or the demo data uses: one plan per department and month.
const planMonth = `${String(2040 + (stamp % 50))}-${String(1 + (Math.floor(stamp / 50) % 12)).padStart(2, '0')}`;
const dept = '机电所';
const planTitle = `月度资金计划-${dept}-${planMonth}-10万元`;
const performTitle = `资金执行单-${dept}-${planMonth}-刚性支出-9.5万元`;

const planRow = (page: Page): Locator =>
  page.getByTestId('fund-plan-table').locator('tr[data-row]', { hasText: planMonth });

async function searchPlans(page: Page): Promise<void> {
  await openMenu(page, '资金管理', '资金计划');
  const search = page.getByRole('search');
  await search.getByLabel('计划部门').selectOption({ label: dept });
  await search.getByLabel('计划月份').fill(planMonth);
  await search.getByRole('button', { name: '搜索' }).click();
}

describe('a monthly fund plan in the browser: drafted, approved, executed and charted', () => {
  const session = useBrowser();
  const baseURL = inject('baseURL');

  it('finance drafts the plan with live totals and tips and sends it for approval', async () => {
    const { page } = session();
    await signIn(page, 'caiwu');
    await openMenu(page, '资金管理', '资金计划');
    await page.getByTestId('fund-plan-add').click();
    const form = page.getByTestId('fund-plan-form');
    await form.getByLabel('计划月份').fill(planMonth);
    await form
      .getByLabel('计划部门')
      .locator('option', { hasText: dept })
      .waitFor({ state: 'attached' });
    await form.getByLabel('计划部门').selectOption({ label: dept });
    await form.getByLabel('计划说明').fill('机电所月度资金安排');
    // Line 1 is expected back money on a contract, line 2 a rigid cost.
    await form.getByLabel('第1行科目名称').fill('合同回款');
    const contract = form.getByLabel('第1行合同');
    await contract.locator('option').nth(1).waitFor({ state: 'attached' });
    const contractId = await contract.locator('option').nth(1).getAttribute('value');
    await contract.selectOption(contractId ?? '');
    await form.getByLabel('第1行金额').fill('30');
    await form.getByLabel('第1行回款率').fill('0.5');
    await form.getByLabel('第1行备案分配').fill('8.000001');
    expect(await form.getByTestId('plan-line-confirm-1').textContent()).toBe('4.000001');
    await form.getByLabel('第2行科目名称').fill('工资');
    await form.getByLabel('第2行金额').fill('10');
    expect(await form.getByTestId('plan-total').textContent()).toBe('10');
    expect(await form.getByTestId('plan-reserve').textContent()).toBe('20');
    expect(await form.getByTestId('plan-confirm').textContent()).toBe('4.000001');
    expect(await form.getByTestId('plan-balance').textContent()).toBe('20');
    await form.getByLabel('第2行金额').fill('0');
    await form.getByRole('button', { name: '保存并送审' }).click();
    await form.getByText('第2行金额必须大于0').waitFor();
    await form.getByLabel('第2行金额').fill('10');
    await form.getByRole('button', { name: '保存并送审' }).click();
    await page.getByText('已送审').first().waitFor();
    await searchPlans(page);
    await planRow(page).filter({ hasText: '审批中' }).waitFor();
  });

  it('the general manager and operations approve it (部门负责人 and 财务部 fall to the drafter and escalate), and it shows approved', async () => {
    const { page, baseURL } = session();
    // Nobody approves their own approval: 周会计 drafted it, leads 财务部 and is its finance, so
    // both nodes go to the head above her, the general manager who leads the institute.
    expect(await awaitsSignature(baseURL, 'caiwu', planTitle)).toBe(false);
    await signApproval(page, 'zjl', planTitle);
    await signApproval(page, 'yunying', planTitle);
    await signApproval(page, 'zjl', planTitle);
    await signIn(page, 'caiwu');
    await searchPlans(page);
    await planRow(page).filter({ hasText: '已通过' }).waitFor();
    await planRow(page).getByRole('button', { name: '详情' }).click();
    const detail = page.getByTestId('fund-plan-detail');
    await detail.getByTestId('plan-detail-status').filter({ hasText: '已通过' }).waitFor();
    expect(await detail.getByTestId('plan-detail-total').textContent()).toBe('10');
    await detail.getByTestId('plan-approval').click();
    await page.getByTestId('approval-detail').getByText(planTitle).first().waitFor();
  });

  it('finance records an execution of the wages, refused beyond the plan first', async () => {
    const { page } = session();
    await signIn(page, 'caiwu');
    await openMenu(page, '资金管理', '资金执行');
    await page.getByTestId('fund-perform-add').click();
    const form = page.getByTestId('fund-perform-form');
    const plans = form.getByLabel('资金计划');
    const option = plans.locator('option', { hasText: `${planMonth} ${dept}` });
    await option.waitFor({ state: 'attached' });
    await plans.selectOption((await option.getAttribute('value')) ?? '');
    await form.getByTestId('perform-left-工资').filter({ hasText: '10' }).waitFor();
    await form.getByLabel('工资本次执行').fill('10.5');
    await form.getByText('超过计划可执行余额（余10万元）', { exact: false }).first().waitFor();
    await form.getByLabel('工资本次执行').fill('9.5');
    expect(await form.getByTestId('perform-total').textContent()).toBe('9.5');
    await form.getByRole('button', { name: '保存并送审' }).click();
    await page.getByText('已送审').first().waitFor();
  });

  it('the execution is approved the same way, by the general manager and operations, and shows approved', async () => {
    const { page, baseURL } = session();
    expect(await awaitsSignature(baseURL, 'caiwu', performTitle)).toBe(false);
    await signApproval(page, 'zjl', performTitle);
    await signApproval(page, 'yunying', performTitle);
    await signApproval(page, 'zjl', performTitle);
    await signIn(page, 'caiwu');
    await openMenu(page, '资金管理', '资金执行');
    const row = page
      .getByTestId('fund-perform-table')
      .locator('tr[data-row]', { hasText: planMonth })
      .filter({ hasText: '已通过' });
    await row.waitFor();
    expect(await row.textContent()).toContain('9.5');
  });

  it('the chart shows the plan against the execution for that month', async () => {
    const { page } = session();
    await signIn(page, 'caiwu');
    await searchPlans(page);
    await planRow(page).filter({ hasText: '9.5' }).waitFor();
    const month = page.getByTestId('fund-plan-months').locator(`tr[data-month="${planMonth}"]`);
    await month.filter({ hasText: '9.5' }).waitFor({ state: 'attached' });
    const cells = await month.locator('td').allTextContents();
    expect(cells).toEqual([planMonth, '10', '9.5', '30', '0']);
    await page.getByTestId('fund-plan-chart').locator('canvas').first().waitFor();

    // Execution moves no balance of the fund ledger: it still reconciles.
    const token = await apiToken(baseURL, 'caiwu');
    const rec = await api<{ data: unknown[] }>(
      baseURL,
      token,
      'GET',
      '/project/backMoney/reconcile',
    );
    expect(rec.data).toEqual([]);
  });
});
