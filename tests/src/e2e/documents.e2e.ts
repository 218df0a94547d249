/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { amountInWords, normalizeAmountInput } from '@dpms/core';
import { afterAll, describe, expect, it } from 'vitest';
import { awaitsSignature, signApproval, signInQuietly } from '../support/approval.js';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu, REAL_STATUS, signIn } from '../support/shell.js';
import { rowAction } from '../support/row-actions.js';

const run = promisify(execFile);

interface Answer<T = unknown> {
  code: number;
  msg?: string;
  data: T;
}

const XMJL = 3;
const SJZC = 4;

/**
 * The 5_1 flow a document goes into (adapters/sql/src/seed/approval-flows.ts), for 李项目 of
 * 建筑一所 and an amount under 100 万元: 部门负责人, 经营部, 财务部; each signs with an opinion.
 */
const SIGNERS = [
  { user: 'bmfzr', opinion: '部门同意' },
  { user: 'jingying', opinion: '价格合理' },
  { user: 'caiwu', opinion: '财务已核' },
] as const;

/** A 2×2 PNG: a signer's signature image for the personal centre. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGNQcDgARAwQCgAdDgSB4itaHAAAAABJRU5ErkJggg==',
  'base64',
);

/** Stores `user`'s signature image through the personal centre's call. */
async function setSignature(baseURL: string, user: string): Promise<void> {
  const token = await apiToken(baseURL, user);
  const form = new FormData();
  form.append('signaturefile', new Blob([PNG], { type: 'image/png' }), `${user}.png`);
  const res = await fetch(`${baseURL}/prod-api/system/user/profile/signature`, {
    method: 'POST',
    headers: { ...REAL_STATUS, Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(200);
}

async function nickNameOf(baseURL: string, user: string): Promise<string> {
  const info = await api<{ user: { nickName: string } }>(
    baseURL,
    await apiToken(baseURL, user),
    'GET',
    '/getInfo',
  );
  return info.user.nickName;
}

const work = mkdtempSync(path.join(tmpdir(), 'dpms-e2e-pdf-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * A PDF read back with poppler: its text without whitespace, how many images it draws, and what
 * pdfsig says of its digital signatures.
 */
async function readPdf(bytes: Buffer): Promise<{ text: string; images: number; sig: string }> {
  const file = path.join(work, `${Date.now()}.pdf`);
  writeFileSync(file, bytes);
  const text = (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
  const list = (await run('pdfimages', ['-list', file])).stdout;
  // Two header lines, then a line per image.
  const images = list.trim().split('\n').length - 2;
  // pdfsig exits 2 for a PDF without a signature: its words are what is checked.
  const sig = await run('pdfsig', [file]).then(
    (r) => r.stdout,
    (e: { stdout?: string }) => e.stdout ?? '',
  );
  return { text: text.replace(/\s+/g, ''), images, sig };
}

/** What the first step stored, for the signing and printing steps after it. */
let documentId = 0;
let approvalTitle = '';

/**
 * A formal contract with one design task of the 施工图设计 stage (design_stage 3) managed by
 * xmjl: what the document screen's project and stage lists offer him.
 */
async function contractWithTask(baseURL: string): Promise<{ contractId: number }> {
  const admin = await apiToken(baseURL, 'admin');
  const contract = await api<Answer<{ contractId: number }>>(
    baseURL,
    admin,
    'POST',
    '/project/contract/addHistory',
    {
      projectName: '滨江花园二期',
      contractName: '滨江花园二期设计合同',
      entrustBusinessName: '杭州滨江城建',
      bizSource: '1',
      bizType: '3',
      totalAmount: '320',
      cleanAmount: '300',
      signByMain: '杭州滨江城建',
      signBySub: '华东示范建筑设计研究院有限公司',
      signDate: '2026-03-01',
    },
  );
  expect(contract.code, contract.msg).toBe(200);
  const task = await api<Answer>(baseURL, admin, 'POST', '/v4/design-task/add', {
    contractId: contract.data.contractId,
    taskNo: '',
    taskName: '效果图制作',
    subItemName: '一期住宅',
    taskResultName: '效果图',
    designStageId: '3',
    qualityType: 0,
    designUserId: SJZC,
    projectManagerId: XMJL,
    planFinishDate: '2026-12-31',
    remark: '',
    taskAmount: '10',
    majorIds: [],
    deptId: 110,
  });
  expect(task.code, task.msg).toBe(200);
  return { contractId: contract.data.contractId };
}

describe('contract documents', () => {
  const session = useBrowser();

  // The steps run in order and share the document: filled and submitted, signed, printed.
  it('a project manager fills a type 7 contract: the deliverable comes from the task, the words follow the amount, it is saved and submitted', async () => {
    const { page, baseURL } = session();
    const { contractId } = await contractWithTask(baseURL);

    // xmjl has urgent tasks in the demo data; he closed their dialog earlier in this session.
    await page.addInitScript(() => sessionStorage.setItem('hideNotify', 'true'));
    await signIn(page, 'xmjl');
    await openMenu(page, '项目管理', '合同文本');
    await page.getByTestId('new-document').click();
    await page.getByRole('menuitem', { name: '图文制作合同' }).click();
    await page.waitForURL('**/project/documentEdit?type=7');
    const doc = page.getByTestId('contract-document');
    await doc.waitFor();

    // Party A arrives from the company settings.
    await expect
      .poll(() => doc.locator('[data-field="signBySub"]').textContent())
      .toBe('华东示范建筑设计研究院有限公司');

    const project = doc.getByLabel('项目名称', { exact: true });
    await expect.poll(() => project.locator('option').allTextContents()).toContain('滨江花园二期');
    await project.selectOption({ label: '滨江花园二期' });
    await expect(doc.locator('[data-field="contractName"]').textContent()).resolves.toBe(
      '滨江花园二期图文制作合同',
    );
    const stage = doc.getByLabel('设计阶段', { exact: true });
    const stageValue = await stage
      .locator('option')
      .filter({ hasText: '施工图设计' })
      .first()
      .getAttribute('value');
    await stage.selectOption(stageValue ?? '');
    await expect(doc.getByLabel('成果内容', { exact: true }).inputValue()).resolves.toBe(
      '施工图蓝图及电子文件',
    );

    await doc.getByLabel('制作类型', { exact: true }).selectOption('效果图');
    await doc.getByLabel('数量', { exact: true }).fill('12');
    await doc.getByLabel('乙方', { exact: true }).fill('杭州图文快印有限公司');
    await doc.getByLabel('乙方电话', { exact: true }).fill('13800000000');

    // The words follow the amount keystroke by keystroke; an extra decimal is refused.
    const amount = doc.getByLabel('合同金额（万元）', { exact: true });
    const words = doc.locator('[data-field="upValue"]');
    let typed = '';
    for (const key of '12.34567') {
      await amount.press(key);
      typed = normalizeAmountInput(typed + key, 7, 'totalAmount');
      await expect.poll(() => amount.inputValue()).toBe(typed);
      expect(await words.textContent()).toBe(amountInWords(typed) || '\u00a0');
    }
    expect(await words.textContent()).toBe('壹拾贰万叁仟肆佰伍拾陆元整');

    await doc.getByLabel('签订日期', { exact: true }).fill('2026-11-20');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await page.waitForURL(/documentEdit\?documentId=\d+$/);
    await expect.poll(() => page.getByTestId('document-status').textContent()).toBe('待提交');
    documentId = Number(new URL(page.url()).searchParams.get('documentId'));

    await page.getByRole('button', { name: '提交审批', exact: true }).click();
    await expect.poll(() => page.getByTestId('document-status').textContent()).toBe('审批中');
    // Submitted: the document is locked on screen.
    expect(await doc.locator('input, select, textarea').count()).toBe(0);

    const token = await apiToken(baseURL, 'xmjl');
    const stored = await api<Answer<Record<string, unknown>>>(
      baseURL,
      token,
      'GET',
      `/v4/contract-document/detailById?documentId=${documentId}`,
    );
    expect(stored.data).toMatchObject({
      docType: 7,
      contractId: String(contractId),
      contractName: '滨江花园二期图文制作合同',
      projectResultContent: '施工图蓝图及电子文件',
      totalAmount: '12.3456',
      upValue: '壹拾贰万叁仟肆佰伍拾陆元整',
      status: 0,
    });
    expect(stored.data['approvalId']).toEqual(expect.any(String));
    const approval = await api<Answer<{ approval: { title: string } }>>(
      baseURL,
      token,
      'GET',
      `/project/approval/getCommonApprovalDetail?approvalId=${String(stored.data['approvalId'])}`,
    );
    approvalTitle = approval.data.approval.title;
    expect(approvalTitle).toBe('滨江花园二期图文制作合同');
  });

  it('the approvers sign it in turn, each with an opinion: in the approval center, the last one on the document itself', async () => {
    const { page, baseURL } = session();
    expect(documentId).toBeGreaterThan(0);
    const last = SIGNERS[SIGNERS.length - 1]!;
    for (const { user, opinion } of SIGNERS) {
      await setSignature(baseURL, user);
      // The flow's next node waits for this signer.
      expect(await awaitsSignature(baseURL, user, approvalTitle)).toBe(true);
      if (user !== last.user) {
        await signApproval(page, user, approvalTitle, opinion);
        expect(await awaitsSignature(baseURL, user, approvalTitle)).toBe(false);
      }
    }
    // Finance signs from the document (signing mode): the opinion goes in its sign footer.
    await signInQuietly(page, last.user);
    await openMenu(page, '项目管理', '合同文本');
    const row = page.locator('tr[data-row]', { hasText: approvalTitle }).first();
    await rowAction(row, '签署');
    await page.waitForURL(/signtype=3/);
    const doc = page.getByTestId('contract-document');
    const opinion = doc.getByLabel('审批意见', { exact: true });
    await opinion.waitFor();
    expect(await doc.locator('tr[data-kind="opinion"] th').textContent()).toBe('财务部');
    await opinion.fill(last.opinion);
    await page.getByRole('button', { name: '同意', exact: true }).click();
    await page.getByText('同意成功').first().waitFor();
    await expect.poll(() => page.getByTestId('document-status').textContent()).toBe('已通过');
    await doc.locator('tr[data-kind="opinion"]').waitFor({ state: 'detached' });
    expect(await doc.locator('tr[data-node="财务部"]').textContent()).toContain(last.opinion);
    expect(await awaitsSignature(baseURL, last.user, approvalTitle)).toBe(false);

    const token = await apiToken(baseURL, 'xmjl');
    const stored = await api<Answer<{ status: number }>>(
      baseURL,
      token,
      'GET',
      `/v4/contract-document/detailById?documentId=${documentId}`,
    );
    expect(stored.data.status).toBe(1);
  });

  it('the PDF opened in the viewer is the signed document: every signer by name, opinion and signature', async () => {
    const { page, baseURL } = session();
    // The first PDF after the server starts waits on the print service's warm browser.
    page.setDefaultTimeout(0);
    const names = await Promise.all(SIGNERS.map(({ user }) => nickNameOf(baseURL, user)));
    await signInQuietly(page, 'xmjl');
    await page.goto(`/project/documentEdit?documentId=${documentId}`);
    await expect.poll(() => page.getByTestId('document-status').textContent()).toBe('已通过');
    // The screen's own footer shows each signed node with its signer.
    const rows = page.getByTestId('signature-rows');
    for (const name of names) await rows.getByText(name, { exact: true }).waitFor();

    const answer = page.waitForResponse((r) =>
      r.url().includes(`/prod-api/v4/contract-document/pdf?documentId=${documentId}`),
    );
    await page.getByRole('button', { name: '查看PDF', exact: true }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const pdf = await readPdf(await response.body());
    expect(pdf.text).toContain('滨江花园二期图文制作合同');
    expect(pdf.text).toContain('杭州图文快印有限公司');
    expect(pdf.text).toContain('壹拾贰万叁仟肆佰伍拾陆元整');
    for (const name of names) expect(pdf.text).toContain(name.replace(/\s+/g, ''));
    for (const { opinion } of SIGNERS) expect(pdf.text).toContain(opinion);
    // Each signer's signature image is drawn on the page.
    expect(pdf.images).toBeGreaterThanOrEqual(SIGNERS.length);
    // Approved: the institute's digital signature covers the whole file.
    expect(pdf.sig).toContain('Signature is Valid');
    expect(pdf.sig).toContain('Total document signed');

    // The viewer shows that PDF: its pages counted and the first one drawn.
    const viewer = page.getByTestId('pdf-viewer');
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="pdf-viewer"]')?.getAttribute('data-rendered') ===
        '1:0',
    );
    expect(Number(await viewer.getAttribute('data-pages'))).toBeGreaterThanOrEqual(1);
    expect(await viewer.getByTestId('pdf-page').textContent()).toMatch(/^1 \/ \d+$/);
  });
});
