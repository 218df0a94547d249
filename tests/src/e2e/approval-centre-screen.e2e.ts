/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { displayAmount } from '@dpms/core';
import { describe, expect, it } from 'vitest';
import { signInQuietly } from '../support/approval.js';
import { ARTIFACTS_DIR, useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu } from '../support/shell.js';

/**
 * 发起审批 of a kind its record's screen sends (a loan agreement 10_1, a closing 11_2) is that
 * screen's own form: finance (caiwu) starts a loan from 发起审批 and meets the team's limit beside
 * the amount, as in 借款管理; a loan within it is created and sent, its approval opens, and the
 * loan is in 借款管理 with that approval. A closing above the back money is refused beside the
 * amount by 结算结案's own rule, and nothing is stored.
 */
interface Answer<T = unknown> {
  code: number;
  msg?: string;
  data: T;
}

const stamp = Date.now();
// A loan amount no other test uses: its approval title names it.
const loanAmount = `0.${String(100_000 + (stamp % 800_000)).slice(0, 5)}3`;
const loanTitle = `借款协议-建筑一所-${loanAmount}万元`;
const contractName = `发起审批结案合同${String(stamp)}`;

const prepared = new WeakSet<Page>();
async function signIn(page: Page, user: string): Promise<void> {
  if (!prepared.has(page)) {
    prepared.add(page);
    // Waits are for events, with no clock of their own.
    page.setDefaultTimeout(0);
  }
  await signInQuietly(page, user);
}

/** A full-page picture of the step, for a person to look at (tests/artifacts). */
async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `centre-screen-${name}.png`) });
}

/** 我发起的 → 发起审批 with `typeCode` chosen: the record screen's launcher in place of 提交. */
async function startFromCentre(page: Page, kind: string, typeCode: string) {
  await openMenu(page, '审批管理', '我发起的');
  await page.getByRole('button', { name: '发起审批' }).click();
  const form = page.getByTestId('approval-form');
  await form.getByLabel('表单类型').selectOption(kind);
  await form.getByLabel('审批类型').selectOption(typeCode);
  await form.getByTestId('screen-launcher').waitFor();
  expect(await form.getByRole('button', { name: '提交', exact: true }).count()).toBe(0);
  return form;
}

