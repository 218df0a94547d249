/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openApproval, signInQuietly } from '../support/approval.js';
import { ARTIFACTS_DIR, DESKTOP, useBrowser } from '../support/browser.js';
import { shanghaiMinute } from '../support/institute-time.js';
import { api, apiToken, openMenu } from '../support/shell.js';

/**
 * 转办, 抄送 and 催办 in the browser, against the real server and its seeded people:
 * 李项目 (xmjl, 建筑一所) sends a 通用模板 (22_1, free form), whose one node is his department's
 * head, 赵所长 (bmfzr). The administrator has given that node a fallback, the 项目经理 role
 * (李项目, 赵所长, 何项目 of 建筑二所, 吕主持 of 结构所), so the node has more people eligible than
 * its holder: 转办 offers exactly those, by name and department, never the drafter and never the
 * holder. 抄送 and 催办 reach their people as notices in the top bar's bell (badge and list), on
 * the institute's clock; opening the approval reads them. The steps run in order on one server.
 */
const TITLE = '滨江幼儿园打印机租赁（通知铃）';
const DRAFTER = { user: 'xmjl', name: '李项目' };
const HOLDER = { user: 'bmfzr', name: '赵所长' };
/** The transfer target, and the user 抄送 reaches. */
const NEW_HOLDER = { user: 'xmjl2', name: '何项目', label: '何项目（建筑二所）' };
const READER = { user: 'caiwu', name: '周会计' };

interface NoticeItem {
  approvalId: string;
  approvalTitle: string;
  kind: 'copy' | 'urge';
  senderName: string;
  createTime: string;
}
interface Notify {
  noticeCount: number;
  noticeList: NoticeItem[];
}
interface Candidate {
  userId: string;
  nickName: string;
  deptName: string | null;
}
interface FlowNode {
  nodeId: number;
  fallback?: unknown;
}

/** What the server says the user's bell holds. */
async function notifyOf(baseURL: string, user: string): Promise<Notify> {
  const token = await apiToken(baseURL, user);
  const r = await api<{ code: number; msg?: string; data: Notify }>(
    baseURL,
    token,
    'GET',
    '/project/approval/getNotify',
  );
  expect(r.code, r.msg).toBe(200);
  return r.data;
}

/** Waits until the bell's badge reads `count` (no badge at 0). */
async function expectBell(page: Page, count: number): Promise<void> {
  if (count === 0) await page.getByTestId('notice-badge').waitFor({ state: 'detached' });
  else
    await page.waitForFunction(
      (n) => document.querySelector('[data-testid="notice-badge"]')?.textContent === String(n),
      count,
    );
}

/**
 * The notice count of the next getNotify answer `page` receives: what its bell shows once loaded
 * (no badge before that answer proves nothing when the count is 0).
 */
async function nextNotifyCount(page: Page): Promise<number> {
  const res = await page.waitForResponse((r) => r.url().includes('/project/approval/getNotify'));
  return ((await res.json()) as { data: Notify }).data.noticeCount;
}

/** Opens the bell's list and saves a screenshot of it under tests/artifacts/. */
async function openBell(page: Page, shot: string) {
  await page.getByTestId('notice-bell').click();
  const list = page.getByTestId('notice-list');
  await list.getByTestId('notice-item').first().waitFor();
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `approval-notices-${shot}.png`) });
  return list;
}

async function signIn(page: Page, user: string): Promise<void> {
  // Waits are for events, with no clock of their own (a loaded machine can be slow here).
  page.setDefaultTimeout(0);
  await signInQuietly(page, user);
}

