import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { SysNoticeBell } from './SysNoticeBell';

const OK = { code: 200, msg: '操作成功' };
const headline = (noticeId: number, noticeTitle: string, isRead: boolean) => ({
  noticeId,
  noticeTitle,
  noticeType: '1',
  status: '0',
  createBy: 'admin',
  createByName: '系统管理员',
  createTime: '2026-11-26T01:05:00.000Z',
  isRead,
});

/** The server's side of the bell: who has read what, as listTop, markRead and markReadAll keep it. */
function bellApi() {
  const read = new Set<number>([1]);
  const titles: Record<number, string> = { 3: '消防演练通知', 2: '体检安排', 1: '旧通知' };
  const top = () => {
    const data = [3, 2, 1].map((id) => headline(id, titles[id]!, read.has(id)));
    return { ...OK, data, unreadCount: data.filter((n) => !n.isRead).length };
  };
  return new FakeApi({
    '/system/notice/listTop': top,
    '/system/notice/markRead': () => (read.add(3), OK),
    '/system/notice/markReadAll': () => (read.add(2).add(3), OK),
    '/system/notice/3': () => ({
      ...OK,
      data: {
        ...headline(3, '消防演练通知', true),
        noticeContent: '<p>周五<strong>下午三点</strong></p>',
        updateBy: '',
        updateTime: null,
        remark: '',
      },
    }),
  });
}

describe('SysNoticeBell', () => {
  it('shows the unread count and the latest notices; opening one shows it and drops the count', async () => {
    const api = bellApi();
    renderWithApi(<SysNoticeBell />, api);
    expect((await screen.findByTestId('sys-notice-badge')).textContent).toBe('2');
    fireEvent.click(screen.getByTestId('sys-notice-bell'));
    const items = await screen.findAllByTestId('sys-notice-item');
    expect(items.map((i) => i.getAttribute('data-read'))).toEqual(['false', 'false', 'true']);
    // The institute's clock: 01:05 UTC is 09:05 in Shanghai.
    expect(items[0]!.textContent).toContain('2026-11-26 09:05');
    fireEvent.click(items[0]!);
    const dialog = await screen.findByTestId('sys-notice-dialog');
    expect((await within(dialog).findByTestId('sys-notice-content')).innerHTML).toBe(
      '<p>周五<strong>下午三点</strong></p>',
    );
    expect(screen.getByTestId('sys-notice-badge').textContent).toBe('1');
    expect(api.calls.filter((c) => c.url === '/system/notice/markRead')).toHaveLength(1);
  });

  it('全部已读 clears the badge, and a read notice opens without marking it again', async () => {
    const api = bellApi();
    renderWithApi(<SysNoticeBell />, api);
    await screen.findByTestId('sys-notice-badge');
    fireEvent.click(screen.getByTestId('sys-notice-bell'));
    fireEvent.click(await screen.findByTestId('sys-notice-read-all'));
    await waitFor(() => expect(screen.queryByTestId('sys-notice-badge')).toBeNull());
    expect(api.calls.filter((c) => c.url === '/system/notice/markReadAll')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('sys-notice-bell'));
    const items = await screen.findAllByTestId('sys-notice-item');
    expect(items.every((i) => i.getAttribute('data-read') === 'true')).toBe(true);
    fireEvent.click(items[0]!);
    await screen.findByTestId('sys-notice-dialog');
    expect(api.calls.filter((c) => c.url === '/system/notice/markRead')).toHaveLength(0);
  });

  describe('when marking fails', () => {
    // The test runs in Node, where an unhandled rejection is an event of its process.
    type Listener = (reason: unknown) => void;
    const node = (
      globalThis as unknown as {
        process: { on(e: string, f: Listener): void; off(e: string, f: Listener): void };
      }
    ).process;
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    beforeEach(() => {
      unhandled.length = 0;
      node.on('unhandledRejection', record);
    });
    afterEach(() => {
      node.off('unhandledRejection', record);
    });

    it('a notice closed meanwhile: no unhandled rejection, and the bell settles on the server’s list', async () => {
      let closed = false;
      const titles: Record<number, string> = { 3: '消防演练通知', 2: '体检安排' };
      const api = new FakeApi({
        '/system/notice/listTop': () => {
          const data = (closed ? [2] : [3, 2]).map((id) => headline(id, titles[id]!, false));
          return { ...OK, data, unreadCount: data.length };
        },
        '/system/notice/markRead': () => {
          closed = true;
          throw new Error('通知公告不存在');
        },
        '/system/notice/3': () => ({
          ...OK,
          data: {
            ...headline(3, '消防演练通知', false),
            noticeContent: '<p>周五</p>',
            updateBy: '',
            updateTime: null,
            remark: '',
          },
        }),
      });
      renderWithApi(<SysNoticeBell />, api);
      expect((await screen.findByTestId('sys-notice-badge')).textContent).toBe('2');
      fireEvent.click(screen.getByTestId('sys-notice-bell'));
      fireEvent.click((await screen.findAllByTestId('sys-notice-item'))[0]!);
      await screen.findByTestId('sys-notice-dialog');
      // Settled: the list is fetched again after the failed mark and shows one notice left.
      await waitFor(() =>
        expect(api.calls.filter((c) => c.url === '/system/notice/listTop')).toHaveLength(2),
      );
      await waitFor(() => expect(screen.getByTestId('sys-notice-badge').textContent).toBe('1'));
      // A rejection nobody handles is reported after the microtasks of its turn.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).toEqual([]);
    });
  });
});
