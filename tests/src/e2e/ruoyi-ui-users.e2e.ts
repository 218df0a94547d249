import { mkdirSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR } from '../support/browser.js';
import { apiToken } from '../support/shell.js';
import { useRuoYiAdmin, type Rows } from '../support/ruoyi-admin.js';

/**
 * RuoYi-Vue 3.9.2's own admin UI, served unchanged, against our API (RuoYi compatibility, README
 * "Wire"): 用户管理, its 更多 menu (重置密码, 分配角色) and its xlsx 导入.
 * Each screen lists rows without an error toast and, where it allows, adds, edits and deletes a
 * record through RuoYi's dialogs, which the API then holds. One page per file, signed in on
 * RuoYi's login page: the steps run in order and share the session.
 */
describe('RuoYi-Vue 3.9.2 admin UI against our API: 用户管理', () => {
  const ruoyi = useRuoYiAdmin('ruoyi-ui-users');
  const {
    expectClean,
    answered,
    openScreen,
    goTo,
    dialog,
    view,
    row,
    submit,
    confirm,
    search,
    apiGet,
    apiWrite,
  } = ruoyi;
  let page: Page;
  beforeAll(async () => {
    page = ruoyi.page();
    await ruoyi.signIn();
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
      await expect(apiToken(ruoyi.baseURL, 'e2eresetuser', 'Reset123x')).resolves.toBeTruthy();
      await expect(apiToken(ruoyi.baseURL, 'e2eresetuser', 'Admin123x')).rejects.toThrow();

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
});
