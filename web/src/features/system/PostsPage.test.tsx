import { ApiError } from '@dpms/http-client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { PostsPage } from './PostsPage';

const OK = { code: 200, msg: '操作成功' };
const post = (postId: number, postCode: string, postName: string) => ({
  postId,
  postCode,
  postName,
  postSort: postId,
  status: '0',
  remark: '',
  createTime: '2026-11-25T16:30:00.000Z',
});
const POSTS = [post(1, 'yz', '院长'), post(4, 'xmjl', '项目经理')];

describe('岗位管理', () => {
  it('lists posts and sends an edit with its number fields as numbers', async () => {
    const saved: Record<string, unknown>[] = [];
    const fake = new FakeApi({
      '/system/post/list': () => ({ ...OK, total: POSTS.length, rows: POSTS }),
      '/system/post': (b) => (saved.push(b), { ...OK, data: { ...POSTS[1], ...b } }),
    });
    renderWithApi(<PostsPage />, fake);
    const row = within((await screen.findByText('项目经理')).closest('tr')!);
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
    fireEvent.click(row.getByRole('button', { name: '修改' }));
    const form = screen.getByTestId('form-dialog');
    fireEvent.change(within(form).getByLabelText('岗位顺序'), { target: { value: '7' } });
    fireEvent.click(within(form).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ postId: 4, postCode: 'xmjl', postSort: 7 });
  });

  it('shows the refusal of deleting a post its users hold', async () => {
    const fake = new FakeApi({
      '/system/post/list': () => ({ ...OK, total: POSTS.length, rows: POSTS }),
      '/system/post/1': () => {
        throw new ApiError('PLATFORM.POST_IN_USE', '院长已分配,不能删除', 409, false);
      },
    });
    renderWithApi(<PostsPage />, fake, { permissions: ['system:post:list', 'system:post:remove'] });
    const row = within((await screen.findByText('院长')).closest('tr')!);
    // Without system:post:edit the row offers no 修改, without system:post:export no 导出.
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
    expect(row.queryByRole('button', { name: '修改' })).toBeNull();
    fireEvent.click(row.getByRole('button', { name: '删除' }));
    fireEvent.click(
      within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: '确定' }),
    );
    await screen.findByText('院长已分配,不能删除');
  });
});
