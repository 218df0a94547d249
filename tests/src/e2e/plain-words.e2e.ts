/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so these files see the DOM types.
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.js';
import { api, apiToken, signIn } from '../support/shell.js';

interface RouterNode {
  path: string;
  component?: string;
  hidden?: boolean;
  meta?: { title?: string };
  children?: RouterNode[];
}

/** The menu pages a getRouters answer leads to: its leaves, with their full paths and titles. */
function menuPages(nodes: readonly RouterNode[], base = ''): { path: string; title: string }[] {
  return nodes.flatMap((n) => {
    if (n.hidden || /^https?:/.test(n.path)) return [];
    const path = n.path.startsWith('/') ? n.path : `${base}/${n.path}`;
    if (n.children?.length) return menuPages(n.children, path);
    if (!n.component || ['Layout', 'ParentView', 'InnerLink'].includes(n.component)) return [];
    return [{ path, title: n.meta?.title ?? path }];
  });
}

/**
 * Columns whose technical text is the content itself, as RuoYi's own screens show it: a login
 * where the column is the login (登录名称 and the logs' 用户名称/操作人员, which record the account
 * as typed), a role's 权限字符, a menu's 权限标识 and 组件路径, a job's 调用目标, a parameter's
 * 参数键名, a dictionary's 字典类型, a cache's 缓存名称/缓存键名, a request's 请求地址/操作方法.
 */
const TECHNICAL_COLUMNS = [
  '登录名称',
  '用户名称',
  '操作人员',
  '权限字符',
  '权限标识',
  '组件路径',
  '路由地址',
  '调用目标',
  '调用目标字符串',
  '参数键名',
  '字典类型',
  '缓存名称',
  '缓存键名',
  '请求地址',
  '操作方法',
  '任务组名',
];

/** Pages whose subject is the machine itself (RuoYi's 服务监控, 缓存监控), read whole by admins. */
const TECHNICAL_PAGES = ['/monitor/server', '/monitor/cache', '/monitor/cacheList'];

/** What a person sees on the page, less the technical columns' cells. */
function visibleWords(technical: readonly string[]): { text: string; people: string[] } {
  const skipped = new Set<Element>();
  const people: string[] = [];
  for (const table of document.querySelectorAll('main table')) {
    // A sortable header carries its order's arrow after the title.
    const heads = [...table.querySelectorAll('thead th')].map(
      (th) => th.textContent?.replace(/[↑↓↕]/g, '').trim() ?? '',
    );
    for (const row of table.querySelectorAll('tbody tr')) {
      [...row.children].forEach((cell, i) => {
        const head = heads[i] ?? '';
        if (technical.includes(head)) skipped.add(cell);
        else if (/(人|经理|主持|负责人|签署人)$/.test(head))
          people.push(cell.textContent?.trim() ?? '');
      });
    }
  }
  const main = document.querySelector('main');
  if (!main) return { text: '', people };
  const clone = main.cloneNode(true) as HTMLElement;
  // Drop the skipped cells from the copy by their position in the original.
  const all = [...main.querySelectorAll('*')];
  const copies = [...clone.querySelectorAll('*')];
  all.forEach((el, i) => {
    if (skipped.has(el)) copies[i]!.textContent = '';
  });
  // Inputs show their value; hidden elements are not seen.
  for (const el of clone.querySelectorAll('[hidden], [aria-hidden="true"], script, style'))
    el.remove();
  return { text: clone.innerText || clone.textContent || '', people };
}

/** A field name (camelCase or snake_case), an approval type code (20_1) or a role key. */
function findings(text: string, roleKeys: readonly string[]): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/\b[a-z][a-z0-9]*(?:[A-Z][a-zA-Z0-9]*|_[a-zA-Z0-9]+)+\b/g))
    found.add(m[0]);
  for (const m of text.matchAll(/(?<![\w.\-/:])\d{1,2}_\d(?!\w)/g)) found.add(m[0]);
  for (const key of roleKeys) if (new RegExp(`\\b${key}\\b`).test(text)) found.add(key);
  return [...found];
}

describe('every menu page in words people use', () => {
  const session = useBrowser();

  it('shows no field name, role key or type code, and people by name, on each of admin’s pages', async () => {
    const { page, baseURL } = session();
    const token = await apiToken(baseURL);
    const routers = await api<{ data: RouterNode[] }>(baseURL, token, 'GET', '/getRouters');
    const pages = menuPages(routers.data).filter((p) => !TECHNICAL_PAGES.includes(p.path));
    expect(pages.length).toBeGreaterThanOrEqual(40);
    const roles = await api<{ rows: { roleKey: string }[] }>(
      baseURL,
      token,
      'GET',
      '/system/role/list?pageNum=1&pageSize=50',
    );
    // Keys made of letters only that are also everyday words would match prose; none are here.
    const roleKeys = roles.rows.map((r) => r.roleKey).filter((k) => k.length > 2);
    const users = await api<{ rows: { userName: string; nickName: string }[] }>(
      baseURL,
      token,
      'GET',
      '/system/user/list?pageNum=1&pageSize=100',
    );
    const logins = new Set(
      users.rows.filter((u) => u.userName !== u.nickName).map((u) => u.userName),
    );

    await signIn(page, 'admin');
    const problems: string[] = [];
    for (const p of pages) {
      await page.goto(p.path);
      await page.locator('main').waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(
        () =>
          document.querySelectorAll('[aria-busy="true"], [data-testid="table-loading"]').length ===
          0,
      );
      const seen = await page.evaluate(visibleWords, TECHNICAL_COLUMNS);
      const words = findings(seen.text, roleKeys);
      if (words.length > 0) problems.push(`${p.title} ${p.path}: ${words.join(', ')}`);
      const asLogin = seen.people.filter((name) => logins.has(name));
      if (asLogin.length > 0) problems.push(`${p.title} ${p.path}: 登录名 ${asLogin.join(', ')}`);
      const tall = await page.$$eval('main [data-row]', (rows) =>
        rows.map((r) => r.getBoundingClientRect().height).filter((h) => h > 48),
      );
      if (tall.length > 0) problems.push(`${p.title} ${p.path}: ${tall.length} 行高于一行`);
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
