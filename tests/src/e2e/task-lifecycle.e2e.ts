/// <reference lib="dom" />
import { readFile } from 'node:fs/promises';
import { RESULT_SEAL_TITLES } from '@dpms/core';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { openApproval, signInQuietly } from '../support/approval.js';
import { api, apiToken, openMenu } from '../support/shell.js';
import { clickAction, rowAction } from '../support/row-actions.js';

/**
 * A design task's whole life in the browser, against the real server and the seeded institute
 * (adapters/sql/src/seed): 李项目 (xmjl, 建筑一所) creates a sheet with two disciplines, sends it
 * into approval (3_1) from its row; each node's holder, read from the approval detail, signs it;
 * the three confirmations follow; a result is uploaded, confirmed and given its acceptance file;
 * a 13_1 seal request of that result is approved node by node, its scan uploaded, and the
 * real-seal export names the result. The steps run in order and share the server's state.
 */

/** The seeded people by the name the approval detail shows (demo-institute.ts). */
const USER_OF_NAME: Readonly<Record<string, string>> = {
  李项目: 'xmjl',
  张主持: 'sjzc',
  赵所长: 'bmfzr',
  孙技术: 'jsfzr',
  冯主任: 'zhsw',
  陈总: 'zjl',
  钱总工: 'zgcs',
  王经营: 'jingying',
  周会计: 'caiwu',
};

/** Signs in quietly (the shared helper), with waits that are for events and no clock of their own. */
async function signIn(page: Page, user: string): Promise<void> {
  page.setDefaultTimeout(0);
  await signInQuietly(page, user);
}

interface Task {
  taskId: number;
  taskNo: string;
  status: number;
  majorList: { majorId: number; majorName: string }[];
}

async function taskNamed(baseURL: string, name: string): Promise<Task> {
  const token = await apiToken(baseURL, 'xmjl');
  const r = await api<{ rows: Task[] }>(
    baseURL,
    token,
    'GET',
    `/v4/design-task/list?taskName=${encodeURIComponent(name)}`,
  );
  const t = r.rows[0];
  if (t === undefined) throw new Error(`no task named ${name}`);
  return t;
}

/** The 设计任务 list narrowed to the sheet. */
async function findTask(page: Page, name: string): Promise<void> {
  await openMenu(page, '项目管理', '设计任务');
  await page.getByLabel('任务名称').first().fill(name);
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await page.getByRole('cell', { name, exact: true }).first().waitFor();
}

/**
 * Who signs next, as the open approval detail shows it (`当前：节点：姓名`), or null once no node
 * waits.
 */
async function nextSigner(detail: Locator): Promise<{ node: string; user: string } | null> {
  const waiting = detail.getByTestId('waiting-node');
  if ((await waiting.count()) === 0) return null;
  const line = ((await waiting.first().textContent()) ?? '').replace(/^当前：/, '').trim();
  const [node = '', names = ''] = line.split('：');
  const name = names.split('、')[0] ?? '';
  const user = USER_OF_NAME[name];
  if (user === undefined) throw new Error(`no seeded user named ${name} (${line})`);
  return { node, user };
}

/** The drafter opens `title` from 我发起的 and reads who holds its first node. */
async function firstSigner(page: Page, title: string): Promise<{ node: string; user: string }> {
  await openMenu(page, '审批管理', '我发起的');
  const detail = await openApproval(page, 'mine', title);
  await detail.getByTestId('waiting-node').first().waitFor();
  const next = await nextSigner(detail);
  if (next === null) throw new Error(`${title} waits for nobody`);
  return next;
}

/**
 * Each node's holder signs in, opens `title` in 待我审批 and approves it; the detail they are left
 * with names the next holder. Returns the nodes in the order they were signed.
 */
async function approveThroughNodes(
  page: Page,
  title: string,
  first: { node: string; user: string },
): Promise<string[]> {
  const signed: string[] = [];
  let next: { node: string; user: string } | null = first;
  while (next !== null) {
    expect(signed.length, `${title} still waits after ${signed.join(' → ')}`).toBeLessThan(8);
    await signIn(page, next.user);
    await openMenu(page, '审批管理', '待我审批');
    const detail = await openApproval(page, 'todo', title);
    const version = Number(await detail.locator('[data-version]').getAttribute('data-version'));
    await detail.getByLabel('审批意见').fill('同意');
    await detail.getByRole('button', { name: '同意', exact: true }).click();
    await page.getByText('同意成功').first().waitFor();
    await page.waitForFunction(
      (v) =>
        Number(
          document
            .querySelector('[data-testid="approval-detail"] [data-version]')
            ?.getAttribute('data-version'),
        ) > v,
      version,
    );
    signed.push(`${next.node}:${next.user}`);
    next = await nextSigner(detail);
  }
  return signed;
}

