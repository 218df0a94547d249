/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import {
  FEE_RATE_DICT_TYPES,
  displayAmount,
  lixiangFees,
  netPay,
  rateSetFromDict,
  validateLixiang,
  type FeeRateSets,
} from '@dpms/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInQuietly } from '../support/approval.js';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu } from '../support/shell.js';

/**
 * The filing and sub-contract forms in the browser against the real server: 王经营 (jingying)
 * adds a project filing and a sub-contract with a pay item and its attachment, watches the
 * preview follow what is typed (core's split and net pay, computed in the page), saves, and finds
 * each in its list.
 */

const STAMP = Date.now().toString(36);
const FILING = `未来社区立项（浏览器 ${STAMP}）`;
const PAYEE = `浏览器分包顾问中心（${STAMP}）`;

/** The rate sets the server splits by, read from the same dictionaries the web reads. */
async function serverRates(baseURL: string): Promise<FeeRateSets> {
  const token = await apiToken(baseURL, 'jingying');
  const sets: FeeRateSets = {};
  for (const [category, type] of Object.entries(FEE_RATE_DICT_TYPES)) {
    const answer = await api<{ data?: { dictLabel: string; dictValue: string }[] }>(
      baseURL,
      token,
      'GET',
      `/system/dict/data/type/${type}`,
    );
    sets[category as keyof FeeRateSets] = rateSetFromDict(answer.data ?? []);
  }
  return sets;
}

/** The filing split core computes for a contract amount of an internal (2) filing. */
function expectedFiling(total: string, rates: FeeRateSets) {
  const fields = validateLixiang({ projectName: FILING, bizSource: '2', totalAmount: total });
  if (!fields.ok) throw new Error(fields.error.message);
  const fees = lixiangFees(fields.value, rates);
  if (!fees.ok) throw new Error(fees.error.message);
  return fees.value.fees;
}

/** Waits until the preview `testId` shows `value` for `key`. */
async function previewShows(page: Page, testId: string, key: string, value: string) {
  await page.waitForFunction(
    ([t, k, v]) =>
      document.querySelector(`[data-testid="${t}"] [data-fee="${k}"]`)?.textContent === v,
    [testId, key, value] as const,
  );
}

async function search(page: Page, label: string, value: string) {
  const bar = page.getByRole('search');
  await bar.getByLabel(label).fill(value);
  await bar.getByRole('button', { name: '搜索' }).click();
}

