/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu, signIn } from '../support/shell.js';

/** The server's own answer for `username` (what the shell's badge must show). */
async function unDealCount(baseURL: string, username: string): Promise<number> {
  const token = await apiToken(baseURL, username);
  const r = await api<{ code: number; data: { unDealCount: number } }>(
    baseURL,
    token,
    'GET',
    '/project/approval/getNotify',
  );
  expect(r.code).toBe(200);
  return r.data.unDealCount;
}

/**
 * Submits `n` generic approvals (22_1) drafted by 普通员工 yuangong of 结构所: each waits for the
 * department head bmfzr2. A few at a time, so the two cores are not swamped.
 */
async function submitApprovalsForBmfzr2(baseURL: string, n: number): Promise<void> {
  const token = await apiToken(baseURL, 'yuangong');
  const one = async (i: number) => {
    const r = await api<{ code: number; msg: string }>(
      baseURL,
      token,
      'POST',
      '/project/approval/addCommonTemplate',
      { typeCode: '22_1', title: `通知角标测试 ${i + 1}`, content: {}, submit: true },
    );
    expect(r.code, r.msg).toBe(200);
  };
  for (let i = 0; i < n; i += 4)
    await Promise.all([i, i + 1, i + 2, i + 3].filter((j) => j < n).map(one));
}

/**
 * An approved seal request the design host `user` asked for, on one of their confirmed task
 * sheets (seeded): sent into approval 13_1 and signed by his department head (at 设计主持), the
 * technical lead and general affairs.
 */
async function approvedSealFor(baseURL: string, user: string, drawContent: string): Promise<void> {
  const token = await apiToken(baseURL, user);
  const me = await api<{ user: { userId: number } }>(baseURL, token, 'GET', '/getInfo');
  const tasks = await api<{ rows: { taskId: number; taskNo: string; designUserId: number }[] }>(
    baseURL,
    token,
    'GET',
    '/v4/design-task/list?status=3&pageSize=100',
  );
  const task = tasks.rows.find((t) => t.designUserId === me.user.userId);
  if (task === undefined) throw new Error(`${user} hosts no confirmed task sheet`);
  const seal = await api<{ code: number; msg: string; data: { resultSealId: number } }>(
    baseURL,
    token,
    'POST',
    '/project/design-task/insertResultSealV2',
    { taskId: task.taskId, drawContent, drawNum: 1, sealType: ['4'] },
  );
  expect(seal.code, seal.msg).toBe(200);
  const sent = await api<{ code: number; msg: string; data: { approvalId: string } }>(
    baseURL,
    token,
    'POST',
    '/project/design-task/updateResultSealToApproval',
    { resultSealId: seal.data.resultSealId },
  );
  expect(sent.code, sent.msg).toBe(200);
  // The design host drafts it: the 设计主持 node escalates to his department head (bmfzr).
  for (const signer of ['bmfzr', 'jsfzr', 'zhsw']) {
    const t = await apiToken(baseURL, signer);
    const d = await api<{ data: { approval: { version: number } } }>(
      baseURL,
      t,
      'GET',
      `/project/approval/getCommonApprovalDetail?serviceId=${sent.data.approvalId}`,
    );
    const r = await api<{ code: number; msg: string }>(
      baseURL,
      t,
      'POST',
      '/project/approval/process',
      { approvalId: sent.data.approvalId, version: d.data.approval.version, action: 'approve' },
    );
    expect(r.code, r.msg).toBe(200);
  }
}

/** Opens (detailBySealId) every approved seal request `user` sees, as the seal list would. */
async function openApprovedSeals(baseURL: string, user: string): Promise<void> {
  const token = await apiToken(baseURL, user);
  const seals = await api<{ rows: { resultSealId: number }[] }>(
    baseURL,
    token,
    'GET',
    '/v4/design-task/getDesignResultSealList?status=1&pageSize=1000',
  );
  for (const s of seals.rows)
    await api(
      baseURL,
      token,
      'GET',
      `/project/design-task/detailBySealId?resultSealId=${String(s.resultSealId)}`,
    );
}

/** The server's own seal dot for `user`. */
async function unLookSeal(baseURL: string, user: string): Promise<boolean> {
  const token = await apiToken(baseURL, user);
  const r = await api<{ data: { unLookSeal: boolean } }>(
    baseURL,
    token,
    'GET',
    '/project/approval/getNotify',
  );
  return r.data.unLookSeal;
}

/** The design host sjzc's urgent tasks as the server answers them (seeded, and any added). */
async function warnTaskList(baseURL: string, username: string) {
  const token = await apiToken(baseURL, username);
  const r = await api<{
    code: number;
    data: { warnTaskList: { taskNo: string; planFinishDate: string }[] };
  }>(baseURL, token, 'GET', '/project/approval/getNotify');
  expect(r.code).toBe(200);
  return r.data.warnTaskList;
}

/**
 * Adds task sheets for the design host sjzc due tomorrow (drafted by the project manager xmjl on
 * the demo's contracts) until sjzc has at least `n` urgent tasks, so the dialog's list overflows.
 */
async function ensureUrgentTasks(baseURL: string, n: number): Promise<void> {
  const have = (await warnTaskList(baseURL, 'sjzc')).length;
  if (have >= n) return;
  const token = await apiToken(baseURL, 'xmjl');
  const projects = await api<{ code: number; data: { value: number }[] }>(
    baseURL,
    token,
    'GET',
    '/v4/contract/listByDesign',
  );
  const contractId = projects.data[0]?.value;
  expect(contractId).toBeDefined();
  const tomorrow = new Date(Date.now() + 32 * 3_600_000).toISOString().slice(0, 10);
  for (let i = have; i < n; i++) {
    const r = await api<{ code: number; msg: string }>(
      baseURL,
      token,
      'POST',
      '/v4/design-task/add',
      {
        contractId,
        taskName: `通知测试任务 ${i + 1}`,
        designStageId: '1',
        designUserId: 4,
        projectManagerId: 3,
        planFinishDate: tomorrow,
      },
    );
    expect(r.code, r.msg).toBe(200);
  }
}

