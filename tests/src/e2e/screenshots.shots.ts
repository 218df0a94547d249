/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { DESKTOP, PHONE, useBrowser } from '../support/browser.js';
import { openMenu, signIn } from '../support/shell.js';

/**
 * The README's screenshots (docs/screenshots). Not a test: `npm run screenshots -w @dpms/tests`
 * takes them, so a normal test run leaves the working tree alone.
 */
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/screenshots');

const WARN_TASKS = [
  { taskNo: 'RW-2024-031', planFinishDate: '2024-06-12' },
  { taskNo: 'RW-2024-036', planFinishDate: '2024-06-15' },
  { taskNo: 'RW-2024-040', planFinishDate: '2024-06-20' },
];

async function notify(page: Page, warn = false) {
  await page.route('**/prod-api/project/approval/getNotify**', (route) =>
    route.fulfill({
      json: {
        code: 200,
        msg: '操作成功',
        data: { unDealCount: 12, unLookSeal: true, warnTaskList: warn ? WARN_TASKS : [] },
      },
    }),
  );
}

async function shot(page: Page, name: string) {
  mkdirSync(OUT, { recursive: true });
  await page.waitForTimeout(1300);
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
}

describe('screenshots at 1366×768', () => {
  const session = useBrowser(DESKTOP);

  it('takes the desktop screens', async () => {
    const { page } = session();
    await notify(page);
    await page.goto('/login');
    await page.locator('#login-username').waitFor();
    await shot(page, 'desktop-login');
    await signIn(page, 'admin');
    await shot(page, 'desktop-welcome');
    await openMenu(page, '系统管理', '用户管理');
    await page.locator('[data-view="/system/user"] [data-row]').first().waitFor();
    await openMenu(page, '系统管理', '部门管理');
    await page.locator('[data-view="/system/dept"] tr[data-row]').first().waitFor();
    await openMenu(page, '系统管理', '用户管理');
    await shot(page, 'desktop-users');
    await page.locator('[data-tab="部门管理"]').click({ button: 'right' });
    await shot(page, 'desktop-tab-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('listitem').filter({ hasText: '项目经理履职责任书.pdf' }).count();
    await page.locator('[data-tab="欢迎"]').click();
    await page
      .getByRole('listitem')
      .filter({ hasText: '项目经理履职责任书.pdf' })
      .getByRole('button', { name: '预览' })
      .click();
    await page.locator('[data-testid="pdf-viewer"][data-rendered="1:0"]').waitFor();
    await page.getByTestId('pdf-viewer').getByRole('button', { name: '向右旋转' }).click();
    await page.locator('[data-testid="pdf-viewer"][data-rendered="1:90"]').waitFor();
    await shot(page, 'desktop-pdf-preview');
  });

  it('takes the role switch, the side panel and the urgent tasks', async () => {
    const { page } = session();
    await notify(page, true);
    await signIn(page, 'jingying');
    await page.getByTestId('urgent-dialog').waitFor();
    await shot(page, 'desktop-urgent-tasks');
    await page.getByTestId('urgent-dialog').getByRole('button', { name: '关闭' }).click();
    await page.goto('/project/main');
    await page.getByTestId('side-panel-handle').click();
    await shot(page, 'desktop-side-panel');
    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'xmjl', '项目经理');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '切换角色' }).click();
    await page.getByTestId('switch-role-dialog').waitFor();
    await shot(page, 'desktop-switch-role');
  });
});

describe('the daily screens at 1366×768', () => {
  const session = useBrowser(DESKTOP);

  it('takes the lists, an approval sheet and the signature pad', async () => {
    const { page } = session();
    await notify(page);
    await signIn(page, 'jingying');
    await openMenu(page, '项目管理', '合同列表');
    const contracts = page.getByTestId('contract-list-formal');
    await contracts.locator('tr[data-row]').first().waitFor();
    await shot(page, 'desktop-contracts');
    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'caiwu');
    await openMenu(page, '资金管理', '资金计划');
    await page.locator('main [data-row]').first().waitFor();
    await shot(page, 'desktop-fund-plan');
    await page.locator('main tr[data-row]').getByRole('button', { name: /更多/ }).first().click();
    await page.getByRole('menu').waitFor();
    await shot(page, 'desktop-row-more');
    await page.keyboard.press('Escape');

    await page.evaluate(() => localStorage.clear());
    await signIn(page, 'admin');
    await openMenu(page, '审批管理', '全部审批');
    const approved = page
      .getByTestId('approval-list-all')
      .locator('tr[data-row]', { hasText: '已通过' })
      .first();
    await approved.getByTestId('open-approval').click();
    const detail = page.getByTestId('approval-detail');
    await detail.locator('[data-version]').waitFor();
    await detail.getByTestId('sign-image').first().waitFor();
    await detail.getByTestId('sign-footer').scrollIntoViewIfNeeded();
    await shot(page, 'desktop-approval-sheet');

    await page.goto('/user/profile?tab=signature');
    await page.getByTestId('signature-section').waitFor();
    await shot(page, 'desktop-signature');
  });
});

describe('screenshots at 375×812', () => {
  const session = useBrowser(PHONE);

  it('takes the phone screens', async () => {
    const { page } = session();
    await notify(page);
    await page.goto('/login');
    await page.locator('#login-username').waitFor();
    await shot(page, 'phone-login');
    await signIn(page, 'admin');
    await shot(page, 'phone-welcome');
    await page.getByTestId('hamburger').click();
    await page.locator('[data-menu="系统管理"] > button').click();
    await shot(page, 'phone-menu');
    await page.locator('[data-menu="用户管理"] > a').click();
    await page.locator('[data-view="/system/user"] [data-row]').first().waitFor();
    await shot(page, 'phone-users');
    await page.locator('[data-view="/system/user"]').getByRole('button', { name: /筛选/ }).click();
    await page.locator('[data-view="/system/user"]').getByRole('search').waitFor();
    await shot(page, 'phone-filters');
  });
});
