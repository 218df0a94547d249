/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openApproval } from '../support/approval.js';
import { useBrowser } from '../support/browser.js';
import { shanghaiMinute } from '../support/institute-time.js';
import { api, apiToken, openMenu, REAL_STATUS, signIn } from '../support/shell.js';

const run = promisify(execFile);

/**
 * The institute's clock, seen by a browser that runs in UTC with an English locale (a laptop set
 * up abroad): every time on screen is the institute's wall clock (Asia/Shanghai by default), the
 * same minute the printed PDF shows, and a date field reads and writes yyyy-MM-dd in Chinese.
 *
 * The approval is a seeded one (adapters/sql/src/seed/approval-samples.ts): 项目组打印机采购,
 * drafted by 李项目 (xmjl) and approved by 赵所长 at 部门负责人.
 */
const TITLE = '项目组打印机采购';

interface LogEntry {
  action: string;
  createTime: string;
}
interface Detail {
  approval: { approvalId: string; submitTime: string | null };
  log: LogEntry[];
}

const work = mkdtempSync(path.join(tmpdir(), 'dpms-e2e-clock-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function pdfText(bytes: Buffer): Promise<string> {
  const file = path.join(work, `${Date.now()}.pdf`);
  writeFileSync(file, bytes);
  return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
}

describe('the institute clock in a browser in UTC with an English locale', () => {
  const session = useBrowser();
  let context: BrowserContext | undefined;
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  /** A page in a context whose zone is UTC and whose language is English. */
  async function utcPage(): Promise<Page> {
    const { browser, baseURL } = session();
    context = await browser.newContext({
      baseURL,
      viewport: { width: 1366, height: 768 },
      timezoneId: 'UTC',
      locale: 'en-US',
    });
    const page = await context.newPage();
    // Waits are for events, with no clock of their own (a cold first load can be slow here).
    page.setDefaultTimeout(0);
    await page.addInitScript(() => sessionStorage.setItem('hideNotify', 'true'));
    return page;
  }

  it('shows an approval action at the institute wall clock, the same minute as on its PDF', async () => {
    const { baseURL } = session();
    const token = await apiToken(baseURL, 'xmjl');
    const mine = await api<{ rows: { approvalId: string; title: string }[] }>(
      baseURL,
      token,
      'GET',
      `/project/approval/getSelfCreateList?pageNum=1&pageSize=50&title=${encodeURIComponent(TITLE)}`,
    );
    const approvalId = mine.rows.find((r) => r.title === TITLE)!.approvalId;
    const detail = await api<{ data: Detail }>(
      baseURL,
      token,
      'GET',
      `/project/approval/getCommonApprovalDetail?approvalId=${approvalId}`,
    );
    const approved = detail.data.log.find((e) => e.action === 'approve')!;
    // The wire carries an instant with an offset (ISO 8601).
    expect(approved.createTime).toMatch(/T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    const expected = shanghaiMinute(approved.createTime);
    const submitted = shanghaiMinute(detail.data.approval.submitTime!);

    const page = await utcPage();
    // The page really runs in UTC: its own clock reads the instant eight hours earlier.
    expect(
      await page.evaluate(
        (iso) => [Intl.DateTimeFormat().resolvedOptions().timeZone, new Date(iso).getHours()],
        approved.createTime,
      ),
    ).toEqual(['UTC', new Date(approved.createTime).getUTCHours()]);
    await signIn(page, 'xmjl');
    await openMenu(page, '审批管理', '我发起的');
    const dialog = await openApproval(page, 'mine', TITLE);
    const row = dialog.locator('[data-testid="log-row"][data-action="approve"]').first();
    const shown = (await row.locator('td').first().textContent())?.trim();
    expect(shown).toBe(expected);
    expect(await dialog.textContent()).toContain(submitted);

    // The printed sheet: the same minutes, from the same rule and zone.
    const pdf = await fetch(
      `${baseURL}/prod-api/project/approval/export?format=pdf&approvalId=${approvalId}`,
      { headers: { ...REAL_STATUS, Authorization: `Bearer ${token}` } },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).replace(/\s+/g, '');
    expect(text).toContain(shown!.replace(/\s+/g, ''));
    expect(text).toContain(submitted.replace(/\s+/g, ''));
  });

  it('a date field shows and takes yyyy-MM-dd with a Chinese calendar', async () => {
    const page = await utcPage();
    await signIn(page, 'admin');
    await openMenu(page, '项目管理', '合同列表');
    const field = page.getByRole('textbox', { name: /签订日期起/ });
    await field.waitFor();
    expect(await field.getAttribute('placeholder')).toBe('yyyy-MM-dd');
    await field.fill('2026/3/5');
    await field.blur();
    await expect.poll(() => field.inputValue()).toBe('2026-03-05');

    // The calendar button beside this field.
    await field.locator('xpath=..').getByRole('button', { name: '打开日历' }).click();
    const picker = page.getByTestId('date-picker');
    await picker.waitFor();
    expect(await picker.locator('.rdp-weekday').allTextContents()).toEqual([
      '一',
      '二',
      '三',
      '四',
      '五',
      '六',
      '日',
    ]);
    await picker.getByRole('button', { name: /2026年3月20日/ }).click();
    await expect.poll(() => field.inputValue()).toBe('2026-03-20');
  });
});
