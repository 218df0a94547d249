/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openApproval, signApproval, signInQuietly } from '../support/approval.js';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, openMenu } from '../support/shell.js';

/**
 * Nobody approves their own approval, in the browser against the real server. 王经营 (jingying)
 * leads 经营部 and is its only 经营部负责人, so on the contract review he sends (1_1: 部门负责人 →
 * 经营部 → 财务部, 总经理 from 100 万元; adapters/sql/src/seed/approval-flows.ts) the first two
 * nodes would fall to him. The general manager (陈总) leads the institute above him: both are
 * escalated to 陈总 (上报上级), the review never waits in his 待我审批, and his approval detail
 * says what happened.
 */

const NAME = `滨江图书馆设计合同（自审${Date.now().toString(36)}）`;
const ESCALATED = '拟稿人本人为该节点审批人，已上报至陈总';

/**
 * Searches `list` (todo, mine) for the contract by title and answers the titles the page shows
 * once the server's answer to that search has been rendered.
 */
async function search(page: Page, list: 'todo' | 'mine'): Promise<string[]> {
  const box = page.getByTestId(`approval-list-${list}`);
  await box.getByRole('search').getByLabel('标题').fill(NAME);
  const answered = page.waitForResponse(
    (r) =>
      /\/project\/approval\/(getAllNeedApprovalList|getSelfCreateList)\?/.test(r.url()) &&
      decodeURIComponent(r.url()).includes(NAME),
  );
  await box.getByRole('search').getByRole('button', { name: '搜索' }).click();
  const body = (await (await answered).json()) as { rows?: { title: string }[] };
  const titles = (body.rows ?? []).map((r) => r.title);
  // The table shows exactly that answer.
  await page.waitForFunction(
    ([id, n]) => {
      const table = document.querySelector(`[data-testid="approval-list-${id}"] table`);
      return (
        table?.getAttribute('aria-busy') !== 'true' &&
        table?.querySelectorAll('tr[data-row]').length === n
      );
    },
    [list, titles.length] as const,
  );
  return titles;
}

async function approvalOf(baseURL: string): Promise<{ approvalId: string; status: number }> {
  const token = await apiToken(baseURL, 'jingying');
  const mine = await api<{ rows?: { approvalId: string; title: string; status: number }[] }>(
    baseURL,
    token,
    'GET',
    `/project/approval/getSelfCreateList?pageNum=1&pageSize=20&title=${encodeURIComponent(NAME)}`,
  );
  const row = mine.rows?.find((r) => r.title.includes(NAME));
  if (row === undefined) throw new Error(`no approval titled ${NAME}: ${JSON.stringify(mine)}`);
  return row;
}

describe('separation of duties in the browser', () => {
  const session = useBrowser();

  it('jingying drafts a contract and submits it for review in the browser', async () => {
    const { page } = session();
    await signInQuietly(page, 'jingying');
    await openMenu(page, '项目管理', '合同列表');
    await page.getByLabel('合同阶段').selectOption('contract');
    await page.getByRole('button', { name: '新增', exact: true }).click();
    const form = page.getByTestId('contract-form');
    await form.getByLabel('项目名称').fill('滨江图书馆');
    await form.getByLabel('合同名称').fill(NAME);
    await form.getByLabel('委托单位').fill('杭州滨江文旅');
    await form.getByLabel('甲方').fill('杭州滨江文旅');
    await form.getByLabel('乙方').fill('华东示范建筑设计研究院');
    await form.getByLabel('业务来源').selectOption('1');
    await form.getByLabel('签订日期').fill('2026-11-02');
    // 150 万元: the general manager signs after 财务部.
    await form.getByLabel('合同金额').fill('150');
    await form.getByRole('button', { name: '保存并提交审批' }).click();
    await page.getByText('已提交审批').first().waitFor();
  });

  it('never shows it in his 待我审批, while the general manager it escalated to sees it there', async () => {
    const { page } = session();
    await signInQuietly(page, 'jingying');
    await openMenu(page, '审批管理', '待我审批');
    expect(await search(page, 'todo')).toEqual([]);
    expect(await page.getByTestId('approval-list-todo').textContent()).not.toContain(NAME);

    await signInQuietly(page, 'zjl');
    await openMenu(page, '审批管理', '待我审批');
    expect(await search(page, 'todo')).toEqual([expect.stringContaining(NAME)]);
  });

  it('his approval detail shows what happened to 部门负责人 and 经营部, and offers him no 同意', async () => {
    const { page } = session();
    await signInQuietly(page, 'jingying');
    await openMenu(page, '审批管理', '我发起的');
    expect(await search(page, 'mine')).toEqual([expect.stringContaining(NAME)]);
    const detail = await openApproval(page, 'mine', NAME);
    const notes = detail.getByTestId('node-note');
    expect(await notes.allTextContents()).toEqual([
      `部门负责人：${ESCALATED}`,
      `经营部：${ESCALATED}`,
    ]);
    expect(await detail.getByTestId('detail-current-node').textContent()).toBe('部门负责人');
    expect(await detail.textContent()).toContain('部门负责人 → 经营部 → 财务部 → 总经理');
    expect(await detail.getByRole('button', { name: '同意', exact: true }).count()).toBe(0);
    expect(await detail.getByRole('button', { name: '撤回', exact: true }).count()).toBe(1);
  });

  it('the general manager signs the escalated nodes, then 财务部 and 总经理; he never acts at a node', async () => {
    const { page, baseURL } = session();
    await signApproval(page, 'zjl', NAME, '部门负责人同意');
    await signApproval(page, 'zjl', NAME, '经营部同意');
    await signApproval(page, 'caiwu', NAME, '财务部同意');
    const detail = await signApproval(page, 'zjl', NAME, '总经理同意');
    await detail.locator('[data-status="1"]').waitFor();
    const { approvalId, status } = await approvalOf(baseURL);
    expect(status).toBe(1);
    // The log: he submitted; every node action is someone else's.
    const token = await apiToken(baseURL, 'jingying');
    const answer = await api<{
      data: { log: { action: string; actorId: string }[]; approval: { drafterId: string } };
    }>(baseURL, token, 'GET', `/project/approval/getCommonApprovalDetail?serviceId=${approvalId}`);
    const drafter = answer.data.approval.drafterId;
    expect(answer.data.log.filter((e) => e.actorId === drafter).map((e) => e.action)).toEqual([
      'submit',
    ]);
    expect(answer.data.log.filter((e) => e.action === 'approve')).toHaveLength(4);
  });
});
