/// <reference lib="dom" />
// Callbacks passed to page.evaluate run in the browser, so this file sees the DOM types.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { chromium, type Browser, type Locator, type Page, type Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTIFACTS_DIR, CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP } from '../support/browser.js';
import { serveRuoYiUi, type RunningRuoYiUi } from '../support/ruoyi-ui.js';
import { api, apiToken } from '../support/shell.js';

/**
 * RuoYi-Vue 3.9.2's own admin UI, served unchanged, against our API (RuoYi compatibility, README "Wire"): it signs in on
 * its own login page, and each admin screen of its sidebar lists rows without an error toast and,
 * where the screen allows, adds, edits and deletes a record through RuoYi's dialogs, which the
 * API then holds. One page for the whole file: the steps run in order and share the session.
 */
describe('RuoYi-Vue 3.9.2 admin UI against our API', () => {
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
    const failed = ctx.task.result?.state === 'fail' || (ctx.task.result?.errors?.length ?? 0) > 0;
    if (failed && page) {
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      const name = `ruoyi-ui-${ctx.task.name}`.replace(/[^\w\u4e00-\u9fa5-]+/g, '_').slice(0, 150);
      await page
        .screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true })
        .catch(() => undefined);
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
  type Rows<T> = { rows: T[]; total: number };

  it("signs in on RuoYi's own login page (demo mode: no captcha)", async () => {
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
  });

  it('岗位管理: lists, adds, edits and deletes a post', async () => {
    await openScreen(['系统管理', '岗位管理'], '/system/post/list');
    await row('').first().waitFor();
    await view().getByRole('button', { name: '新增' }).click();
    const add = dialog('添加岗位');
    await add.getByPlaceholder('请输入岗位名称').fill('端到端岗位');
    await add.getByPlaceholder('请输入编码名称').fill('e2e_post');
    await submit(add, '/system/post', 'POST');
    const stored = await apiGet<Rows<{ postId: number; postCode: string }>>(
      '/system/post/list?postName=端到端岗位',
    );
    expect(stored.rows.map((p) => p.postCode)).toEqual(['e2e_post']);

    await row('端到端岗位').getByRole('button', { name: '修改' }).click();
    const edit = dialog('修改岗位');
    await expect
      .poll(() => edit.getByPlaceholder('请输入岗位名称').inputValue())
      .toBe('端到端岗位');
    await edit.getByPlaceholder('请输入岗位名称').fill('端到端岗位改');
    await submit(edit, '/system/post', 'PUT');
    const postId = stored.rows[0]!.postId;
    expect(
      (await apiGet<{ data: { postName: string } }>(`/system/post/${postId}`)).data.postName,
    ).toBe('端到端岗位改');

    await row('端到端岗位改').getByRole('button', { name: '删除' }).click();
    await confirm(`/system/post/${postId}`, 'DELETE');
    expect((await apiGet<Rows<unknown>>('/system/post/list?postName=端到端岗位')).total).toBe(0);
    await expectClean();
  });
  it('参数设置: lists, adds, edits and deletes a config', async () => {
    await openScreen(['系统管理', '参数设置'], '/system/config/list');
    await row('').first().waitFor();
    await view().getByRole('button', { name: '新增' }).click();
    const add = dialog('添加参数');
    await add.getByPlaceholder('请输入参数名称').fill('端到端参数');
    await add.getByPlaceholder('请输入参数键名').fill('e2e.ruoyi.key');
    await add.getByPlaceholder('请输入参数键值').fill('一');
    // RuoYi refuses to delete a built-in (系统内置) parameter, which its form proposes.
    await add.locator('.el-form-item', { hasText: '系统内置' }).getByText('否').click();
    await submit(add, '/system/config', 'POST');
    const stored = await apiGet<Rows<{ configId: number; configValue: string }>>(
      '/system/config/list?configKey=e2e.ruoyi.key',
    );
    expect(stored.rows.map((c) => c.configValue)).toEqual(['一']);
    const configId = stored.rows[0]!.configId;

    await search('请输入参数名称', '端到端参数', '/system/config/list');
    await row('端到端参数').getByRole('button', { name: '修改' }).click();
    const edit = dialog('修改参数');
    await expect.poll(() => edit.getByPlaceholder('请输入参数键值').inputValue()).toBe('一');
    await edit.getByPlaceholder('请输入参数键值').fill('二');
    await submit(edit, '/system/config', 'PUT');
    expect(
      (await apiGet<{ data: { configValue: string } }>(`/system/config/${configId}`)).data
        .configValue,
    ).toBe('二');

    await row('端到端参数').getByRole('button', { name: '删除' }).click();
    await confirm(`/system/config/${configId}`, 'DELETE');
    expect((await apiGet<Rows<unknown>>('/system/config/list?configKey=e2e.ruoyi.key')).total).toBe(
      0,
    );
    await expectClean();
  });

  it('字典管理 and 字典数据: a dictionary type with one entry, edited and deleted', async () => {
    await openScreen(['系统管理', '字典管理'], '/system/dict/type/list');
    await row('').first().waitFor();
    await view().getByRole('button', { name: '新增' }).click();
    const add = dialog('添加字典类型');
    await add.getByPlaceholder('请输入字典名称').fill('端到端字典');
    await add.getByPlaceholder('请输入字典类型').fill('e2e_ruoyi_dict');
    await submit(add, '/system/dict/type', 'POST');
    const types = await apiGet<Rows<{ dictId: number; dictType: string }>>(
      '/system/dict/type/list?dictType=e2e_ruoyi_dict',
    );
    expect(types.total).toBe(1);
    const dictId = types.rows[0]!.dictId;

    // 字典数据: the type's link opens its entries.
    await search('请输入字典名称', '端到端字典', '/system/dict/type/list');
    await Promise.all([
      page.waitForResponse(answered('/system/dict/data/list')),
      row('端到端字典').getByRole('button', { name: '列表' }).click(),
    ]);
    await view().getByRole('button', { name: '新增' }).click();
    const addData = dialog('添加字典数据');
    await addData.getByPlaceholder('请输入数据标签').fill('端到端标签');
    await addData.getByPlaceholder('请输入数据键值').fill('e2e1');
    await submit(addData, '/system/dict/data', 'POST');
    const data = await apiGet<{ data: { dictCode: number; dictLabel: string }[] }>(
      '/system/dict/data/type/e2e_ruoyi_dict',
    );
    expect(data.data.map((d) => d.dictLabel)).toEqual(['端到端标签']);
    const dictCode = data.data[0]!.dictCode;
    await row('端到端标签').getByRole('button', { name: '修改' }).click();
    const editData = dialog('修改字典数据');
    await expect
      .poll(() => editData.getByPlaceholder('请输入数据标签').inputValue())
      .toBe('端到端标签');
    await editData.getByPlaceholder('请输入数据标签').fill('端到端标签改');
    await submit(editData, '/system/dict/data', 'PUT');
    expect(
      (await apiGet<{ data: { dictLabel: string } }>(`/system/dict/data/${dictCode}`)).data
        .dictLabel,
    ).toBe('端到端标签改');
    await row('端到端标签改').getByRole('button', { name: '删除' }).click();
    await confirm(`/system/dict/data/${dictCode}`, 'DELETE');
    expect(
      (await apiGet<{ data: unknown[] }>('/system/dict/data/type/e2e_ruoyi_dict')).data,
    ).toEqual([]);

    // Back to the types: edit and delete the type.
    await goTo(['系统管理', '字典管理']);
    await search('请输入字典名称', '端到端字典', '/system/dict/type/list');
    await row('端到端字典').getByRole('button', { name: '修改' }).click();
    const edit = dialog('修改字典类型');
    await expect
      .poll(() => edit.getByPlaceholder('请输入字典名称').inputValue())
      .toBe('端到端字典');
    await edit.getByPlaceholder('请输入字典名称').fill('端到端字典改');
    await submit(edit, '/system/dict/type', 'PUT');
    expect(
      (await apiGet<{ data: { dictName: string } }>(`/system/dict/type/${dictId}`)).data.dictName,
    ).toBe('端到端字典改');
    await row('端到端字典改').getByRole('button', { name: '删除' }).click();
    await confirm(`/system/dict/type/${dictId}`, 'DELETE');
    expect(
      (await apiGet<Rows<unknown>>('/system/dict/type/list?dictType=e2e_ruoyi_dict')).total,
    ).toBe(0);
    await expectClean();
  });

  it('部门管理: lists the tree, adds a department under the root, edits and deletes it', async () => {
    await openScreen(['系统管理', '部门管理'], '/system/dept/list');
    const root = row('华东示范建筑设计研究院').first();
    await root.getByRole('button', { name: '新增' }).click();
    const add = dialog('添加部门');
    await add.getByPlaceholder('请输入部门名称').fill('端到端部门');
    await add.locator('.el-form-item', { hasText: '显示排序' }).locator('input').fill('42');
    await add.getByPlaceholder('请输入负责人').fill('端到端负责人');
    await submit(add, '/system/dept', 'POST');
    const depts = await apiGet<{
      data: { deptId: number; deptName: string; orderNum: number; leader: string }[];
    }>('/system/dept/list?deptName=端到端部门');
    expect(depts.data.map((d) => [d.deptName, d.orderNum])).toEqual([['端到端部门', 42]]);
    const deptId = depts.data[0]!.deptId;

    await row('端到端部门').getByRole('button', { name: '修改' }).click();
    const edit = dialog('修改部门');
    await expect
      .poll(() => edit.getByPlaceholder('请输入部门名称').inputValue())
      .toBe('端到端部门');
    await edit.getByPlaceholder('请输入部门名称').fill('端到端部门改');
    await submit(edit, '/system/dept', 'PUT');
    expect(
      (await apiGet<{ data: { deptName: string } }>(`/system/dept/${deptId}`)).data.deptName,
    ).toBe('端到端部门改');

    await row('端到端部门改').getByRole('button', { name: '删除' }).click();
    await confirm(`/system/dept/${deptId}`, 'DELETE');
    expect(
      (await apiGet<{ data: unknown[] }>('/system/dept/list?deptName=端到端部门')).data,
    ).toEqual([]);
    await expectClean();
  });

  it('角色管理: lists, adds a role with a menu granted, edits and deletes it', async () => {
    await openScreen(['系统管理', '角色管理'], '/system/role/list');
    await row('').first().waitFor();
    await Promise.all([
      page.waitForResponse(answered('/system/menu/treeselect')),
      view().getByRole('button', { name: '新增' }).click(),
    ]);
    const add = dialog('添加角色');
    await add.getByPlaceholder('请输入角色名称').fill('端到端角色');
    await add.getByPlaceholder('请输入权限字符').fill('e2e_role');
    await add.locator('.el-tree-node__content .el-checkbox').first().click();
    await submit(add, '/system/role', 'POST');
    const roles = await apiGet<Rows<{ roleId: number; roleKey: string }>>(
      '/system/role/list?roleName=端到端角色',
    );
    expect(roles.rows.map((r) => r.roleKey)).toEqual(['e2e_role']);
    const roleId = roles.rows[0]!.roleId;
    const granted = await apiGet<{ checkedKeys: number[] }>(
      `/system/menu/roleMenuTreeselect/${roleId}`,
    );
    expect(granted.checkedKeys.length).toBeGreaterThan(0);

    await search('请输入角色名称', '端到端角色', '/system/role/list');
    await row('端到端角色').getByRole('button', { name: '修改' }).click();
    const edit = dialog('修改角色');
    await expect
      .poll(() => edit.getByPlaceholder('请输入角色名称').inputValue())
      .toBe('端到端角色');
    await edit.getByPlaceholder('请输入角色名称').fill('端到端角色改');
    await submit(edit, '/system/role', 'PUT');
    expect(
      (await apiGet<{ data: { roleName: string } }>(`/system/role/${roleId}`)).data.roleName,
    ).toBe('端到端角色改');

    await search('请输入角色名称', '端到端角色改', '/system/role/list');
    await row('端到端角色改').getByRole('button', { name: '删除' }).click();
    await confirm(`/system/role/${roleId}`, 'DELETE');
    expect((await apiGet<Rows<unknown>>('/system/role/list?roleName=端到端角色')).total).toBe(0);
    await expectClean();
  });

  it('角色管理: 更多 → 数据权限 (自定数据权限 with departments) and 分配用户 (添加用户, 取消授权)', async () => {
    // A role and a user of the step's own, removed whatever happens.
    const role = await apiWrite<{ data: { roleId: number } }>('POST', '/system/role', {
      roleName: '端到端授权角色',
      roleKey: 'e2e_auth_role',
      roleSort: 90,
    });
    const roleId = role.data.roleId;
    const user = await apiWrite<{ data: { userId: number } }>('POST', '/system/user', {
      userName: 'e2eauthuser',
      nickName: '端到端授权用户',
      password: 'Admin123x',
    });
    const userId = user.data.userId;
    try {
      // 角色管理 is open in its tab since the step above.
      await goTo(['系统管理', '角色管理']);
      await search('请输入角色名称', '端到端授权角色', '/system/role/list');
      // 数据权限: 自定数据权限, one department ticked in the tree.
      await row('端到端授权角色').getByRole('button', { name: '更多' }).click();
      await Promise.all([
        page.waitForResponse(answered(`/system/role/deptTree/${roleId}`)),
        page.locator('.el-dropdown-menu:visible').getByText('数据权限').click(),
      ]);
      const scope = dialog('分配数据权限');
      await expect
        .poll(() =>
          scope.locator('.el-form-item', { hasText: '角色名称' }).locator('input').inputValue(),
        )
        .toBe('端到端授权角色');
      await scope.locator('.el-form-item', { hasText: '权限范围' }).locator('.el-select').click();
      await page.locator('.el-select-dropdown__item:visible', { hasText: '自定数据权限' }).click();
      const depts = await apiGet<{
        data: { deptId: number; parentId: number; deptName: string }[];
      }>('/system/dept/list');
      // A department without sub-departments: ticked alone whether or not 父子联动 is on.
      const ticked = depts.data.find((d) => !depts.data.some((c) => c.parentId === d.deptId))!;
      await scope
        .locator('.el-tree-node__content', { hasText: exact(ticked.deptName) })
        .locator('.el-checkbox')
        .click();
      await submit(scope, '/system/role/dataScope', 'PUT');
      expect(
        (await apiGet<{ data: { dataScope: string } }>(`/system/role/${roleId}`)).data.dataScope,
      ).toBe('2');
      expect(
        (await apiGet<{ checkedKeys: number[] }>(`/system/role/deptTree/${roleId}`)).checkedKeys,
      ).toContain(ticked.deptId);

      // 分配用户: its own page; 添加用户 lists the users without the role.
      await row('端到端授权角色').getByRole('button', { name: '更多' }).click();
      await Promise.all([
        page.waitForResponse(answered('/system/role/authUser/allocatedList')),
        page.locator('.el-dropdown-menu:visible').getByText('分配用户').click(),
      ]);
      await page.waitForURL(`**/system/role-auth/user/${roleId}`);
      await Promise.all([
        page.waitForResponse(answered('/system/role/authUser/unallocatedList')),
        view().getByRole('button', { name: '添加用户' }).click(),
      ]);
      const select = dialog('选择用户');
      await select.getByPlaceholder('请输入用户名称').fill('e2eauthuser');
      await Promise.all([
        page.waitForResponse(answered('/system/role/authUser/unallocatedList')),
        select.getByRole('button', { name: '搜索' }).click(),
      ]);
      await select.locator('.el-table__body-wrapper tr', { hasText: 'e2eauthuser' }).click();
      await Promise.all([
        page.waitForResponse(answered('/system/role/authUser/allocatedList')),
        submit(select, '/system/role/authUser/selectAll', 'PUT'),
      ]);
      const allocated = () =>
        apiGet<Rows<{ userName: string }>>(`/system/role/authUser/allocatedList?roleId=${roleId}`);
      expect((await allocated()).rows.map((u) => u.userName)).toEqual(['e2eauthuser']);

      await row('e2eauthuser').getByRole('button', { name: '取消授权' }).click();
      await Promise.all([
        page.waitForResponse(answered('/system/role/authUser/allocatedList')),
        confirm('/system/role/authUser/cancel', 'PUT'),
      ]);
      expect((await allocated()).total).toBe(0);
      await expect.poll(() => row('e2eauthuser').count()).toBe(0);
      await expectClean();
    } finally {
      await apiWrite('DELETE', `/system/user/${userId}`);
      await apiWrite('DELETE', `/system/role/${roleId}`);
    }
  });

  it('用户管理: lists, adds a user, edits and deletes them; times on the institute clock', async () => {
    await openScreen(['系统管理', '用户管理'], '/system/user/list');
    await row('').first().waitFor();
    // 创建时间 on the institute's clock (Asia/Shanghai), whatever the browser's zone (UTC here):
    // the API's own ISO answer, moved eight hours, is what RuoYi's list shows.
    const admin = await apiGet<{ data: { createTime: string } }>('/system/user/1');
    const shanghai = new Date(Date.parse(admin.data.createTime) + 8 * 3600_000).toISOString();
    expect(await row('admin').first().textContent()).toContain(
      `${shanghai.slice(0, 10)} ${shanghai.slice(11, 19)}`,
    );
    await view().getByRole('button', { name: '新增' }).click();
    const add = dialog('添加用户');
    await add.getByPlaceholder('请输入用户昵称').fill('端到端用户');
    await add.getByPlaceholder('请输入用户名称').fill('e2eruoyi');
    await add.getByPlaceholder('请输入用户密码').fill('Admin123x');
    await add.locator('.vue-treeselect__control').click();
    await add
      .locator('.vue-treeselect__label', { hasText: '华东示范建筑设计研究院' })
      .first()
      .click();
    await submit(add, '/system/user', 'POST');
    const users = await apiGet<Rows<{ userId: number; nickName: string; deptId: number }>>(
      '/system/user/list?userName=e2eruoyi',
    );
    expect(users.rows.map((u) => u.nickName)).toEqual(['端到端用户']);
    const userId = users.rows[0]!.userId;

    await search('请输入用户名称', 'e2eruoyi', '/system/user/list');
    await row('e2eruoyi').getByRole('button', { name: '修改' }).click();
    const edit = dialog('修改用户');
    await expect
      .poll(() => edit.getByPlaceholder('请输入用户昵称').inputValue())
      .toBe('端到端用户');
    await edit.getByPlaceholder('请输入用户昵称').fill('端到端用户改');
    await submit(edit, '/system/user', 'PUT');
    expect(
      (await apiGet<{ data: { nickName: string } }>(`/system/user/${userId}`)).data.nickName,
    ).toBe('端到端用户改');

    await row('e2eruoyi').getByRole('button', { name: '删除' }).click();
    await confirm(`/system/user/${userId}`, 'DELETE');
    expect((await apiGet<Rows<unknown>>('/system/user/list?userName=e2eruoyi')).total).toBe(0);
    await expectClean();
  });

  it("用户管理: 更多 → 重置密码 (RuoYi's prompt) and 分配角色 (its own page)", async () => {
    // Two roles a non-administrator may hold: the user starts with one (an account without a
    // role cannot sign in), 分配角色 adds the other.
    const roles = (
      await apiGet<Rows<{ roleId: number; roleName: string; roleKey: string }>>(
        '/system/role/list?status=0&pageSize=50',
      )
    ).rows.filter((r) => r.roleKey !== 'admin');
    const [held, added] = [roles[0]!, roles[1]!];
    const user = await apiWrite<{ data: { userId: number } }>('POST', '/system/user', {
      userName: 'e2eresetuser',
      nickName: '端到端重置用户',
      password: 'Admin123x',
      roleIds: [held.roleId],
    });
    const userId = user.data.userId;
    try {
      await goTo(['系统管理', '用户管理']);
      // 用户管理's own department filter: the screen shown, not the one it replaces.
      await view().getByPlaceholder('请输入部门名称').waitFor();
      await search('请输入用户名称', 'e2eresetuser', '/system/user/list');
      await row('e2eresetuser').getByRole('button', { name: '更多' }).click();
      await page.locator('.el-dropdown-menu:visible').getByText('重置密码').click();
      const prompt = page.locator('.el-message-box', { hasText: '请输入「e2eresetuser」的新密码' });
      await prompt.locator('input').fill('Reset123x');
      await Promise.all([
        page.waitForResponse(answered('/system/user/resetPwd', 'PUT')),
        prompt.getByRole('button', { name: /确\s*定/ }).click(),
      ]);
      await page.getByText('修改成功，新密码是：Reset123x').waitFor();
      // The new password signs in; the old one no longer does.
      await expect(apiToken(baseURL, 'e2eresetuser', 'Reset123x')).resolves.toBeTruthy();
      await expect(apiToken(baseURL, 'e2eresetuser', 'Admin123x')).rejects.toThrow();

      // 分配角色: every role a non-administrator may hold, the user's own ticked.
      await row('e2eresetuser').getByRole('button', { name: '更多' }).click();
      await Promise.all([
        page.waitForResponse(answered(`/system/user/authRole/${userId}`)),
        page.locator('.el-dropdown-menu:visible').getByText('分配角色').click(),
      ]);
      await page.waitForURL(`**/system/user-auth/role/${userId}`);
      await row(added.roleName).first().click();
      await Promise.all([
        page.waitForResponse(answered('/system/user/authRole', 'PUT')),
        view().getByRole('button', { name: '提交' }).click(),
      ]);
      await page.getByText('授权成功').waitFor();
      const now = await apiGet<{ roles: { roleId: number; flag: boolean }[] }>(
        `/system/user/authRole/${userId}`,
      );
      const flagged = now.roles.filter((r) => r.flag).map((r) => r.roleId);
      expect(flagged.sort()).toEqual([held.roleId, added.roleId].sort());
      await expectClean();
    } finally {
      await apiWrite('DELETE', `/system/user/${userId}`);
    }
  });

  it("用户管理: 导入 — 下载模板, then an xlsx uploaded through RuoYi's dialog, its 导入结果 shown", async () => {
    // RuoYi gives an imported account the 参数设置 sys.user.initPassword.
    const initial = await apiGet<Rows<{ configId: number }>>(
      '/system/config/list?configKey=sys.user.initPassword',
    );
    const madeKey = initial.total === 0;
    if (madeKey)
      await apiWrite('POST', '/system/config', {
        configName: '用户管理-账号初始密码',
        configKey: 'sys.user.initPassword',
        configValue: 'Init123x',
        configType: 'N',
      });
    try {
      await goTo(['系统管理', '用户管理']);
      await view().getByRole('button', { name: '导入' }).click();
      const upload = dialog('用户导入');
      const [template] = await Promise.all([
        page.waitForResponse(answered('/system/user/importTemplate', 'POST')),
        upload.getByText('下载模板').click(),
      ]);
      expect(template.status()).toBe(200);
      // The template, filled in as an administrator would, goes back through the dialog.
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await template.body()) as unknown as ExcelJS.Buffer);
      const sheet = book.worksheets[0]!;
      const headers = (sheet.getRow(1).values as unknown[]).map(String);
      const cells: Record<string, string> = {
        登录名称: 'e2eimport',
        用户名称: '端到端导入用户',
        手机号码: '13800001234',
        性别: '女',
        状态: '正常',
      };
      sheet.addRow(headers.map((h) => cells[h] ?? null).slice(1));
      const file = path.join(ARTIFACTS_DIR, 'ruoyi-user-import.xlsx');
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      await book.xlsx.writeFile(file);
      await upload.locator('input[type=file]').setInputFiles(file);
      const [answer] = await Promise.all([
        page.waitForResponse(answered('/system/user/importData?updateSupport=0', 'POST')),
        upload.getByRole('button', { name: '确 定' }).click(),
      ]);
      expect(((await answer.json()) as { code: number }).code).toBe(200);
      const result = page.locator('.el-message-box', { hasText: '导入结果' });
      await expect
        .poll(() => result.textContent())
        .toContain('恭喜您，数据已全部导入成功！共 1 条');
      expect(await result.textContent()).toContain('账号 e2eimport 导入成功');
      await result.getByRole('button', { name: /确\s*定/ }).click();
      const imported = await apiGet<
        Rows<{ userId: number; nickName: string; phonenumber: string; sex: string }>
      >('/system/user/list?userName=e2eimport');
      expect(imported.rows.map((u) => [u.nickName, u.phonenumber, u.sex])).toEqual([
        ['端到端导入用户', '13800001234', '1'],
      ]);
      await expectClean();
    } finally {
      const left = await apiGet<Rows<{ userId: number }>>('/system/user/list?userName=e2eimport');
      for (const u of left.rows) await apiWrite('DELETE', `/system/user/${u.userId}`);
      if (madeKey) {
        const made = await apiGet<Rows<{ configId: number }>>(
          '/system/config/list?configKey=sys.user.initPassword',
        );
        for (const c of made.rows) await apiWrite('DELETE', `/system/config/${c.configId}`);
      }
    }
  });

  it('菜单管理: lists the tree, adds a directory, edits and deletes it', async () => {
    await openScreen(['系统管理', '菜单管理'], '/system/menu/list');
    await row('').first().waitFor();
    // The toolbar's 新增 comes first; each row has its own.
    await view().getByRole('button', { name: '新增' }).first().click();
    const add = dialog('添加菜单');
    await add.getByPlaceholder('请输入菜单名称').fill('端到端目录');
    await add.locator('.el-form-item', { hasText: '显示排序' }).locator('input').fill('91');
    await add.getByPlaceholder('请输入路由地址').fill('e2eruoyi');
    await submit(add, '/system/menu', 'POST');
    const menus = await apiGet<{ data: { menuId: number; menuName: string; orderNum: number }[] }>(
      '/system/menu/list?menuName=端到端目录',
    );
    expect(menus.data.map((m) => [m.menuName, m.orderNum])).toEqual([['端到端目录', 91]]);
    const menuId = menus.data[0]!.menuId;

    await search('请输入菜单名称', '端到端目录', '/system/menu/list');
    await row('端到端目录').getByRole('button', { name: '修改' }).click();
    const edit = dialog('修改菜单');
    await expect
      .poll(() => edit.getByPlaceholder('请输入菜单名称').inputValue())
      .toBe('端到端目录');
    await edit.getByPlaceholder('请输入菜单名称').fill('端到端目录改');
    await submit(edit, '/system/menu', 'PUT');
    expect(
      (await apiGet<{ data: { menuName: string } }>(`/system/menu/${menuId}`)).data.menuName,
    ).toBe('端到端目录改');

    // 保存排序: the row's order box, then the toolbar's button (PUT /system/menu/updateSort).
    await row('端到端目录改').locator('.el-input-number input').fill('92');
    await row('端到端目录改').locator('.el-input-number input').blur();
    await Promise.all([
      page.waitForResponse(answered('/system/menu/updateSort', 'PUT')),
      view().getByRole('button', { name: '保存排序' }).click(),
    ]);
    await page.locator('.el-message--success', { hasText: '排序保存成功' }).waitFor();
    expect(
      (await apiGet<{ data: { orderNum: number } }>(`/system/menu/${menuId}`)).data.orderNum,
    ).toBe(92);

    await row('端到端目录改').getByRole('button', { name: '删除' }).click();
    await confirm(`/system/menu/${menuId}`, 'DELETE');
    expect(
      (await apiGet<{ data: unknown[] }>('/system/menu/list?menuName=端到端目录')).data,
    ).toEqual([]);
    await expectClean();
  });

  it('定时任务 and 调度日志: lists the jobs and opens the log', async () => {
    await openScreen(['系统监控', '定时任务'], '/monitor/job/list');
    await row('').first().waitFor();
    await Promise.all([
      page.waitForResponse(answered('/monitor/jobLog/list')),
      view().getByRole('button', { name: '日志' }).click(),
    ]);
    await row('').first().waitFor();
    await expectClean();
  });

  it("定时任务: 修改 a job's cron in RuoYi's job dialog; the original is put back", async () => {
    type Job = {
      jobId: number;
      jobName: string;
      jobGroup: string;
      invokeTarget: string;
      cronExpression: string;
      misfirePolicy: string;
      concurrent: string;
      status: string;
    };
    const job = (await apiGet<Rows<Job>>('/monitor/job/list?pageNum=1&pageSize=10')).rows[0]!;
    const changed = job.cronExpression === '0 17 3 * * ?' ? '0 19 3 * * ?' : '0 17 3 * * ?';
    try {
      // 定时任务 is open in its tab since the step above.
      await goTo(['系统监控', '定时任务']);
      await row(job.jobName).getByRole('button', { name: '修改' }).click();
      const edit = dialog('修改任务');
      const cron = edit.getByPlaceholder('请输入cron执行表达式');
      await expect.poll(() => cron.inputValue()).toBe(job.cronExpression);
      await cron.fill(changed);
      await submit(edit, '/monitor/job', 'PUT');
      expect((await apiGet<{ data: Job }>(`/monitor/job/${job.jobId}`)).data.cronExpression).toBe(
        changed,
      );
      await expect.poll(() => row(job.jobName).textContent()).toContain(changed);
      await expectClean();
    } finally {
      const { jobId, jobName, jobGroup, invokeTarget, cronExpression, misfirePolicy } = job;
      await apiWrite('PUT', '/monitor/job', {
        jobId,
        jobName,
        jobGroup,
        invokeTarget,
        cronExpression,
        misfirePolicy,
        concurrent: job.concurrent,
        status: job.status,
      });
    }
  });

  it('操作日志 lists the writes made above', async () => {
    await openScreen(['系统管理', '日志管理', '操作日志'], '/monitor/operlog/list');
    // Newest first: the 菜单管理 steps above (only 定时任务's cron edit and its restoring came
    // after), with RuoYi's 操作类型 and 操作状态 drawn from its dictionaries.
    const latest = row('菜单管理').first();
    await latest.waitFor();
    expect(await latest.textContent()).toMatch(/新增|修改|删除/);
    expect(await latest.textContent()).toMatch(/成功/);
    await expectClean();
  });

  it('登录日志 lists the sign-in', async () => {
    await openScreen(['系统管理', '日志管理', '登录日志'], '/monitor/logininfor/list');
    await row('admin').first().waitFor();
    await expectClean();
  });

  it('在线用户 lists this session', async () => {
    await openScreen(['系统监控', '在线用户'], '/monitor/online/list');
    // The table draws its rows after the list call answers: wait for them, never count at once.
    await row('admin').first().waitFor();
    await expectClean();
  });

  it('服务监控 shows the server', async () => {
    await openScreen(['系统监控', '服务监控'], '/monitor/server');
    await view().getByText('CPU').first().waitFor();
    await expectClean();
  });

  it('缓存监控 draws its figures and charts from our caches', async () => {
    const errors: string[] = [];
    const noteError = (e: Error) => errors.push(e.message);
    page.on('pageerror', noteError);
    try {
      await openScreen(['系统监控', '缓存监控'], '/monitor/cache');
      // The command pie and the memory gauge, drawn by echarts from commandStats and info.
      await view().locator('canvas').nth(1).waitFor();
      expect(await view().textContent()).toMatch(/\d+\.\d{2}M/);
      expect(errors).toEqual([]);
      await expectClean();
    } finally {
      page.off('pageerror', noteError);
    }
  });

  it('缓存列表 lists the caches, a key and its value, and clears a cache name', async () => {
    // A second session (the test's own token), cached by the server once it is used.
    await apiGet('/getInfo');
    const sid = (
      JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }
    ).sid;
    await openScreen(['系统监控', '缓存列表'], '/monitor/cache/getNames');
    const sessions = row('login_tokens').first();
    await sessions.waitFor();
    expect(await sessions.textContent()).toContain('用户信息');
    const [keys] = await Promise.all([
      page.waitForResponse(answered('/monitor/cache/getKeys/')),
      sessions.click(),
    ]);
    expect(((await keys.json()) as { data: string[] }).data).toContain(`login_tokens:${sid}`);
    await Promise.all([
      page.waitForResponse(answered('/monitor/cache/getValue/')),
      row(sid).click(),
    ]);
    await expect
      .poll(() => view().locator('textarea').first().inputValue())
      .toContain('"userName":"admin"');

    const clear = async () => {
      const [again] = await Promise.all([
        page.waitForResponse(answered('/monitor/cache/getKeys/')),
        confirmless(
          sessions.locator('button:has(.el-icon-delete)'),
          '/monitor/cache/clearCacheName/',
        ),
      ]);
      return ((await again.json()) as { data: string[] }).data;
    };
    // Emptied: only the UI's own session, read back by the very call that lists the keys. The
    // test session's last-use write (at most once a minute) may land just after a clear and
    // cache it again; a second clear then finds it settled.
    let left = await clear();
    if (left.includes(`login_tokens:${sid}`)) left = await clear();
    expect(left).not.toContain(`login_tokens:${sid}`);
    await page.getByText('清理缓存名称[login_tokens:]成功').waitFor();
    // Nobody was signed out: the test's session still works.
    expect((await apiGet<{ code: number }>('/getInfo')).code).toBe(200);
    await expectClean();
  });

  /** Clicks a button RuoYi acts on without asking, and waits for its write to succeed. */
  async function confirmless(button: Locator, call: string): Promise<void> {
    const [answer] = await Promise.all([
      page.waitForResponse(answered(call, 'DELETE')),
      button.click(),
    ]);
    expect(((await answer.json()) as { code: number }).code).toBe(200);
  }
});
