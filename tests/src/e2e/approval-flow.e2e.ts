/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { openMenu, signIn as signInThroughForm } from '../support/shell.js';

/**
 * The approval engine end to end, in the browser against the real server and the seeded flows
 * (adapters/sql/src/seed/approval-flows.ts): 李项目 (xmjl, 建筑一所) drafts; a free-form
 * 审批单 (19_1, linked to no record, so drafted in 发起审批 itself) goes 部门负责人 (bmfzr) →
 * 综合事务部 (zhsw) → 总经理 (zjl); a 21_1 company seal request (a seal-use form with no record: a
 * 25_x technical seal now stamps results picked on a task, see approval-centre tests) goes
 * 部门负责人 (bmfzr) → 综合事务部 (zhsw) → 总经理 (zjl).
 * The steps run in order and share the server's state.
 */

/** A 2×2 PNG (a signature image for the personal centre). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGNQcDgARAwQCgAdDgSB4itaHAAAAABJRU5ErkJggg==',
  'base64',
);

const MATTER_TITLE = '滨江幼儿园驻场设计服务审批（浏览器）';
const SEAL_TITLE = '滨江幼儿园施工图用印（浏览器）';
const SIGNERS = ['xmjl', 'bmfzr', 'jingying', 'caiwu', 'jsfzr', 'zhsw', 'zjl'] as const;
const DRAWN_TITLE = '滨江幼儿园签名板审批单（浏览器）';

/**
 * Signs in with the urgent-task dialog kept closed for the session (its own test is in
 * notify.e2e.ts); here it would only cover the screens under test.
 */
const prepared = new WeakSet<Page>();
async function signIn(page: Page, user: string): Promise<void> {
  if (!prepared.has(page)) {
    prepared.add(page);
    // Waits are for events, with no clock of their own (a cold first load can be slow here).
    page.setDefaultTimeout(0);
    await page.addInitScript(() => sessionStorage.setItem('hideNotify', 'true'));
  }
  // The next signer on the same page: end the previous session (a signed-in /login goes to /).
  if (page.url().startsWith('http'))
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  await signInThroughForm(page, user);
}

const badge = (page: Page) => page.locator('[data-menu="审批管理"] [data-testid="approval-badge"]');

/** The Approval badge's number once the first poll has shown it. */
async function badgeCount(page: Page): Promise<number> {
  await badge(page).waitFor();
  return Number(await badge(page).textContent());
}

async function expectBadge(page: Page, count: number): Promise<void> {
  if (count === 0) await badge(page).waitFor({ state: 'detached' });
  else
    await page.waitForFunction(
      (n) =>
        document.querySelector('[data-menu="审批管理"] [data-testid="approval-badge"]')
          ?.textContent === String(n),
      count,
    );
}

/** The row of `title` in the list on screen. */
const rowOf = (page: Page, list: string, title: string): Locator =>
  page.getByTestId(`approval-list-${list}`).locator('tr[data-row]', { hasText: title });

async function openDetail(page: Page, list: string, title: string): Promise<Locator> {
  await rowOf(page, list, title).getByTestId('open-approval').click();
  const detail = page.getByTestId('approval-detail');
  await detail.locator('[data-version]').waitFor();
  return detail;
}

async function closeDetail(page: Page): Promise<void> {
  const detail = page.getByTestId('approval-detail');
  await detail.getByRole('button', { name: '关闭', exact: true }).last().click();
  await detail.waitFor({ state: 'detached' });
}

const statusOf = async (detail: Locator) =>
  (await detail.getByTestId('detail-status').textContent())?.trim();

/** Signs in as `user`, opens 待我审批 and acts on `title` with an opinion. */
async function act(
  page: Page,
  user: string,
  title: string,
  action: '同意' | '驳回',
  opinion: string,
): Promise<Locator> {
  await signIn(page, user);
  await openMenu(page, '审批管理', '待我审批');
  await rowOf(page, 'todo', title).waitFor();
  const detail = await openDetail(page, 'todo', title);
  const version = Number(await detail.locator('[data-version]').getAttribute('data-version'));
  // The signer's own signature shows beside the opinion before they sign.
  await detail.locator('[data-kind="opinion"] [data-testid="sign-image"]').waitFor();
  await detail.getByLabel('审批意见').fill(opinion);
  await detail.getByRole('button', { name: action, exact: true }).click();
  if (action === '驳回') await page.getByRole('button', { name: '确定' }).click();
  await page.getByText(`${action}成功`).first().waitFor();
  await page.waitForFunction(
    (v) =>
      Number(
        document
          .querySelector('[data-testid="approval-detail"] [data-version]')
          ?.getAttribute('data-version'),
      ) > v,
    version,
  );
  return detail;
}

