/// <reference lib="dom" />
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { closingFees, displayAmount } from '@dpms/core';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { awaitsSignature, signApproval, signInQuietly } from '../support/approval.js';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu } from '../support/shell.js';

/**
 * Finance closes a contract that has back money: the closing fees on the form follow the typed
 * closed-case amount (core's rule, closedCaseAmount / backAmount × each original fee), the case is
 * sent as 结案审核 (11_2), the flow's approvers sign, the contract shows closed and the approval
 * sheet opens as a PDF in the viewer with the contract's name and the fee figures.
 */
const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), 'dpms-e2e-closing-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function pdfText(bytes: Buffer): Promise<string> {
  const file = path.join(work, `${String(Date.now())}.pdf`);
  writeFileSync(file, bytes);
  return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout.replace(/\s+/g, '');
}

interface Answer<T = unknown> {
  code: number;
  msg?: string;
  data: T;
}
type FeeKey = 'directFee' | 'technicalFee' | 'expertFee' | 'operateFee' | 'designFee';
type Fees = Record<FeeKey, string>;
const FEE_KEYS: readonly FeeKey[] = [
  'directFee',
  'technicalFee',
  'expertFee',
  'operateFee',
  'designFee',
];

const stamp = String(Date.now());
const contractName = `结案浏览器合同${stamp}`;
const CLOSED_AMOUNT = '24.5';
const title = `结案审核-${contractName}-${CLOSED_AMOUNT}万元`;
/** Who may hold a step of the 11_2 flow (项目经理, 经营部, 财务部). */
const SIGNERS = ['xmjl', 'bmfzr', 'jingying', 'caiwu', 'zjl', 'admin'];

let contractId = 0;
let approvalId = '';
let originalFees: Fees;
let expected: Fees;

const prepared = new WeakSet<Page>();
async function signIn(page: Page, user: string): Promise<void> {
  if (!prepared.has(page)) {
    prepared.add(page);
    // Waits are for events, with no clock of their own (the first PDF waits on the print service).
    page.setDefaultTimeout(0);
  }
  await signInQuietly(page, user);
}
const row = (page: Page): Locator =>
  page.getByTestId('closing-table-closed').locator('tr[data-row]', { hasText: contractName });