describe('filing and sub-contract forms in the browser', () => {
  const session = useBrowser();

  it('a business manager adds a filing; the fee preview follows the typed amount; it is listed', async () => {
    const { page, baseURL } = session();
    const rates = await serverRates(baseURL);
    await signInQuietly(page, 'jingying');
    await openMenu(page, '项目管理', '项目立项');
    await page.getByTestId('lixiang-list').waitFor();
    await page.getByTestId('add-lixiang').click();
    const form = page.getByTestId('lixiang-form');
    await form.getByLabel('项目名称').fill(FILING);
    await form.getByLabel('立项编号').fill(`LX-E2E-${STAMP}`);
    await form.getByLabel('业务来源').selectOption('2');

    await form.getByLabel('合同金额').fill('100');
    const first = expectedFiling('100', rates);
    await previewShows(page, 'fee-preview', 'designFee', first.designFee);
    await previewShows(page, 'fee-preview', 'operateFee', first.operateFee);

    // Typing on: the preview follows, and a letter never reaches the field.
    await form.getByLabel('合同金额').fill('256.5a');
    expect(await form.getByLabel('合同金额').inputValue()).toBe('256.5');
    const fees = expectedFiling('256.5', rates);
    await previewShows(page, 'fee-preview', 'realAmount', fees.realAmount);
    await previewShows(page, 'fee-preview', 'designFee', fees.designFee);
    expect(fees.designFee).not.toBe(first.designFee);

    await form.getByRole('button', { name: '保存', exact: true }).click();
    await form.waitFor({ state: 'detached' });

    await search(page, '项目名称', FILING);
    const row = page.getByTestId('lixiang-list').locator('tr[data-row]', { hasText: FILING });
    // The searched list: this filing alone.
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="lixiang-list"] tr[data-row]').length === 1,
    );
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain('待提交');
    expect(text).toContain('256.5');
    // The list reads amounts as people do: four decimals at most, thousands grouped.
    expect(text).toContain(displayAmount(fees.designFee));
  });

  it('a business manager adds a sub-contract and a pay item with its attachment; previews follow; both are listed', async () => {
    const { page } = session();
    await signInQuietly(page, 'jingying');
    await openMenu(page, '项目管理', '分包合同');
    await page.getByTestId('contract-child-list').waitFor();
    await page.getByTestId('add-child').click();
    const form = page.getByTestId('contract-child-form');

    // The contract it belongs to, picked by name among contracts in review and formal ones.
    await form.getByLabel('所属合同').fill('设计合同');
    // The combobox's suggestions (not the search bar's native select options).
    const option = page.locator('[role="option"]').first();
    await option.waitFor();
    await option.click();
    await form.getByText(/^已选：/).waitFor();

    await form.getByLabel('分包类型').selectOption('3');
    await form.getByLabel('收款单位').fill(PAYEE);
    await form.getByLabel('分包合同编号').fill(`FB-E2E-${STAMP}`);
    await form.getByLabel('分包金额').fill('12');
    await previewShows(page, 'child-preview', 'canPayAmount', '12');
    await form.getByLabel('分包金额').fill('18.5');
    await previewShows(page, 'child-preview', 'canPayAmount', '18.5');
    await previewShows(page, 'child-preview', 'childType', '专家费');
    // The refusal the server would give is shown before anything is sent.
    await form.getByLabel('收款单位').fill('');
    await form.getByRole('button', { name: '保存', exact: true }).click();
    await form.getByText('收款单位不能为空').waitFor();
    await form.getByLabel('收款单位').fill(PAYEE);
    await form.getByRole('button', { name: '保存', exact: true }).click();
    await form.waitFor({ state: 'detached' });

    await search(page, '收款单位', PAYEE);
    const list = page.getByTestId('contract-child-list');
    const row = list.locator('tr[data-row]', { hasText: PAYEE });
    await row.waitFor();
    expect(await row.innerText()).toContain('18.5');

    // A pay item with an attachment, from the sub-contract's detail.
    await row.getByRole('button', { name: '详情' }).click();
    const detail = page.getByTestId('contract-child-detail');
    await detail.getByTestId('add-pay').click();
    const pay = page.getByTestId('child-pay-form');
    await pay.getByLabel('付款金额').fill('5');
    await pay.getByLabel('税率').fill('0.03');
    await previewShows(page, 'pay-preview', 'realPayAmount', netPay('5', '0.03'));
    await previewShows(page, 'pay-preview', 'leftAfter', '13.5');
    await pay.getByLabel('付款金额').fill('8');
    await previewShows(page, 'pay-preview', 'realPayAmount', netPay('8', '0.03'));
    await previewShows(page, 'pay-preview', 'leftAfter', '10.5');
    await page.getByTestId('pay-files-input').setInputFiles({
      name: '付款凭证.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(256, 0x20)]),
    });
    await pay.getByText('付款凭证.pdf').first().waitFor();
    await pay.getByRole('button', { name: '保存', exact: true }).click();
    await pay.waitFor({ state: 'detached' });
    const payRow = detail.getByTestId('child-pays').locator('tr[data-row]').first();
    await payRow.waitFor();
    const payText = await payRow.innerText();
    expect(payText).toContain(displayAmount(netPay('8', '0.03')));
    expect(payText).toContain('1个');
    await detail.locator('[data-field="canPayAmount"]', { hasText: '10.5' }).waitFor();
  });
});
