/// <reference lib="dom" />
import { displayAmount } from '@dpms/core';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signApproval, signInQuietly } from '../support/approval.js';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu } from '../support/shell.js';
import { rowAction } from '../support/row-actions.js';

/**
 * Finance records back money on a seeded contract and allots part of it to 建筑一所; the team's
 * project manager borrows against what it is owed (loan agreement 10_1 signed by the department
 * head, finance and the general manager); finance records a part repayment; the balances on the
 * screens and the reconcile view agree.
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
const marker = `浏览器回款${String(stamp)}`;
// A loan amount no other test uses: its approval title names it.
const loanAmount = `1.${String(100_000 + (stamp % 800_000)).slice(0, 5)}7`;
const loanTitle = `借款协议-建筑一所-${loanAmount}万元`;
const today = new Date().toISOString().slice(0, 10);

let contractId = 0;
let loanId = 0;

const backRow = (page: Page): Locator =>
  page.getByTestId('back-money-table').locator('tr[data-row]', { hasText: marker });
/** Cells: 0 index, 1 项目名称, 2 合同名称, 3 合同编号, 4 回款日期, 5 回款, 6 已分配, 7 未分配. */
const cell = (row: Locator, n: number): Locator => row.locator('td').nth(n);

describe('back money, allotment, a loan and its repayment in the browser', () => {
  const session = useBrowser();

  it('finance records back money on a seeded contract', async () => {
    const { page, baseURL } = session();
    const token = await apiToken(baseURL, 'caiwu');
    const contracts = await api<{ rows: { contractId: number; contractNo: string }[] }>(
      baseURL,
      token,
      'GET',
      '/v4/contract/list?pageNum=1&pageSize=100&stage=formal',
    );
    const seeded = contracts.rows.find((c) => c.contractNo === 'RW-DEMO-HT-001');
    if (seeded === undefined) throw new Error('no seeded contract RW-DEMO-HT-001');
    contractId = seeded.contractId;

    await signIn(page, 'caiwu');
    await openMenu(page, '资金管理', '回款管理');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const form = page.getByTestId('form-dialog');
    await form
      .getByLabel('合同')
      .locator(`option[value="${String(contractId)}"]`)
      .waitFor({ state: 'attached' });
    await form.getByLabel('合同').selectOption(String(contractId));
    await form.getByLabel('回款金额（万元）').fill('30');
    await form.getByLabel('回款日期').fill(today);
    await form.getByLabel('备注').fill(marker);
    await form.getByRole('button', { name: '确定' }).click();
    await backRow(page).waitFor();
    expect(await cell(backRow(page), 5).textContent()).toBe('30');
    // 未分配 follows 已分配 and 实付金额.
    expect(await cell(backRow(page), 8).textContent()).toBe('30');
  });

  it('finance allots part of it to 建筑一所, refused first when it asks for too much', async () => {
    const { page } = session();
    await signIn(page, 'caiwu');
    await openMenu(page, '资金管理', '回款管理');
    await page.getByLabel('项目名称').first().waitFor();
    await rowAction(backRow(page), '分配');
    const dialog = page.getByTestId('allot-dialog');
    await dialog
      .getByLabel('第1行设计部门')
      .locator('option', { hasText: '建筑一所' })
      .waitFor({ state: 'attached' });
    await dialog.getByLabel('第1行设计部门').selectOption({ label: '建筑一所' });
    await dialog.getByLabel('第1行分配金额').fill('30.01');
    await dialog
      .getByTestId('allot-message')
      .filter({ hasText: '分配金额超过回款未分配余额（可分配30万元）' })
      .waitFor();
    expect(await dialog.getByTestId('allot-remaining').textContent()).toBe('-0.01');
    await dialog.getByLabel('第1行分配金额').fill('12.5');
    expect(await dialog.getByTestId('allot-remaining').textContent()).toBe('17.5');
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.getByText('分配成功').first().waitFor();
    await page.waitForFunction(
      (m) =>
        [...document.querySelectorAll('[data-testid="back-money-table"] tr[data-row]')]
          .find((r) => r.textContent?.includes(m))
          ?.querySelectorAll('td')[8]?.textContent === '17.5',
      marker,
    );
    expect(await cell(backRow(page), 6).textContent()).toBe('12.5');

    // The allotment shows in the detail, under the team, and in the record's history.
    await rowAction(backRow(page), '明细');
    const detail = page.getByTestId('back-money-detail');
    await detail.getByTestId('detail-teams').getByText('建筑一所').waitFor();
    expect(await detail.getByTestId('detail-unallotted').textContent()).toBe('17.5');
    await detail.getByTestId('detail-history').getByText('分配回款').first().waitFor();
  });

  it('the team borrows within its limit and sends the loan agreement', async () => {
    const { page, baseURL } = session();
    await signIn(page, 'xmjl');
    // 借款管理 is the project manager's only fund screen: the sidebar shows it on its own.
    await openMenu(page, '借款管理');
    await page.getByTestId('loan-add').click();
    const form = page.getByTestId('loan-form');
    await form
      .getByLabel('借款部门')
      .locator('option', { hasText: '建筑一所' })
      .waitFor({ state: 'attached' });
    await form.getByLabel('借款部门').selectOption({ label: '建筑一所' });
    await form.getByTestId('loan-borrowable').waitFor();
    const borrowable = await form.getByTestId('loan-borrowable').textContent();
    expect(Number(borrowable)).toBeGreaterThan(Number(loanAmount));
    await form.getByLabel('借款金额（万元）').fill(loanAmount);
    await form.getByLabel('借款事由').fill('外协结构计算费');
    await form.getByRole('button', { name: '保存并送审' }).click();
    await page.getByText('已送审').first().waitFor();

    const token = await apiToken(baseURL, 'xmjl');
    const loans = await api<{ rows: { loanId: number; loanAmount: string; status: number }[] }>(
      baseURL,
      token,
      'GET',
      '/contract/loan/list?pageNum=1&pageSize=100&status=1',
    );
    const loan = loans.rows.find((l) => l.loanAmount === loanAmount);
    if (loan === undefined) throw new Error('the loan is not in approval');
    loanId = loan.loanId;
  });

  // 10_1: the department head, finance and the general manager sign in turn.
  const sign = async (page: Page, user: string) => {
    page.setDefaultTimeout(0);
    await signApproval(page, user, loanTitle);
  };
  it('the department head signs the loan agreement', async () => {
    await sign(session().page, 'bmfzr');
  });
  it('finance signs the loan agreement', async () => {
    await sign(session().page, 'caiwu');
  });
  it('the general manager signs last and the loan takes effect', async () => {
    const { page } = session();
    await sign(page, 'zjl');
    await signIn(page, 'xmjl');
    await openMenu(page, '借款管理');
    await page.getByTestId(`loan-detail-${String(loanId)}`).click();
    const detail = page.getByTestId('loan-detail');
    await detail.getByTestId('loan-detail-status').filter({ hasText: '已生效' }).waitFor();
    // The detail reads amounts as the list does (four decimals at most); the form keeps six.
    expect(await detail.getByTestId('loan-detail-outstanding').textContent()).toBe(
      displayAmount(loanAmount),
    );
  });

  it('finance records a part repayment against the approved loan', async () => {
    const { page } = session();
    await signIn(page, 'caiwu');
    await openMenu(page, '资金管理', '还款管理');
    await page.getByTestId('repayment-add').click();
    const form = page.getByTestId('repayment-form');
    await form
      .getByLabel('借款')
      .locator(`option[value="${String(loanId)}"]`)
      .waitFor({ state: 'attached' });
    await form.getByLabel('借款').selectOption(String(loanId));
    expect(await form.getByTestId('repayment-outstanding').textContent()).toBe(loanAmount);
    await form.getByLabel('还款金额（万元）').fill('0.5');
    const left = minusHalf(loanAmount);
    expect(await form.getByTestId('repayment-remaining').textContent()).toBe(left);
    await form.getByLabel('备注').fill(marker);
    await form.getByRole('button', { name: '确定' }).click();
    await page
      .getByTestId('repayment-table')
      .locator('tr[data-row]', { hasText: marker })
      .waitFor();
  });

  it('the balances on screen and the reconcile view agree', async () => {
    const { page, baseURL } = session();
    const left = minusHalf(loanAmount);
    await signIn(page, 'caiwu');

    // The loan's outstanding amount on screen is what the repayment form previewed.
    await openMenu(page, '资金管理', '借款管理');
    await page.getByTestId(`loan-detail-${String(loanId)}`).click();
    const detail = page.getByTestId('loan-detail');
    await detail
      .getByTestId('loan-detail-outstanding')
      .filter({ hasText: displayAmount(left) })
      .waitFor();
    await detail.getByRole('button', { name: '关闭' }).last().click();

    // The back money still shows what was left unallotted, and every balance reconciles.
    await openMenu(page, '资金管理', '回款管理');
    await backRow(page).waitFor();
    expect(await cell(backRow(page), 8).textContent()).toBe('17.5');
    await page.getByTestId('reconcile').click();
    await page.getByTestId('reconcile-ok').waitFor();
    const token = await apiToken(baseURL, 'caiwu');
    const reconcile = await api<{ data: unknown[] }>(
      baseURL,
      token,
      'GET',
      '/project/backMoney/reconcile',
    );
    expect(reconcile.data).toEqual([]);
    const team = await api<{ data: { outstandingLoanAmt: string; totalReceiveAmt: string } }>(
      baseURL,
      token,
      'GET',
      '/v4/contract/designPerformDetail?deptId=110',
    );
    const history = await api<{ data: { accountKind: string; amount: string }[] }>(
      baseURL,
      token,
      'GET',
      `/project/backMoney/history?backMoneyId=${String(await backMoneyId(baseURL, token))}`,
    );
    // The record's ledger lines add up to the 17.5 on screen.
    const unallotted = history.data
      .filter((h) => h.accountKind === 'backMoney')
      .reduce((s, h) => s + Math.round(Number(h.amount) * 1_000_000), 0);
    expect(unallotted).toBe(17_500_000);
    expect(Number(team.data.outstandingLoanAmt)).toBeGreaterThanOrEqual(Number(left));
  });
});

/** `1.dddddd` less 0.5, in whole millionths (no float on amounts). */
function minusHalf(amount: string): string {
  const [whole = '0', frac = ''] = amount.split('.');
  const micro = Number(whole) * 1_000_000 + Number(frac.padEnd(6, '0')) - 500_000;
  const text = `${String(Math.floor(micro / 1_000_000))}.${String(micro % 1_000_000).padStart(6, '0')}`;
  return text.replace(/\.?0+$/, '');
}

async function backMoneyId(baseURL: string, token: string): Promise<number> {
  const r = await api<{ rows: { backMoneyId: number; remark: string }[] }>(
    baseURL,
    token,
    'GET',
    `/project/backMoney/list?pageNum=1&pageSize=100&contractId=${String(contractId)}`,
  );
  const b = r.rows.find((x) => x.remark === marker);
  if (b === undefined) throw new Error('the back money is gone');
  return b.backMoneyId;
}
