import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { UsersPage } from './UsersPage';

/** A row of 用户管理 as the API answers it (@dpms/wire's userRow). */
const row = (userId: number, userName: string, admin = false) => ({
  userId,
  userName,
  nickName: userName,
  deptId: 102,
  dept: { deptId: 102, deptName: '经营部' },
  email: '',
  phonenumber: '',
  sex: '0',
  avatar: '',
  status: '0',
  remark: '',
  createTime: '2026-11-25T16:30:00.000Z',
  roleIds: admin ? [1] : [13],
  postIds: [],
  defaultRoleId: admin ? 1 : 13,
  admin,
});
const OK = { code: 200, msg: '操作成功' };

function api() {
  return new FakeApi({
    '/system/user/list': () => ({
      code: 200,
      msg: '查询成功',
      total: 3,
      rows: [row(1, 'admin', true), row(2, 'jingying'), row(15, 'yuangong')],
    }),
    '/system/dept/treeselect/': () => ({ ...OK, data: [] }),
    '/system/user/': () => ({ ...OK, roles: [], posts: [] }),
  });
}

const toggles = () => screen.queryAllByLabelText(/^切换 .* 状态$/).map((b) => b.ariaLabel);

describe('用户管理 offers only what the server accepts', () => {
  it('offers no status toggle, edit or delete to a reader without system:user:edit (经营部负责人)', async () => {
    renderWithApi(<UsersPage />, api(), {
      userId: 2,
      permissions: ['system:user:list', 'system:user:query'],
    });
    expect(await screen.findAllByText('yuangong')).not.toHaveLength(0);
    expect(toggles()).toEqual([]);
    expect(screen.queryByText('修改')).toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
    expect(screen.queryByText('分配角色')).toBeNull();
  });

  it('offers the toggle to a user administrator, but not on an administrator or on themselves', async () => {
    renderWithApi(<UsersPage />, api(), {
      userId: 2,
      permissions: ['system:user:list', 'system:user:edit', 'system:user:remove'],
    });
    expect(await screen.findAllByText('yuangong')).not.toHaveLength(0);
    expect(toggles()).toEqual(['切换 yuangong 状态']);
    // 修改 for jingying (self) and yuangong; 删除 only for yuangong.
    expect(screen.getAllByText('修改')).toHaveLength(2);
    expect(screen.getAllByText('删除')).toHaveLength(1);
  });
});
