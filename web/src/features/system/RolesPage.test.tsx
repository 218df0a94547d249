import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { RolesPage } from './RolesPage';

const OK = { code: 200, msg: '操作成功' };

/** A role as the API answers it (@dpms/wire's roleRecord). */
const role = (roleId: number, roleName: string, roleKey: string, extra: object = {}) => ({
  roleId,
  roleName,
  roleKey,
  roleSort: roleId,
  status: '0',
  dataScope: '1',
  menuCheckStrictly: true,
  deptCheckStrictly: true,
  remark: '',
  createTime: '2026-11-25T16:30:00.000Z',
  admin: roleKey === 'admin',
  fixed: roleId === 2 || roleId === 7,
  ...extra,
});
const ROLES = [role(1, '超级管理员', 'admin'), role(2, '项目经理', 'xmjl'), role(12, '财务', 'cw')];
const MENUS = [
  {
    id: 1,
    label: '系统管理',
    children: [
      {
        id: 100,
        label: '用户管理',
        children: [
          { id: 1001, label: '用户查询' },
          { id: 1002, label: '用户新增' },
        ],
      },
      { id: 101, label: '角色管理' },
    ],
  },
];
const DEPTS = [{ id: 100, label: '示范院', children: [{ id: 108, label: '设计院' }] }];

const USER = (userId: number, nickName: string) => ({
  userId,
  userName: `u${userId}`,
  nickName,
  deptId: 103,
  dept: { deptId: 103, deptName: '财务部' },
  email: '',
  phonenumber: '',
  status: '0',
  createTime: '2026-11-25T16:30:00.000Z',
});

function api(saved: Record<string, unknown>[]) {
  return new FakeApi({
    '/system/role/list': () => ({ ...OK, total: ROLES.length, rows: ROLES }),
    '/system/menu/treeselect': () => ({ ...OK, data: MENUS }),
    '/system/menu/roleMenuTreeselect/12': () => ({ ...OK, menus: MENUS, checkedKeys: [1001] }),
    '/system/role/deptTree/12': () => ({ ...OK, depts: DEPTS, checkedKeys: [] }),
    '/system/role': (body) => (saved.push(body), { ...OK, data: { ...ROLES[2], ...body } }),
    '/system/role/dataScope': (body) => (saved.push(body), { ...OK, data: ROLES[2] }),
    '/system/role/authUser/allocatedList': () => ({ ...OK, total: 1, rows: [USER(8, '周会计')] }),
    '/system/role/authUser/unallocatedList': () => ({ ...OK, total: 1, rows: [USER(2, '王经营')] }),
    '/system/role/authUser/cancelAll': () => ({ ...OK, data: { count: 1 } }),
    '/system/role/authUser/selectAll': () => ({ ...OK, data: { count: 1 } }),
  });
}

const rowOf = async (name: string) => within((await screen.findByText(name)).closest('tr')!);

describe('角色管理', () => {
  it('offers no change of the administrator role and no delete of a fixed one', async () => {
    renderWithApi(<RolesPage />, api([]));
    const admin = await rowOf('超级管理员');
    expect(admin.queryByRole('button', { name: '修改' })).toBeNull();
    expect(admin.queryByRole('button', { name: '删除' })).toBeNull();
    expect(admin.queryByRole('button', { name: '数据权限' })).toBeNull();
    expect(admin.queryByLabelText('切换 超级管理员 状态')).toBeNull();
    const pm = await rowOf('项目经理');
    expect(pm.getByRole('button', { name: '修改' })).toBeTruthy();
    expect(pm.queryByRole('button', { name: '删除' })).toBeNull();
    const cw = await rowOf('财务');
    expect(cw.getByRole('button', { name: '删除' })).toBeTruthy();
    expect(cw.getByRole('button', { name: '分配用户' })).toBeTruthy();
  });

  it('shows the role’s grant and sends the menus with their half-checked parents', async () => {
    const saved: Record<string, unknown>[] = [];
    renderWithApi(<RolesPage />, api(saved));
    fireEvent.click((await rowOf('财务')).getByRole('button', { name: '修改' }));
    const form = screen.getByTestId('form-dialog');
    const tree = await within(form).findByTestId('menu-grant-tree');
    fireEvent.click(within(tree).getByLabelText('展开/折叠'));
    // 用户查询 granted: its page and directory show half-checked.
    expect(within(tree).getByLabelText<HTMLInputElement>('用户查询').checked).toBe(true);
    expect(within(tree).getByLabelText<HTMLInputElement>('用户管理').indeterminate).toBe(true);
    // Checking the page checks its buttons (父子联动).
    fireEvent.click(within(tree).getByLabelText('用户管理'));
    expect(within(tree).getByLabelText<HTMLInputElement>('用户新增').checked).toBe(true);
    fireEvent.click(within(form).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ roleId: 12, roleName: '财务', menuCheckStrictly: true });
    expect([...(saved[0]!['menuIds'] as number[])].sort((a, b) => a - b)).toEqual([
      1, 100, 1001, 1002,
    ]);
  });

  it('adds a role with the menus checked, everything with 全选', async () => {
    const saved: Record<string, unknown>[] = [];
    renderWithApi(<RolesPage />, api(saved));
    fireEvent.click(await screen.findByRole('button', { name: '新增' }));
    const form = screen.getByTestId('form-dialog');
    fireEvent.change(within(form).getByLabelText('角色名称'), { target: { value: '测试角色' } });
    fireEvent.change(within(form).getByLabelText('权限字符'), { target: { value: 'test' } });
    const tree = await within(form).findByTestId('menu-grant-tree');
    fireEvent.click(within(tree).getByLabelText('全选/全不选'));
    fireEvent.click(within(form).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ roleName: '测试角色', roleKey: 'test', roleSort: 0 });
    expect([...(saved[0]!['menuIds'] as number[])].sort((a, b) => a - b)).toEqual([
      1, 100, 101, 1001, 1002,
    ]);
  });

  it('sets the custom data scope with the departments checked', async () => {
    const saved: Record<string, unknown>[] = [];
    renderWithApi(<RolesPage />, api(saved));
    fireEvent.click((await rowOf('财务')).getByRole('button', { name: '数据权限' }));
    const dialog = await screen.findByTestId('data-scope-dialog');
    fireEvent.change(within(dialog).getByLabelText('权限范围'), { target: { value: '2' } });
    const tree = await within(dialog).findByTestId('dept-grant-tree');
    fireEvent.click(within(tree).getByLabelText('设计院'));
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ roleId: 12, dataScope: '2' });
    expect([...(saved[0]!['deptIds'] as number[])].sort((a, b) => a - b)).toEqual([100, 108]);
  });

  it('lists the holders of a role, takes it from one and gives it to a picked user', async () => {
    const fake = api([]);
    renderWithApi(<RolesPage />, fake);
    fireEvent.click((await rowOf('财务')).getByRole('button', { name: '分配用户' }));
    const dialog = await screen.findByTestId('auth-user-dialog');
    const holder = within((await within(dialog).findByText('周会计')).closest('tr')!);
    fireEvent.click(holder.getByRole('button', { name: '取消授权' }));
    fireEvent.click(
      within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: '确定' }),
    );
    await waitFor(() =>
      expect(fake.calls.map((c) => c.url)).toContain('/system/role/authUser/cancelAll'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: '添加用户' }));
    const picker = await screen.findByTestId('pick-users-dialog');
    fireEvent.click(await within(picker).findByLabelText('选择 王经营'));
    fireEvent.click(within(picker).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(fake.calls.map((c) => c.url)).toContain('/system/role/authUser/selectAll'),
    );
  });
});
