import { ApiError } from '@dpms/http-client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { MenusPage } from './MenusPage';

const OK = { code: 200, msg: '操作成功' };

/** A menu as the API answers it (@dpms/wire's menuRecord). */
const menu = (
  menuId: number,
  parentId: number,
  menuName: string,
  menuType: 'M' | 'C' | 'F',
  extra: Record<string, unknown> = {},
) => ({
  menuId,
  parentId,
  menuName,
  orderNum: menuId,
  path: menuType === 'F' ? '' : `p${menuId}`,
  component: menuType === 'C' ? 'system/user/index' : null,
  query: null,
  routeName: '',
  isFrame: '1',
  isCache: '0',
  menuType,
  visible: '0',
  status: '0',
  perms: menuType === 'M' ? '' : `system:m${menuId}:list`,
  icon: menuType === 'M' ? 'system' : '#',
  remark: '',
  createTime: '2026-11-25T16:30:00.000Z',
  ...extra,
});

const MENUS = [
  menu(1, 0, '系统管理', 'M'),
  menu(2, 1, '用户管理', 'C'),
  menu(3, 2, '用户新增', 'F'),
  menu(4, 0, '系统监控', 'M', { icon: 'monitor' }),
];

function api(onSave: (body: Record<string, unknown>) => unknown = (b) => ({ ...MENUS[1], ...b })) {
  return new FakeApi({
    '/system/menu/list': () => ({ ...OK, data: MENUS }),
    '/system/menu': (body) => ({ ...OK, data: onSave(body) }),
    '/system/menu/3': () => OK,
  });
}

/** Opens 菜单管理 over `fake` and waits for its tree. */
async function openMenus(fake = api()) {
  renderWithApi(<MenusPage />, fake);
  await screen.findByText('系统管理');
  return fake;
}
const searchName = (name: string) => {
  fireEvent.change(screen.getByPlaceholderText('请输入菜单名称'), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: '搜索' }));
};
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('菜单管理’s tree table', () => {
  it('shows the top level, opens a branch with its toggle, and all with 展开', async () => {
    renderWithApi(<MenusPage />, api());
    await screen.findByText('系统管理');
    expect(screen.queryByText('用户管理')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '展开系统管理' }));
    expect(await screen.findByText('用户管理')).toBeTruthy();
    expect(screen.queryByText('用户新增')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '折叠' }));
    expect(screen.queryByText('用户管理')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    expect(await screen.findByText('用户新增')).toBeTruthy();
    const row = within(await rowOf('用户新增'));
    expect(row.getByText('按钮')).toBeTruthy();
    expect(row.getByText('system:m3:list')).toBeTruthy();
  });

  it('searches by name and status', async () => {
    const fake = await openMenus();
    searchName('用户');
    await waitFor(() =>
      expect(fake.sent('/system/menu/list').at(-1)).toMatchObject({ menuName: '用户' }),
    );
  });

  it('offers no write to a caller who may only read', async () => {
    renderWithApi(<MenusPage />, api(), { permissions: ['system:menu:list'] });
    const row = within(await rowOf('系统管理'));
    expect(row.queryByRole('button', { name: '修改' })).toBeNull();
    expect(row.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });
});