describe('approval notices and transfer candidates in the browser', () => {
  const session = useBrowser();
  let approvalId = '';
  let node: FlowNode | undefined;
  let extra: BrowserContext | undefined;

  beforeAll(async () => {
    const { baseURL } = session();
    const admin = await apiToken(baseURL, 'admin');
    const got = await api<{ code: number; msg?: string; data: { nodes: FlowNode[] } }>(
      baseURL,
      admin,
      'GET',
      '/approval/node/get?typeCode=22_1',
    );
    expect(got.code, got.msg).toBe(200);
    expect(got.data.nodes).toHaveLength(1);
    node = got.data.nodes[0]!;
    const set = await api<{ code: number; msg?: string }>(
      baseURL,
      admin,
      'POST',
      '/approval/node/update',
      { nodeId: node.nodeId, fallback: { kind: 'role', roleKey: 'xmjl' } },
    );
    expect(set.code, set.msg).toBe(200);
  });
  // The seeded flow is shared with the other browser tests: give the node back as it was.
  afterAll(async () => {
    if (node === undefined) return;
    const { baseURL } = session();
    const admin = await apiToken(baseURL, 'admin');
    await api(baseURL, admin, 'POST', '/approval/node/update', {
      nodeId: node.nodeId,
      fallback: node.fallback ?? null,
    });
  });
  afterEach(async () => {
    await extra?.close();
    extra = undefined;
  });

  it('the drafter sends a 通用模板 from 发起审批; it waits for his department head', async () => {
    const { page, baseURL } = session();
    await signIn(page, DRAFTER.user);
    await openMenu(page, '审批管理', '我发起的');
    await page.getByRole('button', { name: '发起审批' }).click();
    const form = page.getByTestId('approval-form');
    await form.getByLabel('表单类型').selectOption('Common');
    await form.getByLabel('审批类型').selectOption('22_1');
    await form.getByLabel('标题', { exact: true }).fill(TITLE);
    await form.getByLabel('事由', { exact: true }).fill('项目组施工图出图');
    await form.getByLabel('审批内容', { exact: true }).fill('租赁 A0 打印机一台，租期三个月');
    await form.getByRole('button', { name: '提交' }).click();
    await form.waitFor({ state: 'detached' });
    const detail = page.getByTestId('approval-detail');
    await detail.locator('[data-status="0"]').waitFor();
    expect(await detail.getByTestId('detail-current-node').textContent()).toBe('部门负责人');

    const token = await apiToken(baseURL, DRAFTER.user);
    const mine = await api<{ rows?: { approvalId: string; title: string }[] }>(
      baseURL,
      token,
      'GET',
      `/project/approval/getSelfCreateList?pageNum=1&pageSize=20&title=${encodeURIComponent(TITLE)}`,
    );
    approvalId = mine.rows?.find((r) => r.title === TITLE)?.approvalId ?? '';
    expect(approvalId, JSON.stringify(mine)).not.toBe('');
  });

  it('转办 offers exactly the node’s candidates by name and department; the new holder has it to sign', async () => {
    const { page, baseURL } = session();
    const token = await apiToken(baseURL, HOLDER.user);
    const answer = await api<{ code: number; msg?: string; data: Candidate[] }>(
      baseURL,
      token,
      'GET',
      `/project/approval/transferCandidates?approvalId=${approvalId}`,
    );
    expect(answer.code, answer.msg).toBe(200);
    const fromApi = answer.data.map((c) =>
      c.deptName ? `${c.nickName}（${c.deptName}）` : c.nickName,
    );

    await signIn(page, HOLDER.user);
    await openMenu(page, '审批管理', '待我审批');
    const detail = await openApproval(page, 'todo', TITLE);
    await detail.getByRole('button', { name: '转办', exact: true }).click();
    const picker = page.getByTestId('action-picker');
    const select = picker.getByLabel('选择用户');
    // The options arrive with the candidates' answer.
    await select.locator('option').nth(1).waitFor({ state: 'attached' });
    const offered = (await select.locator('option').allTextContents()).filter(
      (t) => t !== '请选择',
    );
    expect(offered.sort()).toEqual(fromApi.sort());
    // The 项目经理 role's members other than the drafter and the holder, each with their department.
    expect(offered.sort()).toEqual(['何项目（建筑二所）', '吕主持（结构所）'].sort());
    expect(offered.join()).not.toContain(DRAFTER.name);
    expect(offered.join()).not.toContain(HOLDER.name);

    await select.selectOption({ label: NEW_HOLDER.label });
    await picker.getByRole('button', { name: '确定' }).click();
    await page.getByText('转办成功').first().waitFor();
    await picker.waitFor({ state: 'detached' });

    await signIn(page, NEW_HOLDER.user);
    await openMenu(page, '审批管理', '待我审批');
    const moved = await openApproval(page, 'todo', TITLE);
    expect(await moved.getByTestId('detail-current-node').textContent()).toBe('部门负责人');
    await moved.getByRole('button', { name: '同意', exact: true }).waitFor();
  });

  it('抄送 shows in the reader’s bell with the sender and the institute’s time; opening it reads it', async () => {
    const { page, browser, baseURL } = session();
    const before = await notifyOf(baseURL, READER.user);

    await signIn(page, DRAFTER.user);
    await openMenu(page, '审批管理', '我发起的');
    const detail = await openApproval(page, 'mine', TITLE);
    await detail.getByRole('button', { name: '抄送', exact: true }).click();
    const picker = page.getByTestId('action-picker');
    await picker.getByLabel('选择用户').selectOption({ label: READER.name });
    await picker.getByRole('button', { name: '确定' }).click();
    await page.getByText('抄送成功').first().waitFor();

    const after = await notifyOf(baseURL, READER.user);
    expect(after.noticeCount).toBe(before.noticeCount + 1);
    const copy = after.noticeList.find((n) => n.approvalId === approvalId && n.kind === 'copy');
    expect(copy?.senderName).toBe(DRAFTER.name);

    // The reader's browser runs in UTC: the time shown is still the institute's wall clock.
    extra = await browser.newContext({
      baseURL,
      viewport: DESKTOP,
      locale: 'zh-CN',
      timezoneId: 'UTC',
    });
    const reader = await extra.newPage();
    await signIn(reader, READER.user);
    await expectBell(reader, after.noticeCount);
    const list = await openBell(reader, 'copy');
    const item = list.getByTestId('notice-item').filter({ hasText: TITLE });
    expect(await item.count()).toBe(1);
    const text = (await item.textContent()) ?? '';
    expect(text).toContain(`${DRAFTER.name} 抄送给您`);
    expect(text).toContain(shanghaiMinute(copy!.createTime));

    // Choosing the notice opens the approval; the badge drops it at once and the server agrees.
    await item.click();
    const opened = reader.getByTestId('approval-detail');
    await opened.locator('[data-version]').waitFor();
    expect(await opened.textContent()).toContain(TITLE);
    await expectBell(reader, before.noticeCount);
    await expect
      .poll(async () => (await notifyOf(baseURL, READER.user)).noticeCount, { timeout: 15_000 })
      .toBe(before.noticeCount);
    // Signed in again, the bell still holds nothing of it: its answer says so, then the bell.
    const answered = nextNotifyCount(reader);
    await signIn(reader, READER.user);
    expect(await answered).toBe(before.noticeCount);
    await reader.getByTestId('notice-bell').waitFor();
    await expectBell(reader, before.noticeCount);
  });

  it('催办 by the drafter counts in the holder’s bell; opened from there, it is read and signed', async () => {
    const { page, baseURL } = session();
    const before = await notifyOf(baseURL, NEW_HOLDER.user);

    await signIn(page, DRAFTER.user);
    await openMenu(page, '审批管理', '我发起的');
    const detail = await openApproval(page, 'mine', TITLE);
    await detail.getByRole('button', { name: '催办', exact: true }).click();
    await page.getByText('催办成功').first().waitFor();

    const after = await notifyOf(baseURL, NEW_HOLDER.user);
    expect(after.noticeCount).toBe(before.noticeCount + 1);
    // Only the one who holds the node now is urged: the former holder has no urge of it.
    const former = await notifyOf(baseURL, HOLDER.user);
    expect(former.noticeList.some((n) => n.approvalId === approvalId && n.kind === 'urge')).toBe(
      false,
    );

    await signIn(page, NEW_HOLDER.user);
    await expectBell(page, after.noticeCount);
    const list = await openBell(page, 'urge');
    const item = list.getByTestId('notice-item').filter({ hasText: TITLE });
    expect(await item.textContent()).toContain(`${DRAFTER.name} 催您审批`);

    // The urged holder opens it from the bell and signs it: the notice is read, the approval done.
    await item.click();
    const opened = page.getByTestId('approval-detail');
    await opened.locator('[data-version]').waitFor();
    await expectBell(page, before.noticeCount);
    await opened.getByLabel('审批意见').fill('同意租赁');
    await opened.getByRole('button', { name: '同意', exact: true }).click();
    await page.getByText('同意成功').first().waitFor();
    await opened.locator('[data-status="1"]').waitFor();
    expect((await notifyOf(baseURL, NEW_HOLDER.user)).noticeCount).toBe(before.noticeCount);
  });
});
