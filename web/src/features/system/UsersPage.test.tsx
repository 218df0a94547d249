import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { UsersPage } from './UsersPage';

const row = (userId: number, userName: string, admin = false) => ({
  userId,
  userName,
  nickName: userName,
  deptId: 102,
  status: '0',
  roleIds: admin ? [1] : [13],
  admin,
});

function api() {
  return new FakeApi({
    '/system/user/list': () => ({
      total: 3,
      rows: [row(1, 'admin', true), row(2, 'jingying'), row(15, 'yuangong')],
    }),
    '/system/dept/treeselect/': () => ({ data: [] }),
    '/system/user/': () => ({ roles: [], posts: [] }),
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