describe('菜单管理’s dialog follows the menu type', () => {
  it('adds a button under a page: its permission, no route fields', async () => {
    const fake = await openMenus();
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    fireEvent.click(within(await rowOf('用户管理')).getByRole('button', { name: '新增' }));
    const form = screen.getByTestId('form-dialog');
    // Under a page the new menu is a button.
    expect(within(form).getByRole('radio', { name: '按钮' })).toHaveProperty('checked', true);
    expect(within(form).queryByLabelText('路由地址')).toBeNull();
    expect(within(form).queryByLabelText('组件路径')).toBeNull();
    expect(within(form).queryByRole('radiogroup', { name: '菜单图标' })).toBeNull();
    fireEvent.change(within(form).getByLabelText('菜单名称'), { target: { value: '用户导出' } });
    fireEvent.change(within(form).getByLabelText('权限字符'), {
      target: { value: 'system:user:export' },
    });
    fireEvent.click(within(form).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fake.sent('/system/menu')).toHaveLength(1));
    const body = fake.sent('/system/menu')[0]!;
    expect(body).toMatchObject({
      parentId: 2,
      menuName: '用户导出',
      menuType: 'F',
      perms: 'system:user:export',
    });
    expect(body).not.toHaveProperty('path');
    expect(body).not.toHaveProperty('component');
  });

  it('adds a directory with an icon from the sidebar’s set; it asks for its 路由地址', async () => {
    const fake = api();
    renderWithApi(<MenusPage />, fake);
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    const form = screen.getByTestId('form-dialog');
    expect(within(form).getByRole('radio', { name: '目录' })).toHaveProperty('checked', true);
    expect(within(form).queryByLabelText('组件路径')).toBeNull();
    expect(within(form).queryByLabelText('权限字符')).toBeNull();
    fireEvent.click(within(form).getByRole('radio', { name: 'flow' }));
    fireEvent.change(within(form).getByLabelText('菜单名称'), { target: { value: '流程中心' } });
    fireEvent.click(within(form).getByRole('button', { name: '确定' }));
    expect(await within(form).findByText('路由地址不能为空')).toBeTruthy();
    expect(fake.sent('/system/menu')).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('路由地址'), { target: { value: 'flowcenter' } });
    fireEvent.click(within(form).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fake.sent('/system/menu')).toHaveLength(1));
    expect(fake.sent('/system/menu')[0]).toMatchObject({
      parentId: 0,
      menuType: 'M',
      icon: 'flow',
      path: 'flowcenter',
    });
  });

  it('reads the menus once when the form opens on an unsearched list', async () => {
    const fake = api();
    renderWithApi(<MenusPage />, fake);
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    const form = screen.getByTestId('form-dialog');
    expect(await within(form).findByRole('option', { name: /系统监控/ })).toBeTruthy();
    expect(fake.sent('/system/menu/list')).toHaveLength(1);
  });

  it('offers the whole tree as 上级菜单 while the list shows a search', async () => {
    const fake = new FakeApi({
      '/system/menu/list': (q) => ({
        ...OK,
        data: MENUS.filter((m) => m.menuName.includes((q['menuName'] as string | undefined) ?? '')),
      }),
    });
    await openMenus(fake);
    searchName('用户');
    fireEvent.click(within(await rowOf('用户管理')).getByRole('button', { name: '修改' }));
    const form = screen.getByTestId('form-dialog');
    expect(await within(form).findByRole('option', { name: /系统监控/ })).toBeTruthy();
  });

  it('edits a page, its parent chosen from the tree without itself; a refusal shows beside its field', async () => {
    const fake = api(() => {
      throw new ApiError(
        'PLATFORM.DUPLICATE',
        "修改菜单'系统监控'失败，菜单名称已存在",
        409,
        false,
        'menuName',
        [{ field: 'menuName', message: "修改菜单'系统监控'失败，菜单名称已存在" }],
      );
    });
    renderWithApi(<MenusPage />, fake);
    fireEvent.click(within(await rowOf('系统监控')).getByRole('button', { name: '修改' }));
    const form = screen.getByTestId('form-dialog');
    const parent = within(form).getByLabelText<HTMLSelectElement>('上级菜单');
    await waitFor(() =>
      expect(Array.from(parent.options).map((o) => o.textContent?.trim())).toEqual([
        '请选择上级菜单',
        '主类目',
        '系统管理',
        '用户管理',
      ]),
    );
    fireEvent.change(within(form).getByLabelText('菜单名称'), { target: { value: '系统管理' } });
    fireEvent.click(within(form).getByRole('button', { name: '确定' }));
    const field = within(form).getByLabelText('菜单名称').parentElement!;
    await waitFor(() =>
      expect(within(field).getByRole('alert').textContent).toBe(
        "修改菜单'系统监控'失败，菜单名称已存在",
      ),
    );
    expect(fake.calls.find((c) => c.method === 'put')?.input).toMatchObject({ menuId: 4 });
  });

  it('deletes after a confirmation', async () => {
    const fake = await openMenus();
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    fireEvent.click(within(await rowOf('用户新增')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('是否确认删除名称为"用户新增"的数据项？')).toBeTruthy();
    expect(fake.calls.some((c) => c.method === 'delete')).toBe(false);
    fireEvent.click(screen.getAllByRole('button', { name: '确定' }).at(-1)!);
    await waitFor(() =>
      expect(fake.calls.some((c) => c.method === 'delete' && c.url === '/system/menu/3')).toBe(
        true,
      ),
    );
  });
});