describe('notifications', () => {
  const session = useBrowser();

  it('shows the seeded approvals waiting for the user on the Approval badge', async () => {
    const { page, baseURL } = session();
    const count = await unDealCount(baseURL, 'bmfzr');
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(100);
    await signIn(page, 'bmfzr');
    const badge = page.locator('[data-menu="审批管理"] [data-testid="approval-badge"]');
    await badge.waitFor();
    expect(await badge.textContent()).toBe(String(count));
  });

  it('caps the badge at 99+ once more than 99 approvals wait', async () => {
    const { page, baseURL } = session();
    const before = await unDealCount(baseURL, 'bmfzr2');
    await submitApprovalsForBmfzr2(baseURL, Math.max(0, 100 - before));
    expect(await unDealCount(baseURL, 'bmfzr2')).toBeGreaterThan(99);
    await signIn(page, 'bmfzr2');
    const badge = page.locator('[data-menu="审批管理"] [data-testid="approval-badge"]');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('99+');
  });

  it('hides the badge when nothing waits', async () => {
    const { page, baseURL } = session();
    expect(await unDealCount(baseURL, 'admin')).toBe(0);
    const polled = page.waitForResponse('**/prod-api/project/approval/getNotify**');
    await signIn(page, 'admin');
    await polled;
    await page.locator('[data-menu="审批管理"]').first().waitFor();
    expect(await page.getByTestId('approval-badge').count()).toBe(0);
  });

  it('lights the Project seal dot for a new approved seal result until it is opened', async () => {
    const { page, baseURL } = session();
    // The design host has urgent tasks too: this test is about the dot, not that dialog.
    await page.addInitScript(() => sessionStorage.setItem('hideNotify', 'true'));
    await openApprovedSeals(baseURL, 'sjzc');
    expect(await unLookSeal(baseURL, 'sjzc')).toBe(false);
    const drawContent = `通知测试图纸${String(Date.now())}`;
    await approvedSealFor(baseURL, 'sjzc', drawContent);
    expect(await unLookSeal(baseURL, 'sjzc')).toBe(true);
    await signIn(page, 'sjzc');
    const dot = page.locator('[data-menu="项目管理"] [data-testid="seal-dot"]').first();
    await dot.waitFor();
    await dot.waitFor();
    // Opening the approved request (detailBySealId) marks it seen; the next answer clears the dot.
    await openMenu(page, '成果文件', '成果盖章');
    const row = page.getByRole('row').filter({ hasText: drawContent });
    await row.getByRole('button', { name: '查看' }).click();
    await page.getByTestId('seal-detail').getByText('已通过').waitFor();
    const polled = page.waitForResponse('**/prod-api/project/approval/getNotify**');
    await page.reload();
    const answer = (await (await polled).json()) as { data: { unLookSeal: boolean } };
    expect(answer.data.unLookSeal).toBe(false);
    await page.locator('[data-menu="项目管理"]').first().waitFor();
    expect(await page.locator('[data-menu="项目管理"] [data-testid="seal-dot"]').count()).toBe(0);
  });

  it('opens the urgent-task dialog with the seeded tasks; neither Esc nor an outside click closes it', async () => {
    const { page, baseURL } = session();
    await ensureUrgentTasks(baseURL, 14);
    const tasks = await warnTaskList(baseURL, 'sjzc');
    const first = tasks[0];
    if (first === undefined) throw new Error('the design host has no urgent task');
    await signIn(page, 'sjzc');
    const dialog = page.getByTestId('urgent-dialog');
    await dialog.waitFor();
    await dialog.getByText('您有以下任务单急需处理').waitFor();
    await dialog.getByText(first.taskNo).waitFor();
    await dialog.getByText(first.planFinishDate).first().waitFor();
    const list = page.getByTestId('urgent-list');
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('300px');
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    expect(await dialog.getByRole('button', { name: /确定|取消/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(10, 700);
    await dialog.waitFor();
  });

  it('closing sets hideNotify for the session; the icon reopens the dialog', async () => {
    const { page } = session();
    await signIn(page, 'sjzc');
    const dialog = page.getByTestId('urgent-dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '关闭' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => sessionStorage.getItem('hideNotify'))).toBe('true');
    const polled = page.waitForResponse('**/prod-api/project/approval/getNotify**');
    await page.reload();
    await polled;
    // The icon shows once the poll's warning tasks are in; the dialog would open with it.
    await page.getByTestId('urgent-icon').waitFor();
    expect(await page.getByTestId('urgent-dialog').count()).toBe(0);
    await page.getByTestId('urgent-icon').click();
    await page.getByTestId('urgent-dialog').waitFor();
  });

  it('hides the floating icon for a user without urgent tasks', async () => {
    const { page, baseURL } = session();
    expect(await warnTaskList(baseURL, 'admin')).toEqual([]);
    const polled = page.waitForResponse('**/prod-api/project/approval/getNotify**');
    await signIn(page, 'admin');
    await polled;
    await page.locator('[data-menu="审批管理"]').first().waitFor();
    expect(await page.getByTestId('urgent-icon').count()).toBe(0);
  });
});
