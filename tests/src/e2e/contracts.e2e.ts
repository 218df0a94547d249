/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { awaitsSignature, signApproval, signInQuietly } from '../support/approval.js';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu } from '../support/shell.js';
import { clickAction } from '../support/row-actions.js';

/**
 * A contract from unsigned to formal in the browser, against the real server and the seeded
 * contract review flow (1_1: 部门负责人 → 经营部 → 财务部, 总经理 from 100 万元; see
 * adapters/sql/src/seed/approval-flows.ts). 王经营 (jingying, business manager) drafts; whoever
 * the engine puts next signs in the browser. The steps share the server's state, in order.
 */

const NAME = `滨江幼儿园设计合同（浏览器 ${Date.now().toString(36)}）`;
const TOTAL = '88.5';
/** Market, signed after 2024-04-01: directFee is computed (180 × … rule of 001 §9). */
const CLEAN = '80';
/** 80 − 10.1% × 80 − 2.5% × 88.5 = 80 − 8.08 − 2.2125 = 69.7075 */
const DIRECT = '69.7075';
const SIGNERS = ['jingying', 'bmfzr', 'caiwu', 'zjl', 'admin'] as const;

/** Decimal strings in 万元 compared to the 0.0001: sums of a few such values stay exact here. */
const wan = (s: string | null | undefined): string => Number(s ?? 'NaN').toFixed(4);
const plus = (a: string, b: string): string => (Number(a) + Number(b)).toFixed(4);

/** Opens the project main page with its side panel (it stays open on the kept-alive page). */
async function openSidePanel(page: Page): Promise<void> {
  await openMenu(page, '项目管理', '经营主页');
  const panel = page.getByTestId('side-panel');
  if ((await panel.getAttribute('data-open')) !== 'true')
    await page.getByTestId('side-panel-handle').click();
  await page.locator('[data-testid="side-panel"][data-open="true"][data-loaded="true"]').waitFor();
}

/** The side panel's totals as shown. */
async function sidePanel(page: Page): Promise<Record<string, string>> {
  await openSidePanel(page);
  return page
    .getByTestId('side-panel')
    .locator('[data-field]')
    .evaluateAll((els) =>
      Object.fromEntries(els.map((e) => [e.getAttribute('data-field') ?? '', e.textContent ?? ''])),
    );
}

/** Waits until the side panel shows `expected` (万元) for `field`: it refetches after a change. */
async function expectPanel(page: Page, field: string, expected: string): Promise<void> {
  await openSidePanel(page);
  await page.waitForFunction(
    ([f, want]) =>
      Math.abs(
        Number(
          document.querySelector(`[data-testid="side-panel"] [data-field="${f}"]`)?.textContent,
        ) - Number(want),
      ) < 1e-9,
    [field, expected] as const,
  );
}

async function searchByName(page: Page, table: string): Promise<void> {
  const search = page.getByRole('search');
  await search.getByLabel('合同名称').fill(NAME);
  await search.getByRole('button', { name: '搜索' }).click();
  await page.getByTestId(table).locator('tr[data-row]', { hasText: NAME }).waitFor();
}

/** A cell's text: strings and numbers as they are, anything else empty. */
const cellText = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';

const rowOf = (page: Page, table: string) =>
  page.getByTestId(table).locator('tr[data-row]', { hasText: NAME });

interface ContractAnswer {
  data?: { stage: string; status: number; contractId: number; approvalId: string | null };
}

async function contractOf(baseURL: string): Promise<ContractAnswer['data']> {
  const token = await apiToken(baseURL, 'jingying');
  const list = await api<{ rows?: { contractId: number; contractName: string }[] }>(
    baseURL,
    token,
    'GET',
    `/v4/contract/list?pageNum=1&pageSize=20&contractName=${encodeURIComponent(NAME)}`,
  );
  if (!list.rows) throw new Error(`contract list: ${JSON.stringify(list)}`);
  const id = list.rows.find((r) => r.contractName === NAME)?.contractId;
  if (id === undefined) return undefined;
  return (
    await api<ContractAnswer>(
      baseURL,
      token,
      'GET',
      `/project/contract/detailById?contractId=${id}`,
    )
  ).data;
}

