/// <reference lib="dom" />
import { addAmounts, displayAmount } from '@dpms/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { awaitsSignature, signApproval, signInQuietly } from '../support/approval.js';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu } from '../support/shell.js';

/**
 * Finance requests an invoice on a seeded contract (23_1), the business department approves it
 * (财务部 is the drafter herself, so separation of duties skips it), and the project account
 * shows it invoiced; an employee cost month is entered and the
 * month's total shows in the totals.
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
// An amount no other test uses: the approval's title names it. It ends in 1, since the server
// writes amounts without trailing zeros (0.824080 would be titled 0.82408).
const amount = `0.${String(10_000 + (stamp % 80_000))}1`;
const today = new Date().toISOString().slice(0, 10);

interface AccountRow {
  contractId: number;
  contractNo: string;
  contractName: string;
  invoicedAmount: string;
}

describe('an invoice request and an employee cost month in the browser', () => {
  const session = useBrowser();
  let contract: AccountRow;

  it('finance requests an invoice on a seeded contract, refused on the form above the room', async () => {
    const { page, baseURL } = session();
    const token = await apiToken(baseURL, 'caiwu');
    const before = await api<{ rows: AccountRow[] }>(
      baseURL,
      token,
      'GET',
      '/v4/pro-account/list?pageNum=1&pageSize=20&contractNo=RW-DEMO-HT-001',
    );
    const seeded = before.rows.find((r) => r.contractNo === 'RW-DEMO-HT-001');
    if (seeded === undefined) throw new Error('no seeded project account RW-DEMO-HT-001');
    contract = seeded;

    await signIn(page, 'caiwu');
    await openMenu(page, '账户管理', '财务台账');
    await page.getByTestId('invoice-add').click();
    const form = page.getByTestId('invoice-form');
    await form
      .getByLabel('合同')
      .locator(`option[value="${String(contract.contractId)}"]`)
      .waitFor({ state: 'attached' });
    await form.getByLabel('合同').selectOption(String(contract.contractId));
    await form.getByTestId('invoice-room').waitFor();
    // More than the room is refused on the form, by core's rule, before anything is sent.
    const room = (await form.getByTestId('invoice-room').textContent()) ?? '0';
    await form.getByLabel('开票金额（万元）').fill(`${room}1`);
    await form.getByText(/开票金额超过合同可开票余额/).waitFor();
    await form.getByLabel('开票金额（万元）').fill(amount);
    await form.getByLabel('发票抬头').fill('杭州滨江城市建设投资有限公司');
    await form.getByLabel('开票日期').fill(today);
    await form.getByRole('button', { name: '保存并送审' }).click();
    await page.getByText('已送审').first().waitFor();
  });

  it('the business department approves the invoice request', async () => {
    const { page } = session();
    await signApproval(page, 'jingying', `开票申请-${contract.contractName}-${amount}万元`);
  });

  it('finance drafted it, so 财务部 escalates to the general manager: approved without her signature', async () => {
    const { page, baseURL } = session();
    const title = `开票申请-${contract.contractName}-${amount}万元`;
    expect(await awaitsSignature(baseURL, 'caiwu', title)).toBe(false);
    await signApproval(page, 'zjl', title);
  });

  it('the project account shows it invoiced', async () => {
    const { page } = session();
    await signIn(page, 'caiwu');
    await openMenu(page, '账户管理', '项目账户');
    await page.getByLabel('合同编号').first().fill('RW-DEMO-HT-001');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await page.getByTestId('pro-account-RW-DEMO-HT-001').click();
    const detail = page.getByTestId('pro-account-detail');
    const invoiced = detail.getByTestId('pro-detail-invoiced');
    const expected = displayAmount(addAmounts(contract.invoicedAmount, amount));
    await page.waitForFunction(
      (want) => document.querySelector('[data-testid="pro-detail-invoiced"]')?.textContent === want,
      expected,
    );
    expect(await invoiced.textContent()).toBe(expected);
  });

  it('an employee cost month is entered and its total shows', async () => {
    const { page } = session();
    await signIn(page, 'caiwu');
    await openMenu(page, '资金管理', '员工成本');
    await page.getByTestId('employe-add').click();
    const form = page.getByTestId('employe-form');
    await form.getByLabel('员工').locator('option[value="12"]').waitFor({ state: 'attached' });
    await form.getByLabel('员工').selectOption('12');
    await form.getByLabel('月份').fill('2025-06');
    await form.getByLabel('工资（万元）').fill('1.2');
    await form.getByLabel('社会保险（万元）').fill('0.3');
    await form.getByLabel('住房公积金（万元）').fill('0.12');
    await form.getByLabel('其他（万元）').fill('0.05');
    // The live total is core's sum of the four amounts.
    expect(await form.getByTestId('employe-total').textContent()).toBe('1.67');
    await form.getByRole('button', { name: '确定' }).click();
    await page.getByText('保存成功').first().waitFor();

    await page.getByLabel('年度').first().fill('2025');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    const total = page.getByTestId('employe-total-2025-06-105');
    await total.waitFor();
    expect(await total.textContent()).toBe('1.67');
    await page
      .getByTestId('employe-table')
      .locator('tr[data-row]', { hasText: '2025-06' })
      .waitFor();
  });
});