describe('closing a contract and printing its settlement sheet in the browser', () => {
  const session = useBrowser();

  it('finance closes a contract with back money; the closing fees follow the typed amount', async () => {
    const { page, baseURL } = session();
    const admin = await apiToken(baseURL, 'admin');
    const contract = await api<Answer<{ contractId: number }>>(
      baseURL,
      admin,
      'POST',
      '/project/contract/addHistory',
      {
        projectName: `结案浏览器项目${stamp}`,
        contractName,
        entrustBusinessName: '杭州滨江城建',
        bizSource: '1',
        bizType: '3',
        totalAmount: '120',
        cleanAmount: '100',
        signByMain: '杭州滨江城建',
        signBySub: '华东示范建筑设计研究院有限公司',
        signDate: '2026-03-01',
      },
    );
    expect(contract.code, contract.msg).toBe(200);
    contractId = contract.data.contractId;
    const caiwu = await apiToken(baseURL, 'caiwu');
    const back = await api<Answer>(baseURL, caiwu, 'POST', '/project/backMoney/insert', {
      contractId,
      backAmount: '60',
      backDate: '2026-06-01',
      remark: '结案前回款',
    });
    expect(back.code, back.msg).toBe(200);
    const info = await api<Answer<{ contract: { fees: Fees; backAmount: string } }>>(
      baseURL,
      caiwu,
      'GET',
      `/v4/contract/closedCase/detailByContractId?contractId=${String(contractId)}`,
    );
    expect(info.data.contract.backAmount).toBe('60');
    originalFees = info.data.contract.fees;
    const rule = (amount: string): Fees => {
      const r = closingFees(amount, '60', originalFees);
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    };
    expected = rule(CLOSED_AMOUNT);

    await signIn(page, 'caiwu');
    await openMenu(page, '项目管理', '结算结案');
    await page.getByRole('button', { name: '新增结案' }).click();
    const form = page.getByTestId('closing-form');
    await form
      .getByLabel('合同')
      .locator(`option[value="${String(contractId)}"]`)
      .waitFor({ state: 'attached' });
    await form.getByLabel('合同').selectOption(String(contractId));
    await form.getByTestId('closing-back-amount').getByText('60', { exact: true }).waitFor();
    const fee = (k: FeeKey) => form.getByTestId(`closing-fee-${k}`);

    // Each typed amount shows the rule's fees at once.
    for (const amount of ['30', '12.345678', CLOSED_AMOUNT]) {
      await form.getByLabel('结案金额').fill(amount);
      const want = rule(amount);
      for (const k of FEE_KEYS) await expect.poll(() => fee(k).textContent()).toBe(want[k]);
    }
    await form.getByLabel('结案金额').fill('abc');
    await form.getByRole('alert').waitFor();
    expect(await fee('directFee').textContent()).toBe('-');
    await form.getByLabel('结案金额').fill(CLOSED_AMOUNT);
    await expect.poll(() => fee('directFee').textContent()).toBe(expected.directFee);

    await form.getByRole('button', { name: '提交审批' }).click();
    await page.getByText('已提交审批').first().waitFor();
    await row(page).getByText('审批中', { exact: true }).waitFor();
    const cells = await row(page).locator('td').allTextContents();
    expect(cells).toContain(CLOSED_AMOUNT);
    expect(cells).toContain('60');
  });

  it('the approvers sign the closing in their 待我审批', async () => {
    const { page, baseURL } = session();
    for (let step = 0; step < 6; step++) {
      let signer: string | undefined;
      for (const user of SIGNERS) {
        if (await awaitsSignature(baseURL, user, title)) {
          signer = user;
          break;
        }
      }
      if (signer === undefined) break;
      await signApproval(page, signer, title, `${signer}同意结案`);
    }
    const caiwu = await apiToken(baseURL, 'caiwu');
    const info = await api<Answer<{ record: { status: number; approvalId: string } | null }>>(
      baseURL,
      caiwu,
      'GET',
      `/v4/contract/closedCase/detailByContractId?contractId=${String(contractId)}`,
    );
    expect(info.data.record?.status).toBe(2);
    approvalId = info.data.record?.approvalId ?? '';
  });

  it('the contract shows closed and the settlement sheet opens as a PDF with the contract and its fees', async () => {
    const { page } = session();
    await signIn(page, 'caiwu');
    await openMenu(page, '项目管理', '结算结案');
    await row(page).getByText('已通过', { exact: true }).waitFor();

    await row(page).getByRole('button', { name: '详情' }).click();
    const detail = page.getByTestId('closing-detail');
    await detail.getByText('已结案', { exact: true }).waitFor();
    await detail.getByTestId('closing-approval-log').getByText('同意').first().waitFor();

    const answer = page.waitForResponse(
      (r) =>
        r.url().includes('/prod-api/project/approval/export') &&
        r.url().includes('format=pdf') &&
        r.url().includes(`approvalId=${approvalId}`),
    );
    await detail.getByRole('button', { name: '打印' }).click();
    const response = await answer;
    expect(response.status(), await response.text()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    const text = await pdfText(await response.body());
    expect(text).toContain(contractName);
    expect(text).toContain(CLOSED_AMOUNT);
    // The sheet shows its amounts as people read them: grouped, at most four decimals.
    for (const k of FEE_KEYS) expect(text).toContain(displayAmount(expected[k]));

    // The viewer draws the sheet's first page.
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="pdf-viewer"]')?.getAttribute('data-rendered') ===
        '1:0',
    );
    const viewer = page.getByTestId('pdf-viewer');
    expect(Number(await viewer.getAttribute('data-pages'))).toBeGreaterThanOrEqual(1);
  });
});