describe('contracts in the browser', () => {
  const session = useBrowser();
  let before: Record<string, string> = {};

  it('a business manager adds an unsigned contract; directFee is computed; the side panel counts it', async () => {
    const { page } = session();
    await signInQuietly(page, 'jingying');
    before = await sidePanel(page);

    await openMenu(page, '项目管理', '未签合同');
    await page.getByTestId('contract-list-stay').waitFor();
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const form = page.getByTestId('contract-form');
    await form.getByLabel('项目名称').fill('滨江幼儿园');
    await form.getByLabel('合同名称').fill(NAME);
    await form.getByLabel('委托单位').fill('杭州滨江城建');
    await form.getByLabel('甲方').fill('杭州滨江城建');
    await form.getByLabel('乙方').fill('华东示范建筑设计研究院');
    await form.getByLabel('业务来源').selectOption('1');
    await form.getByLabel('签订日期').fill('2024-05-06');
    // Letters and a minus sign are refused as typed.
    await form.getByLabel('合同金额').pressSequentially(`-x${TOTAL}`);
    expect(await form.getByLabel('合同金额').inputValue()).toBe(TOTAL);
    await form.getByLabel('合同净额').fill(CLEAN);
    // Market, signed from 2024-04-01: directFee is read-only and shows the computed value.
    expect(await form.getByTestId('direct-fee').getAttribute('readonly')).not.toBeNull();
    expect(await form.getByTestId('direct-fee').inputValue()).toBe(DIRECT);
    expect(
      await form.locator('[data-testid="fee-preview"] [data-fee="realAmount"]').textContent(),
    ).toBe('8.08');
    await form.getByRole('button', { name: '保存', exact: true }).click();
    await form.waitFor({ state: 'detached' });
    await searchByName(page, 'contract-list-stay');
    expect(await rowOf(page, 'contract-list-stay').textContent()).toContain(TOTAL);

    await expectPanel(page, 'stayTotalAmount', plus(before['stayTotalAmount'] ?? '0', TOTAL));
  });

  it('converts it to a contract and submits it for review', async () => {
    const { page, baseURL } = session();
    await signInQuietly(page, 'jingying');
    await openMenu(page, '项目管理', '未签合同');
    await searchByName(page, 'contract-list-stay');
    await clickAction(rowOf(page, 'contract-list-stay').getByTestId('convert'));
    await page.getByRole('button', { name: '确定' }).click();
    await page.getByText('转合同成功').first().waitFor();
    await rowOf(page, 'contract-list-stay').waitFor({ state: 'detached' });
    // No longer unsigned: the side panel's unsigned total is back where it was.
    await expectPanel(page, 'stayTotalAmount', before['stayTotalAmount'] ?? '0');

    await openMenu(page, '项目管理', '合同列表');
    await page.getByLabel('合同阶段').selectOption('contract');
    await searchByName(page, 'contract-list-contract');
    expect(await rowOf(page, 'contract-list-contract').textContent()).toContain('待提交');
    await clickAction(rowOf(page, 'contract-list-contract').getByTestId('submit-review'));
    await page.getByText('已提交审批').first().waitFor();
    await page.waitForFunction(
      (name) =>
        [...document.querySelectorAll('[data-testid="contract-list-contract"] tr[data-row]')].some(
          (tr) => tr.textContent?.includes(name) && tr.textContent.includes('审批中'),
        ),
      NAME,
    );
    const c = await contractOf(baseURL);
    expect(c?.status).toBe(0);
    expect(c?.approvalId).toBeTruthy();
  });

  it('the approvers sign in turn and it becomes a formal contract', async () => {
    const { page, baseURL } = session();
    const signed: string[] = [];
    // Each round: the one signer the engine waits for signs in the browser.
    for (let round = 0; round < 6 && (await contractOf(baseURL))?.stage !== 'formal'; round += 1) {
      let next: string | undefined;
      for (const user of SIGNERS) {
        if (await awaitsSignature(baseURL, user, NAME)) {
          next = user;
          break;
        }
      }
      expect(next, `nobody has ${NAME} to sign after ${signed.join(', ')}`).toBeDefined();
      await signApproval(page, next!, NAME, `${next!} 同意`);
      signed.push(next!);
    }
    // 部门负责人 and 经营部 (one person here, 王经营 leads 经营部), then 财务部.
    expect(signed.at(-1)).toBe('caiwu');
    const c = await contractOf(baseURL);
    expect(c?.stage).toBe('formal');
    expect(c?.status).toBe(1);
  });

  it('the formal list shows it with its sums; the export is a real .xlsx of the filtered rows', async () => {
    const { page } = session();
    await signInQuietly(page, 'jingying');
    await openMenu(page, '项目管理', '合同列表');
    await searchByName(page, 'contract-list-formal');
    const table = page.getByTestId('contract-list-formal');
    // The unfiltered page may show the contract too: wait for the filtered answer, one row.
    await table.locator('tr[data-row]').nth(1).waitFor({ state: 'detached' });
    await rowOf(page, 'contract-list-formal').waitFor();
    expect(await table.locator('tr[data-row]').count()).toBe(1);
    expect(await rowOf(page, 'contract-list-formal').textContent()).toContain('正式合同');
    expect(await table.getByTestId('sum-row').textContent()).toContain(TOTAL);

    // The detail shows the stored split and the approval it passed.
    await rowOf(page, 'contract-list-formal').getByTestId('open-contract').click();
    const detail = page.getByTestId('contract-detail');
    expect(await detail.locator('[data-fee="directFee"]').textContent()).toBe(DIRECT);
    await detail.getByRole('button', { name: '查看审批' }).click();
    const approval = page.getByTestId('approval-detail');
    await approval.locator('[data-version]').waitFor();
    expect(await approval.textContent()).toContain('已通过');
    await approval.getByRole('button', { name: '关闭', exact: true }).last().click();
    await approval.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const path = await download.path();
    const bytes = await readFile(path);
    // A real workbook: a zip (PK) that exceljs opens.
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(cellText);
    const rows: Record<string, string>[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const values = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(header.map((h, i) => [h, cellText(values[i])])));
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.['合同名称']).toBe(NAME);
    expect(rows[0]?.['阶段']).toBe('正式合同');
    expect(wan(rows[0]?.['合同金额（万元）'])).toBe(wan(TOTAL));
    // The export has the list's columns (设计费, not 直接费), amounts as number cells.
    expect(wan(rows[0]?.['设计费（万元）'])).toBe(wan('2.2125'));
    const amount = sheet.getRow(2).getCell(header.indexOf('合同金额（万元）') + 1);
    expect(amount.type).toBe(ExcelJS.ValueType.Number);

    // Formal now: still out of the side panel's unsigned and declared totals.
    expect(wan((await sidePanel(page))['stayTotalAmount'])).toBe(wan(before['stayTotalAmount']));
  });
});
