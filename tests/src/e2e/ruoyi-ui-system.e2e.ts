import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useRuoYiAdmin, type Rows } from '../support/ruoyi-admin.js';

/**
 * RuoYi-Vue 3.9.2's own admin UI, served unchanged, against our API (RuoYi compatibility, README
 * "Wire"): its login page and 系统管理's 岗位, 参数, 字典, 部门 and 角色 screens.
 * Each screen lists rows without an error toast and, where it allows, adds, edits and deletes a
 * record through RuoYi's dialogs, which the API then holds. One page per file, signed in on
 * RuoYi's login page: the steps run in order and share the session.
 */
describe('RuoYi-Vue 3.9.2 admin UI against our API: 系统管理', () => {
  const ruoyi = useRuoYiAdmin('ruoyi-ui-system');
  const {
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
    search,
    apiGet,
    apiWrite,
  } = ruoyi;
  let page: Page;
  beforeAll(() => {
    page = ruoyi.page();
  });

  it("signs in on RuoYi's own login page (demo mode: no captcha)", () => ruoyi.signIn());

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
});
