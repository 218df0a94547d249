import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { NoticesPage } from './NoticesPage';

const OK = { code: 200, msg: '操作成功' };
const notice = (noticeId: number, noticeTitle: string, over: Record<string, unknown> = {}) => ({
  noticeId,
  noticeTitle,
  noticeType: '1',
  noticeContent: '<p>请<strong>准时</strong>参加</p>',
  status: '0',
  createBy: 'admin',
  createByName: '系统管理员',
  // 16:30 UTC is 00:30 the next day on the institute's clock (Asia/Shanghai).
  createTime: '2026-11-25T16:30:00.000Z',
  updateBy: '',
  updateTime: null,
  remark: '',
  ...over,
});
const NOTICES = [
  notice(2, '消防演练通知'),
  notice(1, '年会公告', { noticeType: '2', status: '1' }),
];

/** Opens 通知公告 over the notices, as `options` sign in; waits for the first row. */
async function openNotices(options: { permissions?: string[] } = {}) {
  const fake = new FakeApi({
    '/system/notice/list': () => ({ ...OK, total: NOTICES.length, rows: NOTICES }),
  });
  renderWithApi(<NoticesPage />, fake, options);
  const row = within((await screen.findByText('消防演练通知')).closest('tr')!);
  return { fake, row };
}

describe('通知公告', () => {
  it('lists notices with the author by name and time on the institute clock, and searches RuoYi’s filters', async () => {
    const { fake, row } = await openNotices();
    expect(row.getByText('系统管理员')).toBeTruthy();
    expect(row.getByText('2026-11-26 00:30')).toBeTruthy();
    expect(within(screen.getByText('年会公告').closest('tr')!).getByText('关闭')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入操作人员'), { target: { value: '系统' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(fake.sent('/system/notice/list').at(-1)).toMatchObject({ createBy: '系统' }),
    );
  });

  it('previews the content as formatted HTML', async () => {
    const { row } = await openNotices();
    fireEvent.click(row.getByRole('button', { name: '预览' }));
    const content = await screen.findByTestId('notice-preview-content');
    expect(content.querySelector('strong')?.textContent).toBe('准时');
  });

  it('adds a notice through the form, refusing a title past 50 characters before sending', async () => {
    const saved: Record<string, unknown>[] = [];
    const fake = new FakeApi({
      '/system/notice/list': () => ({ ...OK, total: NOTICES.length, rows: NOTICES }),
      '/system/notice': (b) => (
        saved.push(b),
        { ...OK, data: notice(3, String(b['noticeTitle'])) }
      ),
    });
    renderWithApi(<NoticesPage />, fake);
    await screen.findByText('消防演练通知');
    fireEvent.click(screen.getByRole('button', { name: '新增' }));
    const form = screen.getByTestId('form-dialog');
    const title = within(form).getByLabelText('公告标题');
    fireEvent.change(title, { target: { value: '长'.repeat(51) } });
    fireEvent.click(within(form).getByRole('button', { name: '确定' }));
    await within(form).findByText('公告标题不能超过50个字符');
    expect(saved).toHaveLength(0);
    fireEvent.change(title, { target: { value: '停电通知' } });
    fireEvent.change(within(form).getByLabelText('内容'), { target: { value: '<p>周六停电</p>' } });
    fireEvent.click(within(form).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      noticeTitle: '停电通知',
      noticeType: '1',
      status: '0',
      noticeContent: '<p>周六停电</p>',
    });
  });

  it('offers only the buttons the caller’s permissions allow', async () => {
    const { row } = await openNotices({
      permissions: ['system:notice:list', 'system:notice:edit'],
    });
    expect(row.getByRole('button', { name: '修改' })).toBeTruthy();
    expect(row.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.queryByRole('button', { name: '新增' })).toBeNull();
  });

  it('titles the id column 公告编号, beside a single 序号', async () => {
    await openNotices();
    const table = await screen.findByTestId('notice-table');
    await within(table).findByText('消防演练通知');
    const heads = within(table)
      .getAllByRole('columnheader')
      // A sortable header carries its order's arrow after the title.
      .map((h) => h.textContent?.replace(/[↑↓↕]/g, '').trim());
    expect(heads).toContain('公告编号');
    expect(heads.filter((h) => h === '序号')).toHaveLength(1);
  });

  it('lists who read a notice and when, paged and searched by name', async () => {
    const reader = (userId: number, nickName: string, readTime: string) => ({
      userId,
      userName: `u${userId}`,
      nickName,
      deptName: '市政一所',
      phonenumber: '',
      readTime,
    });
    const fake = new FakeApi({
      '/system/notice/list': () => ({ ...OK, total: NOTICES.length, rows: NOTICES }),
      '/system/notice/readUsers/list': (q) =>
        q['searchValue']
          ? { ...OK, total: 1, rows: [reader(7, '李四', '2026-11-26T01:00:00.000Z')] }
          : {
              ...OK,
              total: 12,
              // 16:05 UTC reads 00:05 the next day on the institute's clock.
              rows: [
                reader(6, '张三', '2026-11-25T16:05:00.000Z'),
                reader(8, '王五', '2026-11-26T01:00:00.000Z'),
              ],
            },
    });
    renderWithApi(<NoticesPage />, fake, { permissions: ['system:notice:list'] });
    const row = within((await screen.findByText('消防演练通知')).closest('tr')!);
    fireEvent.click(row.getByRole('button', { name: '已读用户' }));
    const dialog = within(await screen.findByTestId('notice-readers'));
    const zhang = within((await dialog.findByText('张三')).closest('tr')!);
    expect(zhang.getByText('市政一所')).toBeTruthy();
    expect(zhang.getByText('2026-11-26 00:05')).toBeTruthy();
    expect(fake.sent('/system/notice/readUsers/list')[0]).toMatchObject({
      noticeId: 2,
      pageNum: 1,
    });
    fireEvent.change(dialog.getByPlaceholderText('请输入用户名称'), { target: { value: '李' } });
    fireEvent.click(dialog.getByRole('button', { name: '搜索' }));
    await dialog.findByText('李四');
    expect(dialog.queryByText('张三')).toBeNull();
    expect(fake.sent('/system/notice/readUsers/list').at(-1)).toMatchObject({
      noticeId: 2,
      searchValue: '李',
      pageNum: 1,
    });
  });

  it('offers 已读用户 only with system:notice:list, as RuoYi’s readUsers route asks', async () => {
    const { row } = await openNotices({ permissions: ['system:notice:edit'] });
    expect(row.getByRole('button', { name: '预览' })).toBeTruthy();
    expect(row.queryByRole('button', { name: '已读用户' })).toBeNull();
  });
});