describe('approval flow in the browser', () => {
  const session = useBrowser();

  for (const user of SIGNERS) {
    it(`${user} sets a signature image in the personal centre`, async () => {
      const { page } = session();
      await signIn(page, user);
      await page.goto('/user/profile');
      await page.getByRole('tab', { name: '签名' }).click();
      const section = page.getByTestId('signature-section');
      // The demo seed gave every user a signature; this one replaces it.
      await section.getByTestId('my-signature').waitFor();
      await section.getByLabel('上传签名图片').setInputFiles({
        name: `${user}.png`,
        mimeType: 'image/png',
        buffer: PNG,
      });
      const img = section.getByTestId('my-signature');
      await img.waitFor();
      await page.waitForFunction(
        () =>
          document.querySelector<HTMLImageElement>('[data-testid="my-signature"]')?.naturalWidth ===
          2,
      );
      expect(await img.getAttribute('src')).toMatch(
        /\/prod-api\/system\/user\/profile\/signature\//,
      );
    });
  }

  it('the drafter submits a 审批单 and a 21_1 seal request', async () => {
    const { page } = session();
    await signIn(page, 'xmjl');
    await openMenu(page, '审批管理', '我发起的');

    await page.getByRole('button', { name: '发起审批' }).click();
    let form = page.getByTestId('approval-form');
    await form.getByLabel('表单类型').selectOption('Common');
    await form.getByLabel('审批类型').selectOption('19_1');
    await form.getByLabel('标题', { exact: true }).fill(MATTER_TITLE);
    // Core's rules run before anything is sent: the required fields say so.
    await form.getByRole('button', { name: '提交' }).click();
    await form.locator('[data-field="subject"] [role="alert"]').waitFor();
    await form.getByLabel('事由', { exact: true }).fill('滨江幼儿园施工配合派驻设计代表');
    await form.locator('[data-field="subject"] [role="alert"]').waitFor({ state: 'detached' });
    await form.getByLabel('审批内容', { exact: true }).fill('派驻结构专业设计代表一名');
    // The drafter's row carries their signature while drafting.
    await form.locator('[data-kind="drafter"] [data-testid="sign-image"]').waitFor();
    await form.getByRole('button', { name: '提交' }).click();
    await form.waitFor({ state: 'detached' });
    let detail = page.getByTestId('approval-detail');
    await detail.locator('[data-status="0"]').waitFor();
    expect(await detail.getByTestId('detail-current-node').textContent()).toBe('部门负责人');
    await closeDetail(page);

    await page.getByRole('button', { name: '发起审批' }).click();
    form = page.getByTestId('approval-form');
    await form.getByLabel('表单类型').selectOption({ label: '用印申请' });
    await form.getByLabel('审批类型').selectOption('21_1');
    await form.getByLabel('标题', { exact: true }).fill(SEAL_TITLE);
    await form.getByLabel('图纸内容').fill('幼儿园施工图 42 张');
    await form.locator('[data-field="sealType"]').getByLabel('公章', { exact: true }).check();
    await form.getByRole('button', { name: '提交' }).click();
    await form.waitFor({ state: 'detached' });
    detail = page.getByTestId('approval-detail');
    await detail.locator('[data-status="0"]').waitFor();
    expect(await detail.getByText('部门负责人 → 综合事务部 → 总经理').count()).toBe(1);
    await closeDetail(page);

    await rowOf(page, 'mine', MATTER_TITLE).waitFor();
    expect(await rowOf(page, 'mine', SEAL_TITLE).textContent()).toContain('审批中');
  });

  it('the department head signs both; the badge and the lists follow', async () => {
    const { page } = session();
    await signIn(page, 'bmfzr');
    const before = await badgeCount(page);
    expect(before).toBeGreaterThanOrEqual(2);
    await openMenu(page, '审批管理', '待我审批');
    await rowOf(page, 'todo', MATTER_TITLE).waitFor();
    await rowOf(page, 'todo', SEAL_TITLE).waitFor();

    for (const [i, title] of [MATTER_TITLE, SEAL_TITLE].entries()) {
      const detail = await openDetail(page, 'todo', title);
      await detail.getByLabel('审批意见').fill('同意，请继续审核');
      await detail.getByRole('button', { name: '同意', exact: true }).click();
      await page.getByText('同意成功').first().waitFor();
      await detail.locator('[data-testid="sign-row"][data-kind="finished"]').first().waitFor();
      // Once signed, the approval leaves my to-do list and the badge counts one less.
      await closeDetail(page);
      await rowOf(page, 'todo', title).waitFor({ state: 'detached' });
      await expectBadge(page, before - i - 1);
    }
    await page.getByRole('tab', { name: '我已审批' }).click();
    await rowOf(page, 'done', MATTER_TITLE).waitFor();
    await rowOf(page, 'done', SEAL_TITLE).waitFor();
  });

  it('general affairs rejects the 审批单; the drafter corrects and resubmits', async () => {
    const { page } = session();
    const detail = await act(page, 'zhsw', MATTER_TITLE, '驳回', '请写明派驻期限');
    expect(await statusOf(detail)).toBe('已驳回');

    await signIn(page, 'xmjl');
    await openMenu(page, '审批管理', '我发起的');
    expect(await rowOf(page, 'mine', MATTER_TITLE).textContent()).toContain('已驳回');
    const mine = await openDetail(page, 'mine', MATTER_TITLE);
    // The rejection is in the record with its opinion and the rejecter's signature.
    const rejected = mine.locator('[data-testid="log-row"][data-action="reject"]');
    expect(await rejected.textContent()).toContain('请写明派驻期限');
    await rejected.locator('img').waitFor();
    await mine.getByRole('button', { name: '修改' }).click();
    const form = page.getByTestId('approval-form');
    await form
      .getByLabel('审批内容', { exact: true })
      .fill('派驻结构专业设计代表一名，自主体施工起至竣工验收止');
    await form.getByRole('button', { name: '提交' }).click();
    await form.waitFor({ state: 'detached' });
    await mine.locator('[data-status="0"]').waitFor();
    expect(await mine.getByTestId('detail-current-node').textContent()).toBe('部门负责人');
    await closeDetail(page);
    expect(await rowOf(page, 'mine', MATTER_TITLE).textContent()).toContain('审批中');
  });

  it('each approver signs the resubmitted 审批单 in turn', async () => {
    const { page } = session();
    let detail = await act(page, 'bmfzr', MATTER_TITLE, '同意', '同意');
    expect(await statusOf(detail)).toBe('审批中');
    detail = await act(page, 'zhsw', MATTER_TITLE, '同意', '综合事务部同意');
    expect(await detail.getByTestId('detail-current-node').textContent()).toBe('总经理');
    detail = await act(page, 'zjl', MATTER_TITLE, '同意', '总经理同意');
    expect(await statusOf(detail)).toBe('已通过');
  });

  it('the seal request passes general affairs and the general manager', async () => {
    const { page } = session();
    await act(page, 'zhsw', SEAL_TITLE, '同意', '同意用印');
    const detail = await act(page, 'zjl', SEAL_TITLE, '同意', '同意加盖公章');
    expect(await statusOf(detail)).toBe('已通过');
  });

  it('the detail view shows every signature, row by row', async () => {
    const { page } = session();
    await signIn(page, 'xmjl');
    await openMenu(page, '审批管理', '我发起的');
    expect(await rowOf(page, 'mine', MATTER_TITLE).textContent()).toContain('已通过');

    const expectRows = async (title: string, nodes: string[], opinions: string[]) => {
      const detail = await openDetail(page, 'mine', title);
      const finished = detail.locator('[data-testid="sign-row"][data-kind="finished"]');
      expect(await finished.locator('th').allTextContents()).toEqual(nodes);
      const texts = await finished.locator('td:nth-of-type(1)').allTextContents();
      expect(texts.map((t) => t.trim())).toEqual(opinions);
      // Every node's signature image, and the drafter's, is shown and has loaded.
      const images = detail.locator('[data-testid="sign-row"] [data-testid="sign-image"]');
      expect(await images.count()).toBe(nodes.length + 1);
      await page.waitForFunction(() =>
        [
          ...document.querySelectorAll<HTMLImageElement>(
            '[data-testid="approval-detail"] [data-testid="sign-row"] img',
          ),
        ].every((img) => img.complete && img.naturalWidth === 2),
      );
      const srcs = await images.evaluateAll((els) => els.map((e) => e.getAttribute('src')));
      expect(new Set(srcs).size).toBe(nodes.length + 1);
      await closeDetail(page);
    };
    await expectRows(
      MATTER_TITLE,
      ['部门负责人', '综合事务部', '总经理'],
      ['同意', '综合事务部同意', '总经理同意'],
    );
    await expectRows(
      SEAL_TITLE,
      ['部门负责人', '综合事务部', '总经理'],
      ['同意，请继续审核', '同意用印', '同意加盖公章'],
    );
    await openMenu(page, '审批管理', '全部审批');
    await rowOf(page, 'all', SEAL_TITLE).waitFor();
  });

  it('the department head draws a signature with the mouse and signs with it', async () => {
    const { page } = session();
    await signIn(page, 'xmjl');
    await openMenu(page, '审批管理', '我发起的');
    await page.getByRole('button', { name: '发起审批' }).click();
    const form = page.getByTestId('approval-form');
    await form.getByLabel('表单类型').selectOption('Common');
    await form.getByLabel('审批类型').selectOption('19_1');
    await form.getByLabel('标题', { exact: true }).fill(DRAWN_TITLE);
    await form.getByLabel('事由', { exact: true }).fill('签名板签署');
    await form.getByLabel('审批内容', { exact: true }).fill('部门负责人以手写签名签署');
    await form.getByRole('button', { name: '提交' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByTestId('approval-detail').locator('[data-status="0"]').waitFor();

    await signIn(page, 'bmfzr');
    await page.goto('/user/profile?tab=signature');
    const section = page.getByTestId('signature-section');
    const before = await section.getByTestId('my-signature').getAttribute('src');
    const pad = section.getByLabel('签名板');
    const save = section.getByRole('button', { name: '保存签名' });
    expect(await save.isDisabled()).toBe(true);
    const box = await pad.boundingBox();
    if (box === null) throw new Error('the signature pad is not on screen');
    // Two strokes, as a hand writes: a zigzag and a crossing line.
    await page.mouse.move(box.x + 40, box.y + 100);
    await page.mouse.down();
    for (const [x, y] of [
      [80, 40],
      [120, 110],
      [160, 45],
      [200, 105],
    ] as const)
      await page.mouse.move(box.x + x, box.y + y, { steps: 6 });
    await page.mouse.up();
    await page.mouse.move(box.x + 60, box.y + 70);
    await page.mouse.down();
    await page.mouse.move(box.x + 230, box.y + 65, { steps: 10 });
    await page.mouse.up();
    await save.click();
    await page.getByText('签名已更新').first().waitFor();
    await page.waitForFunction((old) => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="my-signature"]');
      // The trimmed drawing: wider than tall, far bigger than the 2×2 image it replaces.
      return (
        img !== null &&
        img.getAttribute('src') !== old &&
        img.complete &&
        img.naturalWidth > img.naturalHeight &&
        img.naturalWidth > 100
      );
    }, before);
    const drawn = await section.getByTestId('my-signature').getAttribute('src');
    await section.getByTestId('my-signature-time').waitFor();

    const detail = await act(page, 'bmfzr', DRAWN_TITLE, '同意', '手写签名同意');
    const signedRow = detail.locator('[data-testid="sign-row"][data-kind="finished"]').first();
    expect(await signedRow.getByTestId('sign-image').getAttribute('src')).toBe(drawn);
    expect(await signedRow.getByTestId('sign-by').textContent()).toContain('赵所长');
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>(
        '[data-testid="approval-detail"] [data-kind="finished"] img',
      );
      return img !== null && img.complete && img.naturalWidth > 100;
    });
    await closeDetail(page);
  });

  it('an administrator sees the flows and the 25_1 rule among the nodes', async () => {
    const { page } = session();
    await signIn(page, 'admin');
    await openMenu(page, '审批管理', '审批流程', '流程配置');
    const flows = page.locator('section', { has: page.getByRole('heading', { name: '流程配置' }) });
    await flows.getByRole('search').getByLabel('审批类型').selectOption('25_1');
    await flows.getByRole('button', { name: '搜索' }).click();
    await flows.getByRole('cell', { name: '技术章（一）审批流程' }).waitFor();
    await openMenu(page, '审批管理', '审批流程', '节点配置');
    const nodes = page.locator('section', { has: page.getByRole('heading', { name: '节点配置' }) });
    await nodes.locator('select[aria-label="审批类型"]').selectOption('25_1');
    const manager = nodes.locator('tr[data-row]', { hasText: '总经理' });
    await manager.waitFor();
    expect(await manager.textContent()).toContain('满足时加入：印章类型 包含 公章');
    const names = await nodes.locator('tr[data-row] td:nth-child(2)').allTextContents();
    expect(names).toEqual(['部门负责人', '技术负责人', '综合事务部', '总经理']);
  });
});
