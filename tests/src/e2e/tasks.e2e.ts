/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu, signIn as signInThroughForm } from '../support/shell.js';

const prepared = new WeakSet<Page>();
/** The next signer on the same page: end the previous session first. */
async function signIn(page: Page, user: string, keepNotify = false): Promise<void> {
  if (!prepared.has(page)) {
    prepared.add(page);
    page.setDefaultTimeout(0);
  }
  if (!page.url().startsWith('http')) await page.goto('/login');
  await page.evaluate((keep) => {
    localStorage.clear();
    sessionStorage.clear();
    if (!keep) sessionStorage.setItem('hideNotify', 'true');
  }, keepNotify);
  await signInThroughForm(page, user);
}

interface Task {
  taskId: number;
  taskNo: string;
  status: number;
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

/** Finds the row of the task in the list and clicks its confirmation button. */
async function confirmInList(page: Page, name: string, taskNo: string): Promise<void> {
  await openMenu(page, '项目管理', '设计任务');
  await page.getByLabel('任务名称').first().fill(name);
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await page.getByTestId(`confirm-${taskNo}`).click();
  // A confirmation changes the sheet for good, so it is asked for first.
  await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
  await page.getByText('操作成功').first().waitFor();
}

describe('design tasks in the browser', () => {
  const session = useBrowser();

  const name = `浏览器任务${Date.now()}`;
  const tomorrow = new Date(Date.now() + 32 * 3_600_000).toISOString().slice(0, 10);
  let created: Task;

  it('a project manager creates a task sheet', async () => {
    const { page, baseURL } = session();

    // The project manager creates the sheet.
    await signIn(page, 'xmjl');
    await openMenu(page, '项目管理', '设计任务');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const form = page.getByTestId('task-form');
    const contract = form.getByLabel('所属合同');
    await contract
      .locator('option', { hasText: '滨江科创园' })
      .first()
      .waitFor({ state: 'attached' });
    const value = await contract
      .locator('option', { hasText: '滨江科创园' })
      .first()
      .getAttribute('value');
    await contract.selectOption(value ?? '');
    await form.getByLabel('任务名称').fill(name);
    await form.getByLabel('设计阶段').selectOption('1');
    await form.getByLabel('设计主持').locator('option[value="4"]').waitFor({ state: 'attached' });
    await form.getByLabel('设计主持').selectOption('4');
    await form.getByLabel('项目经理').selectOption('3');
    await form.getByLabel('计划完成日期').fill(tomorrow);
    await form.getByRole('button', { name: '保存' }).click();
    await form.waitFor({ state: 'detached' });
    created = await taskNamed(baseURL, name);
    expect(created.status).toBe(0);
  });

  it('the design host, the project manager and the department confirm in turn', async () => {
    const { page, baseURL } = session();
    await signIn(page, 'sjzc');
    await confirmInList(page, name, created.taskNo);
    await signIn(page, 'xmjl');
    await confirmInList(page, name, created.taskNo);
    await signIn(page, 'bmfzr');
    await confirmInList(page, name, created.taskNo);
    expect((await taskNamed(baseURL, name)).status).toBe(3);
  });

  it('the designer uploads a result of the confirmed sheet', async () => {
    const { page } = session();
    await signIn(page, 'sjzc');
    await openMenu(page, '成果文件', '任务成果');
    const pick = page.getByTestId('result-task');
    await pick.locator(`option[value="${created.taskId}"]`).waitFor({ state: 'attached' });
    await pick.selectOption(String(created.taskId));
    await page.getByRole('button', { name: '上传成果' }).click();
    const upload = page.getByTestId('result-file-form');
    await upload.getByPlaceholder('请输入文件名称').fill('总图');
    await upload.locator('input[type="file"]').setInputFiles({
      name: '总图.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await upload.getByText('总图.pdf').first().waitFor();
    // 确定 is refused while a file is still uploading: wait until every upload has settled.
    await upload.locator('[data-testid$="-records"]').waitFor({ state: 'detached' });
    await upload.getByRole('button', { name: '确定' }).click();
    await upload.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: '总图', exact: true }).first().waitFor();
  });

  it('an approved seal request lights the seal dot until opened; the urgent dialog lists the sheet', async () => {
    const { page, baseURL } = session();
    // A seal request of the task, approved at 设计主持, by the technical lead and general affairs.
    const host = await apiToken(baseURL, 'sjzc');
    const seal = await api<{ code: number; msg: string; data: { resultSealId: number } }>(
      baseURL,
      host,
      'POST',
      '/project/design-task/insertResultSealV2',
      { taskId: created.taskId, drawContent: '总图', drawNum: 2, sealType: ['4'] },
    );
    expect(seal.code, seal.msg).toBe(200);
    const sent = await api<{ code: number; data: { approvalId: string } }>(
      baseURL,
      host,
      'POST',
      '/project/design-task/updateResultSealToApproval',
      { resultSealId: seal.data.resultSealId },
    );
    expect(sent.code).toBe(200);
    // The design host drafts it: the 设计主持 node escalates to his department head (bmfzr).
    for (const user of ['bmfzr', 'jsfzr', 'zhsw']) {
      const token = await apiToken(baseURL, user);
      const d = await api<{ data: { approval: { version: number } } }>(
        baseURL,
        token,
        'GET',
        `/project/approval/getCommonApprovalDetail?serviceId=${sent.data.approvalId}`,
      );
      const r = await api<{ code: number; msg: string }>(
        baseURL,
        token,
        'POST',
        '/project/approval/process',
        {
          approvalId: sent.data.approvalId,
          version: d.data.approval.version,
          action: 'approve',
        },
      );
      expect(r.code, r.msg).toBe(200);
    }

    // The design host signs in: the urgent dialog lists the sheet due tomorrow; the dot is on.
    await signIn(page, 'sjzc', true);
    const dialog = page.getByTestId('urgent-dialog');
    await dialog.waitFor();
    await dialog.getByText(created.taskNo).waitFor();
    await dialog.getByRole('button', { name: '关闭' }).click();
    const dot = page.locator('[data-menu="项目管理"] [data-testid="seal-dot"]').first();
    await dot.waitFor();
    // Opening the approved request in the seal list marks it seen; the next poll clears the dot.
    await openMenu(page, '成果文件', '成果盖章');
    const row = page.getByRole('row').filter({ hasText: created.taskNo }).first();
    await row.getByRole('button', { name: '查看' }).click();
    await page.getByTestId('seal-detail').getByText('已通过').waitFor();
    const polled = page.waitForResponse('**/prod-api/project/approval/getNotify**');
    await page.reload();
    const answer = (await (await polled).json()) as { data: { unLookSeal: boolean } };
    expect(answer.data.unLookSeal).toBe(false);
    await page.getByTestId('urgent-icon').waitFor();
    expect(await page.locator('[data-menu="项目管理"] [data-testid="seal-dot"]').count()).toBe(0);
  });
});
