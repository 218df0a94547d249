/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { awaitsSignature, signApproval, signInQuietly } from '../support/approval.js';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu } from '../support/shell.js';

/**
 * A formal contract prints from 合同详情 as an A4 PDF sealed by the institute: the PDF the viewer
 * shows passes pdfsig, and one changed byte makes pdfsig call it modified. The contract goes
 * through the seeded review flow (1_1), each signer signing in the browser.
 */

const run = promisify(execFile);
const NAME = `滨江图书馆设计合同（打印 ${Date.now().toString(36)}）`;
const NO = `HT-PDF-${Date.now().toString(36)}`;
const SIGNERS = ['jingying', 'bmfzr', 'caiwu', 'zjl', 'admin'] as const;

interface Answer<T = unknown> {
  code: number;
  msg?: string;
  data: T;
}

const work = mkdtempSync(path.join(tmpdir(), 'dpms-e2e-contract-pdf-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What pdfsig says of a PDF (it exits non-zero for some answers: its words are what count). */
async function pdfsig(bytes: Buffer, name: string): Promise<string> {
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, bytes);
  return run('pdfsig', [file]).then(
    (r) => r.stdout,
    (e: { stdout?: string }) => e.stdout ?? '',
  );
}

describe('a formal contract prints from its detail page', () => {
  const session = useBrowser();

  it('is drafted, submitted and signed through its review until it is formal', async () => {
    const { page, baseURL } = session();
    const token = await apiToken(baseURL, 'jingying');
    const added = await api<Answer<{ contractId: number }>>(
      baseURL,
      token,
      'POST',
      '/v4/contract/add',
      {
        projectName: `${NAME}项目`,
        contractName: NAME,
        contractNo: NO,
        bizSource: '2',
        totalAmount: '66.5',
        cleanAmount: '66.5',
        signByMain: '杭州滨江城建',
        signBySub: '华东示范建筑设计研究院有限公司',
        signDate: '2026-05-01',
      },
    );
    expect(added.code, added.msg).toBe(200);
    const contractId = added.data.contractId;
    const sent = await api<Answer>(baseURL, token, 'POST', '/project/contract/updateToApproval', {
      contractId,
    });
    expect(sent.code, sent.msg).toBe(200);
    const stage = async () =>
      (
        await api<Answer<{ stage: string; status: number }>>(
          baseURL,
          token,
          'GET',
          `/project/contract/detailById?contractId=${contractId}`,
        )
      ).data;
    for (let round = 0; round < 6 && (await stage()).stage !== 'formal'; round += 1) {
      let next: string | undefined;
      for (const user of SIGNERS) {
        if (await awaitsSignature(baseURL, user, NAME)) {
          next = user;
          break;
        }
      }
      expect(next, `nobody has ${NAME} to sign`).toBeDefined();
      await signApproval(page, next!, NAME, `${next!} 同意`);
    }
    expect(await stage()).toMatchObject({ stage: 'formal', status: 1 });
  });

  it('opens its PDF from 合同详情 with 查看PDF: sealed, and a changed byte reads as modified', async () => {
    const { page } = session();
    // The first PDF after the server starts waits on the print service's warm browser.
    page.setDefaultTimeout(0);
    await signInQuietly(page, 'jingying');
    await openMenu(page, '项目管理', '合同列表');
    const search = page.getByRole('search');
    await search.getByLabel('合同名称').fill(NAME);
    await search.getByRole('button', { name: '搜索' }).click();
    const row = page.getByTestId('contract-list-formal').locator('tr[data-row]', { hasText: NAME });
    await row.waitFor();
    await row.getByTestId('open-contract').click();
    const detail = page.getByTestId('contract-detail');
    await detail.locator('[data-contract-id]').waitFor();

    const answer = page.waitForResponse((r) => /\/prod-api\/v4\/contract\/\d+\/pdf$/.test(r.url()));
    await detail.getByRole('button', { name: '查看PDF', exact: true }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    // The viewer draws that PDF's first page.
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="pdf-viewer"]')?.getAttribute('data-rendered') ===
        '1:0',
    );

    const pdf = await response.body();
    const report = await pdfsig(pdf, 'formal');
    const text = (await run('pdftotext', ['-enc', 'UTF-8', path.join(work, 'formal.pdf'), '-']))
      .stdout;
    expect(text.replace(/\s+/g, '')).toContain(NO);
    expect(report).toContain('Signature is Valid');
    expect(report).toContain('Total document signed');
    const changed = Buffer.from(pdf);
    const at = changed.indexOf('stream') + 'stream'.length + 20;
    changed[at] = changed[at] === 0x41 ? 0x42 : 0x41;
    const broken = await pdfsig(changed, 'formal-changed');
    expect(broken).not.toContain('Signature is Valid');
    expect(broken).toMatch(/Signature is Invalid|Digest Mismatch|modified/i);
  });
});