/** A cell's text: plain, numeric, or rich text as exceljs reads it. */
const cellText = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : typeof v === 'number'
      ? String(v)
      : typeof v === 'object' && v !== null && 'richText' in v
        ? (v as { richText: { text: string }[] }).richText.map((r) => r.text).join('')
        : '';

describe('a design task from its sheet to its stamped result, in the browser', () => {
  const session = useBrowser();

  const name = `生命周期任务${Date.now()}`;
  const resultName = `总平面图${Date.now() % 100000}`;
  const planned = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  let created: Task;

  it('the project manager creates a sheet on a formal contract with two disciplines', async () => {
    const { page, baseURL } = session();
    await signIn(page, 'xmjl');
    await openMenu(page, '项目管理', '设计任务');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const form = page.getByTestId('task-form');
    const contract = form.getByLabel('所属合同');
    const option = contract.locator('option', { hasText: '滨江科创园' }).first();
    await option.waitFor({ state: 'attached' });
    await contract.selectOption((await option.getAttribute('value')) ?? '');
    await form.getByLabel('任务名称').fill(name);
    await form.getByLabel('设计阶段').selectOption('3');
    const majors = form.getByLabel('专业', { exact: true });
    await majors.locator('option').nth(1).waitFor({ state: 'attached' });
    const two = await majors
      .locator('option')
      .evaluateAll((os) => os.slice(0, 2).map((o) => (o as HTMLOptionElement).value));
    await majors.selectOption(two);
    await form.getByLabel('设计主持').locator('option[value="4"]').waitFor({ state: 'attached' });
    await form.getByLabel('设计主持').selectOption('4');
    await form.getByLabel('项目经理').selectOption('3');
    await form.getByLabel('计划完成日期').fill(planned);
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'detached' });
    created = await taskNamed(baseURL, name);
    expect(created.status).toBe(0);
    expect(created.majorList.map((m) => String(m.majorId)).sort()).toEqual([...two].sort());
  });

  it('the sheet goes into approval (3_1) from its row and each node holder approves it', async () => {
    const { page, baseURL } = session();
    await signIn(page, 'xmjl');
    await findTask(page, name);
    await clickAction(page.getByTestId(`submit-${created.taskNo}`));
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
    await page.getByText('已提交审批').first().waitFor();
    // While in approval the sheet is locked: no confirmation, no second submission.
    await page.getByTestId(`submit-${created.taskNo}`).waitFor({ state: 'detached' });

    const title = `设计任务单：${created.taskNo} ${name}`;
    const signed = await approveThroughNodes(page, title, await firstSigner(page, title));
    expect(signed.map((s) => s.split(':')[0])).toEqual(['项目经理', '设计主持', '部门负责人']);
    // The drafter (李项目, the sheet's project manager) does not sign his own sheet: the
    // 项目经理 node escalates to his department head, as the separation of duties rule says.
    expect(signed.map((s) => s.split(':')[1])).toEqual(['bmfzr', 'sjzc', 'bmfzr']);
    const detail = page.getByTestId('approval-detail');
    await detail.getByTestId('detail-status').getByText('已通过').waitFor();
    expect((await taskNamed(baseURL, name)).status).toBe(0);
  });

  it('the design host, the project manager and the department confirm in turn', async () => {
    const { page, baseURL } = session();
    for (const [user, step] of [
      ['sjzc', '设计主持确认'],
      ['xmjl', '项目经理确认'],
      ['bmfzr', '部门确认'],
    ] as const) {
      await signIn(page, user);
      await findTask(page, name);
      const button = page.getByTestId(`confirm-${created.taskNo}`);
      expect((await button.textContent())?.trim()).toBe(step);
      await button.click();
      await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
      await page.getByText('操作成功').first().waitFor();
      await button.waitFor({ state: 'detached' });
    }
    expect((await taskNamed(baseURL, name)).status).toBe(3);
  });

  it('a result is uploaded, confirmed, and given its acceptance file', async () => {
    const { page } = session();
    await signIn(page, 'sjzc');
    await openMenu(page, '成果文件', '任务成果');
    const pick = page.getByTestId('result-task');
    await pick.locator(`option[value="${created.taskId}"]`).waitFor({ state: 'attached' });
    await pick.selectOption(String(created.taskId));
    await page.getByRole('button', { name: '上传成果' }).click();
    const upload = page.getByTestId('result-file-form');
    await upload.getByPlaceholder('请输入文件名称').fill(resultName);
    await upload.locator('input[type="file"]').setInputFiles({
      name: `${resultName}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await upload.getByText(`${resultName}.pdf`).first().waitFor();
    // 确定 is refused while a file is still uploading: wait until every upload has settled.
    await upload.locator('[data-testid$="-records"]').waitFor({ state: 'detached' });
    await upload.getByRole('button', { name: '确定' }).click();
    await upload.waitFor({ state: 'detached' });

    // The project manager confirms the result, then gives it its acceptance file and confirms it.
    await signIn(page, 'xmjl');
    await openMenu(page, '成果文件', '任务成果');
    await page.getByLabel('任务名称').first().fill(name);
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    const row = page.getByRole('row').filter({ hasText: resultName }).first();
    await row.getByRole('button', { name: '确认成果' }).click();
    await row.getByText('已确认').first().waitFor();
    await row.getByRole('button', { name: '上传验收文件' }).click();
    const acceptance = page.getByTestId('acceptance-form');
    await acceptance.locator('input[type="file"]').setInputFiles({
      name: `${resultName}验收单.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await acceptance.getByText(`${resultName}验收单.pdf`).first().waitFor();
    // 确定 is refused while a file is still uploading: wait until every upload has settled.
    await acceptance.locator('[data-testid$="-records"]').waitFor({ state: 'detached' });
    await acceptance.getByRole('button', { name: '确定' }).click();
    await acceptance.waitFor({ state: 'detached' });
    await row.getByText(`${resultName}验收单.pdf`).first().waitFor();
    await row.getByRole('button', { name: '确认验收文件' }).click();
    await row.getByText('（已确认）').waitFor();
  });

  it('a 13_1 seal request of the result is approved, its scan uploaded, and the export names the result', async () => {
    const { page } = session();
    await signIn(page, 'sjzc');
    await openMenu(page, '成果文件', '成果盖章');
    await page.getByRole('button', { name: '新增盖章申请' }).click();
    const request = page.getByTestId('seal-request');
    const task = request.getByLabel('任务单');
    await task.locator(`option[value="${created.taskId}"]`).waitFor({ state: 'attached' });
    await task.selectOption(String(created.taskId));
    const results = request.getByLabel('盖章成果');
    const result = results.locator('option', { hasText: resultName });
    await result.waitFor({ state: 'attached' });
    await results.selectOption((await result.getAttribute('value')) ?? '');
    await request.getByLabel('图纸内容').fill(`${resultName}施工图`);
    await request.getByLabel('份数').fill('2');
    await request.getByRole('checkbox').first().check();
    await request.getByRole('button', { name: '保存' }).click();
    await request.waitFor({ state: 'detached' });

    await page.getByLabel('任务名称').first().fill(name);
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    const row = page.getByRole('row').filter({ hasText: created.taskNo }).first();
    await row.getByRole('cell', { name: resultName, exact: true }).waitFor();
    await rowAction(row, '提交审批');
    const submit = page.getByTestId('seal-submit');
    expect(await submit.getByLabel('审批类型').inputValue()).toBe('13_1');
    await submit.getByRole('button', { name: '确定' }).click();
    await submit.waitFor({ state: 'detached' });
    await row.getByText('审批中').waitFor();

    // The 13_1 approval is titled by its type and the sheet's name; its holders are read from
    // the detail.
    const title = `${RESULT_SEAL_TITLES['13_1']}：${name}`;
    const signed = await approveThroughNodes(page, title, await firstSigner(page, title));
    // Someone signed it, and never its applicant (the design host's own node escalates).
    expect(signed.length).toBeGreaterThan(0);
    expect(signed.map((s) => s.split(':')[1])).not.toContain('sjzc');
    await page
      .getByTestId('approval-detail')
      .getByTestId('detail-status')
      .getByText('已通过')
      .waitFor();

    // The applicant uploads the stamped scan of the result.
    await signIn(page, 'sjzc');
    await openMenu(page, '成果文件', '成果盖章');
    await page.getByLabel('任务名称').first().fill(name);
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    const approved = page.getByRole('row').filter({ hasText: created.taskNo }).first();
    await approved.getByText('已通过').waitFor();
    await rowAction(approved, '上传扫描件');
    const scan = page.getByTestId('seal-scan-form');
    await scan.locator('input[type="file"]').setInputFiles({
      name: `${resultName}盖章扫描件.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await scan.getByText(`${resultName}盖章扫描件.pdf`).first().waitFor();
    // 确定 is refused while a file is still uploading: wait until every upload has settled.
    await scan.locator('[data-testid$="-records"]').waitFor({ state: 'detached' });
    await scan.getByRole('button', { name: '确定' }).click();
    await scan.waitFor({ state: 'detached' });
    await approved.getByRole('button', { name: '查看' }).click();
    const shown = page.getByTestId('seal-detail');
    await shown.getByText(`${resultName}盖章扫描件.pdf`, { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await shown.waitFor({ state: 'detached' });

    // exportRealSeal: a real workbook whose rows name the stamped result.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('seal-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const texts: string[] = [];
    book.worksheets[0]!.eachRow((r) => {
      for (const v of (r.values as unknown[]).slice(1)) texts.push(cellText(v));
    });
    expect(texts.some((t) => t.includes(resultName))).toBe(true);
    expect(texts.some((t) => t.includes(created.taskNo))).toBe(true);
  });
});