describe('发起审批 of a screen kind is its record screen’s own form, in the browser', () => {
  const session = useBrowser();

  it('finance starts a loan from 发起审批: the team’s limit refuses more beside the amount', async () => {
    const { page, baseURL } = session();
    await signIn(page, 'caiwu');
    const centre = await startFromCentre(page, 'Common', '10_1');
    await centre.getByTestId('screen-drafts').getByLabel('关联借款').waitFor();
    await shoot(page, 'loan-launcher');
    await centre.getByRole('button', { name: '申请借款' }).click();
    const form = page.getByTestId('loan-form');
    await form
      .getByLabel('借款部门')
      .locator('option', { hasText: '建筑一所' })
      .waitFor({ state: 'attached' });
    await form.getByLabel('借款部门').selectOption({ label: '建筑一所' });
    const borrowable = Number(await form.getByTestId('loan-borrowable').textContent());
    expect(borrowable).toBeGreaterThan(Number(loanAmount));
    const over = String(borrowable + 1);
    await form.getByLabel('借款金额（万元）').fill(over);
    await form.getByLabel('借款事由').fill('发起审批借款');
    const refusal = form.getByText(`借款金额超过可借额度（可借${String(borrowable)}万元）`);
    await refusal.waitFor();
    await form.getByRole('button', { name: '保存并送审' }).click();
    await shoot(page, 'loan-over-limit');
    // Still the form, still refused: nothing was sent.
    await refusal.waitFor();
    expect(await page.getByTestId('approval-form').count()).toBe(1);

    await form.getByLabel('借款金额（万元）').fill(loanAmount);
    await refusal.waitFor({ state: 'detached' });
    await form.getByRole('button', { name: '保存并送审' }).click();
    // The loan's approval opens in 发起审批's place.
    const detail = page.getByTestId('approval-detail');
    await detail.getByText(loanTitle).first().waitFor();
    await detail.locator('[data-status="0"]').waitFor();
    expect(await page.getByTestId('approval-form').count()).toBe(0);
    // The refusal above was on screen before 保存并送审 was pressed: what proves nothing was
    // sent is the server, which (after the loan within the limit, pressed later, is stored) holds
    // no loan of the over amount.
    const loans = await api<{ rows: { loanAmount: string }[] }>(
      baseURL,
      await apiToken(baseURL, 'caiwu'),
      'GET',
      '/contract/loan/list?pageNum=1&pageSize=1000',
    );
    expect(loans.rows.some((l) => Number(l.loanAmount) === Number(loanAmount))).toBe(true);
    expect(loans.rows.filter((l) => Number(l.loanAmount) === Number(over))).toEqual([]);
    await shoot(page, 'loan-approval');
    // 我发起的 lists it, as after a form 发起审批 sends itself.
    await detail.getByRole('button', { name: '关闭' }).last().click();
    await page
      .getByTestId('approval-list-mine')
      .locator('tr[data-row]', { hasText: loanTitle })
      .waitFor();
  });

  it('the loan is in 借款管理 with that approval', async () => {
    const { page, baseURL } = session();
    const token = await apiToken(baseURL, 'caiwu');
    const loans = await api<{
      rows: { loanId: number; loanAmount: string; status: number; approvalId: string | null }[];
    }>(baseURL, token, 'GET', '/contract/loan/list?pageNum=1&pageSize=100&status=1');
    const loan = loans.rows.find((l) => l.loanAmount === loanAmount);
    if (loan === undefined) throw new Error('the loan is not in approval');
    expect(loan.approvalId).not.toBeNull();

    await signIn(page, 'caiwu');
    await openMenu(page, '资金管理', '借款管理');
    await page.getByTestId(`loan-detail-${String(loan.loanId)}`).click();
    const detail = page.getByTestId('loan-detail');
    expect(await detail.getByTestId('loan-detail-amount').textContent()).toBe(
      displayAmount(loanAmount),
    );
    await detail.getByTestId('loan-detail-status').filter({ hasText: '审批中' }).waitFor();
    await detail.getByTestId('loan-approval').click();
    await page.getByTestId('approval-detail').getByText(loanTitle).first().waitFor();
    await shoot(page, 'loan-in-screen');
  });

  it('a loan sent through 发起审批’s own create call is 借款管理’s loan, its sheet showing the amount', async () => {
    const { page, baseURL } = session();
    const token = await apiToken(baseURL, 'caiwu');
    // An amount no other step uses, so the list row is this loan's.
    const amount = `0.${String(200_000 + (stamp % 700_000)).slice(0, 5)}7`;
    const answer = await api<Answer<{ approvalId: string; status: number }>>(
      baseURL,
      token,
      'POST',
      '/project/approval/addCommonTemplate',
      {
        typeCode: '10_1',
        recordKind: 'dept',
        recordId: '110',
        recordFields: { loanAmount: amount, refundDate: '2026-12-31', reason: '审批中心接口借款' },
        content: {},
        submit: true,
      },
    );
    expect(answer.code, answer.msg).toBe(200);
    const loans = await api<{
      rows: { loanId: number; loanAmount: string; approvalId: string | null }[];
    }>(baseURL, token, 'GET', '/contract/loan/list?pageNum=1&pageSize=100&status=1');
    const loan = loans.rows.find((l) => l.loanAmount === amount);
    if (loan === undefined) throw new Error('the centre’s loan is not in 借款管理');
    expect(loan.approvalId).toBe(answer.data.approvalId);

    await signIn(page, 'caiwu');
    await openMenu(page, '资金管理', '借款管理');
    await page.getByTestId(`loan-detail-${String(loan.loanId)}`).click();
    const detail = page.getByTestId('loan-detail');
    await detail.getByTestId('loan-detail-status').filter({ hasText: '审批中' }).waitFor();
    await detail.getByTestId('loan-approval').click();
    // The approver's sheet is the loan's: 借款金额 with this amount.
    const sheet = page.getByTestId('approval-detail');
    await sheet.getByText(`借款协议-建筑一所-${amount}万元`).first().waitFor();
    await sheet.getByText(displayAmount(amount)).first().waitFor();
    await shoot(page, 'loan-from-centre-call');
  });

  it('a closing from 发起审批 above the back money is refused beside the amount, and nothing is stored', async () => {
    const { page, baseURL } = session();
    const admin = await apiToken(baseURL, 'admin');
    const contract = await api<Answer<{ contractId: number }>>(
      baseURL,
      admin,
      'POST',
      '/project/contract/addHistory',
      {
        projectName: `发起审批结案项目${String(stamp)}`,
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
    const contractId = contract.data.contractId;
    const caiwu = await apiToken(baseURL, 'caiwu');
    const back = await api<Answer>(baseURL, caiwu, 'POST', '/project/backMoney/insert', {
      contractId,
      backAmount: '60',
      backDate: '2026-06-01',
      remark: '结案前回款',
    });
    expect(back.code, back.msg).toBe(200);

    await signIn(page, 'caiwu');
    const centre = await startFromCentre(page, 'Common', '11_2');
    await centre.getByRole('button', { name: '新增结案' }).click();
    const form = page.getByTestId('closing-form');
    await form
      .getByLabel('合同')
      .locator(`option[value="${String(contractId)}"]`)
      .waitFor({ state: 'attached' });
    await form.getByLabel('合同').selectOption(String(contractId));
    await form.getByTestId('closing-back-amount').getByText('60', { exact: true }).waitFor();
    await form.getByLabel('结案金额').fill('200');
    await form.getByRole('button', { name: '提交审批' }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: '结案金额不能超过合同已回款金额 60 万元' })
      .waitFor();
    await shoot(page, 'closing-over-ceiling');

    const info = await api<Answer<{ record: unknown }>>(
      baseURL,
      caiwu,
      'GET',
      `/v4/contract/closedCase/detailByContractId?contractId=${String(contractId)}`,
    );
    expect(info.data.record).toBeNull();
  });
});
