import { chromium, type Browser, type Locator, type Page, type Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP, screenshotIfFailed } from './browser.js';
import { serveRuoYiUi, type RunningRuoYiUi } from './ruoyi-ui.js';
import { api, apiToken } from './shell.js';

export type Rows<T> = { rows: T[]; total: number };

/**
 * RuoYi-Vue 3.9.2's own admin UI against our API, for the ruoyi-ui-*.e2e.ts specs: the UI served,
 * one browser page for the whole spec file (its steps run in order and share the session), and
 * the steps' words for RuoYi's sidebar, dialogs and confirmations. Call inside a `describe`; the
 * page is the one `page()` returns once the suite's beforeAll ran, signed in by `signIn()`.
 * `name` prefixes the screenshot a failed step leaves in the artifacts.
 */
export function useRuoYiAdmin(name: string) {
  const baseURL = inject('baseURL');
  let ui: RunningRuoYiUi;
  let browser: Browser;
  let page: Page;
  let token: string;
  /** Every answer the UI got that was not a success: RuoYi shows each one as a toast. */
  const refusals: string[] = [];

  beforeAll(async () => {
    ui = await serveRuoYiUi(baseURL);
    token = await apiToken(baseURL);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const context = await browser.newContext({
      viewport: DESKTOP,
      baseURL: ui.url,
      locale: 'zh-CN',
      timezoneId: 'UTC',
    });
    page = await context.newPage();
    page.on('response', (r) => void noteRefusal(r));
  });

  afterEach(async (ctx) => {
    if (await screenshotIfFailed(ctx, page, name)) {
      // The next step starts from a page without this one's dialog or drawer.
      refusals.splice(0);
      await page.goto('/index');
    }
  });

  afterAll(async () => {
    await browser?.close();
    await ui?.stop();
  });

  async function noteRefusal(r: Response): Promise<void> {
    if (!r.url().includes('/prod-api/')) return;
    if (r.status() >= 400) {
      refusals.push(`${r.request().method()} ${r.url()} → HTTP ${r.status()}`);
      return;
    }
    if (!(r.headers()['content-type'] ?? '').includes('json')) return;
    const body = (await r.json().catch(() => undefined)) as
      { code?: number; msg?: string } | undefined;
    if (body?.code !== undefined && body.code !== 200)
      refusals.push(`${r.request().method()} ${r.url()} → ${body.code} ${body.msg ?? ''}`);
  }

  /** No refused call and no error toast since the last check. */
  async function expectClean(): Promise<void> {
    expect(refusals.splice(0)).toEqual([]);
    expect(
      await page.locator('.el-message--error, .el-message--warning').allTextContents(),
    ).toEqual([]);
    expect(await page.getByText('系统接口').count()).toBe(0);
  }

  const answered =
    (part: string, method = 'GET') =>
    (r: Response) =>
      r.url().includes(`/prod-api${part}`) && r.request().method() === method;

  /** Opens a screen from RuoYi's sidebar and waits for its list call. */
  async function openScreen(titles: string[], listCall: string): Promise<void> {
    const [list] = await Promise.all([page.waitForResponse(answered(listCall)), goTo(titles)]);
    expect(list.status()).toBe(200);
  }

  /** Clicks through RuoYi's sidebar (a screen already open in a tab shows again, unreloaded). */
  async function goTo(titles: string[]): Promise<void> {
    const sidebar = page.locator('.sidebar-container');
    for (const title of titles.slice(0, -1)) {
      const sub = sidebar
        .locator('li.el-submenu')
        .filter({ has: page.locator(':scope > .el-submenu__title', { hasText: exact(title) }) });
      if (!((await sub.getAttribute('class')) ?? '').includes('is-opened'))
        await sub.locator(':scope > .el-submenu__title').click();
    }
    await sidebar.locator('li.el-menu-item', { hasText: exact(titles.at(-1)!) }).click();
  }

  const exact = (text: string) => new RegExp(`^\\s*${text}\\s*$`);
  // The open one: 角色管理's 数据权限 dialog shares the title of its add and edit dialog.
  const dialog = (title: string) =>
    page
      .locator('.el-dialog', { has: page.locator('.el-dialog__title', { hasText: exact(title) }) })
      .filter({ visible: true });
  const view = () => page.locator('.app-main');
  const row = (text: string) => view().locator('.el-table__body-wrapper tr', { hasText: text });

  /** Clicks 确 定 in a dialog and waits for the write to succeed. */
  async function submit(box: Locator, call: string, method: string): Promise<void> {
    const [answer] = await Promise.all([
      page.waitForResponse(answered(call, method)),
      box.getByRole('button', { name: '确 定' }).click(),
    ]);
    expect(((await answer.json()) as { code: number }).code).toBe(200);
    await box.waitFor({ state: 'hidden' });
  }

  /** Confirms RuoYi's $modal.confirm and waits for the call it makes. */
  async function confirm(call: string, method: string): Promise<void> {
    const [answer] = await Promise.all([
      page.waitForResponse(answered(call, method)),
      page
        .locator('.el-message-box')
        .getByRole('button', { name: /确\s*定/ })
        .click(),
    ]);
    expect(((await answer.json()) as { code: number }).code).toBe(200);
  }

  async function search(placeholder: string, value: string, listCall: string): Promise<void> {
    // The shown screen's: a screen kept alive in another tab has its own search boxes.
    await view().getByPlaceholder(placeholder).filter({ visible: true }).first().fill(value);
    await Promise.all([
      page.waitForResponse(answered(listCall)),
      view().getByRole('button', { name: '搜索' }).click(),
    ]);
  }

  const apiGet = <T>(url: string) => api<T>(baseURL, token, 'GET', url);
  /** A write made by the test itself (its own records, their removal); refused writes fail it. */
  async function apiWrite<T = { code: number }>(
    method: string,
    url: string,
    body?: unknown,
  ): Promise<T> {
    const answer = await api<T & { code: number; msg?: string }>(baseURL, token, method, url, body);
    if (answer.code !== 200)
      throw new Error(`${method} ${url} → ${answer.code} ${answer.msg ?? ''}`);
    return answer;
  }

  /** Clicks a button RuoYi acts on without asking, and waits for its write to succeed. */
  async function confirmless(button: Locator, call: string): Promise<void> {
    const [answer] = await Promise.all([
      page.waitForResponse(answered(call, 'DELETE')),
      button.click(),
    ]);
    expect(((await answer.json()) as { code: number }).code).toBe(200);
  }

  /** Signs in on RuoYi's own login page (demo mode: no captcha) and waits for its sidebar. */
  async function signIn(): Promise<void> {
    const [captcha] = await Promise.all([
      page.waitForResponse(answered('/captchaImage')),
      page.goto('/login'),
    ]);
    expect(((await captcha.json()) as { captchaEnabled: boolean }).captchaEnabled).toBe(false);
    await page.getByPlaceholder('账号').fill('admin');
    await page.getByPlaceholder('密码').fill('admin123');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL('**/index');
    await page.locator('.sidebar-container li.el-submenu', { hasText: '系统管理' }).waitFor();
    await expectClean();
  }

  return {
    baseURL,
    page: () => page,
    token: () => token,
    signIn,
    expectClean,
    answered,
    openScreen,
    goTo,
    exact,
    dialog,
    view,
    row,
    submit,
    confirm,
    confirmless,
    search,
    apiGet,
    apiWrite,
  };
}
