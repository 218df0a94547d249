/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signInQuietly } from '../support/approval.js';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu } from '../support/shell.js';

/**
 * 合同列表 → 新增 → 保存并提交审批, as a person who leaves 甲方 and 乙方 empty and fills them in
 * after being told, clicking three times: the form checks with the very schema the server does,
 * so nothing is sent until the form is whole, and the one call that is sent saves and submits
 * together. The result is one contract, in approval, not three.
 */

const NAME = `三次点击设计合同（浏览器 ${Date.now().toString(36)}）`;

/** The contracts of that name in every stage, as the API lists them. */
async function contractsNamed(baseURL: string): Promise<{ status: number; stage: string }[]> {
  const token = await apiToken(baseURL, 'jingying');
  const rows: { status: number; stage: string; contractName: string }[] = [];
  for (const path of ['/v4/contract/list', '/project/stay/list', '/project/declare/list']) {
    const r = await api<{ rows?: { status: number; stage: string; contractName: string }[] }>(
      baseURL,
      token,
      'GET',
      `${path}?pageNum=1&pageSize=50&contractName=${encodeURIComponent(NAME)}`,
    );
    rows.push(...(r.rows ?? []).filter((c) => c.contractName === NAME));
  }
  return rows;
}

/** The message shown beside a field (its Field's alert), or '' when there is none. */
async function besides(field: Locator): Promise<string> {
  return field.evaluate(
    (el) => el.closest('div')?.querySelector('[role="alert"]')?.textContent ?? '',
  );
}

describe('the contract form in the browser', () => {
  const session = useBrowser();

  it('marks 甲方 and 乙方 as required, refuses before sending, and three clicks make one contract', async () => {
    const { page, baseURL } = session();
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/prod-api\/(v4\/contract|project\/contract)\//.test(r.url()))
        writes.push(new URL(r.url()).pathname);
    });
    await signInQuietly(page, 'jingying');
    await openMenu(page, '项目管理', '合同列表');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const form = page.getByTestId('contract-form');
    await form.waitFor();

    // Marked before anything is sent.
    const required = await form
      .locator('label')
      .evaluateAll((ls) => ls.map((l) => l.textContent ?? '').filter((t) => t.startsWith('*')));
    expect(required).toEqual(expect.arrayContaining(['*甲方', '*乙方']));

    await form.getByLabel('项目名称').fill('三次点击项目');
    await form.getByLabel('合同名称').fill(NAME);
    await form.getByLabel('业务来源').selectOption('2');
    await form.getByLabel('签订日期').fill('2024-05-06');
    await form.getByLabel('合同金额').fill('66');
    const submit = form.getByRole('button', { name: '保存并提交审批' });

    // First click: both parties missing, both named at once, beside their fields.
    await submit.click();
    await form.getByText('甲方不能为空').waitFor();
    expect(await besides(form.getByLabel('甲方'))).toBe('甲方不能为空');
    expect(await besides(form.getByLabel('乙方'))).toBe('乙方不能为空');

    // Second click, 甲方 filled: only 乙方 is left.
    await form.getByLabel('甲方').fill('杭州滨江城建');
    await submit.click();
    await form.getByText('乙方不能为空').waitFor();
    expect(await besides(form.getByLabel('甲方'))).toBe('');
    expect(writes).toEqual([]);

    // Third click: sent once, saved and submitted together.
    await form.getByLabel('乙方').fill('华东示范建筑设计研究院');
    await submit.click();
    await page.getByText('已提交审批').first().waitFor();
    await form.waitFor({ state: 'detached' });
    expect(writes).toEqual(['/prod-api/project/contract/saveAndSubmit']);

    const made = await contractsNamed(baseURL);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ stage: 'contract', status: 0 });
  });
});
