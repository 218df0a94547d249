import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { NotifyBell } from './NotifyBell';
import { NotifyCenter } from './NotifyCenter';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const notice = (noticeId: string, approvalId: string, kind: 'copy' | 'urge', sender: string) => ({
  noticeId,
  approvalId,
  approvalTitle: `开票申请${approvalId}`,
  kind,
  senderId: '2',
  senderName: sender,
  createTime: '2026-11-26T01:05:00.000Z',
});

function answer(noticeCount: number, noticeList: unknown[]) {
  return {
    code: 200,
    msg: '操作成功',
    data: { unDealCount: 0, unLookSeal: false, warnTaskList: [], noticeCount, noticeList },
  };
}

describe('NotifyBell', () => {
  it('shows the unread 抄送/催办 notices with who sent them and when, and opens the approval', async () => {
    const api = new FakeApi({
      '/project/approval/getNotify': () =>
        answer(2, [notice('2', '8', 'urge', '施设计'), notice('1', '7', 'copy', '王经营')]),
    });
    renderWithApi(
      <>
        <NotifyCenter />
        <NotifyBell />
        <Where />
      </>,
      api,
    );
    expect((await screen.findByTestId('notice-badge')).textContent).toBe('2');
    fireEvent.click(screen.getByTestId('notice-bell'));
    const items = await screen.findAllByTestId('notice-item');
    expect(items.map((i) => i.textContent)).toEqual([
      // The institute's clock (Asia/Shanghai): 01:05 UTC is 09:05.
      '开票申请8施设计 催您审批2026-11-26 09:05',
      '开票申请7王经营 抄送给您2026-11-26 09:05',
    ]);
    fireEvent.click(items[1]!);
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/approval/all?approvalId=7'),
    );
    // Its notice leaves the bell at once; the other stays.
    expect(screen.getByTestId('notice-badge').textContent).toBe('1');
  });

  it('opens the approval in the list the person holds, and nowhere without one', async () => {
    const bell = (permissions: string[]) => {
      const api = new FakeApi({
        '/project/approval/getNotify': () => answer(1, [notice('1', '7', 'copy', '王经营')]),
      });
      const view = renderWithApi(
        <>
          <NotifyCenter />
          <NotifyBell />
          <Where />
        </>,
        api,
        { permissions, path: '/index' },
      );
      return { api, view };
    };
    const todo = bell(['project:approval:list', 'project:approvalMine:list']);
    fireEvent.click(screen.getByTestId('notice-bell'));
    fireEvent.click(await screen.findByTestId('notice-item'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/approval/todo?approvalId=7'),
    );
    todo.view.unmount();

    const none = bell(['project:contract:list']);
    fireEvent.click(screen.getByTestId('notice-bell'));
    fireEvent.click(await screen.findByTestId('notice-item'));
    // Read (its notice leaves the bell) without leaving for a page the person lacks.
    await waitFor(() => expect(screen.queryByTestId('notice-badge')).toBeNull());
    expect(screen.getByTestId('where').textContent).toBe('/index');
    none.view.unmount();
  });

  it('shows no badge and says so when nothing is unread', async () => {
    const api = new FakeApi({ '/project/approval/getNotify': () => answer(0, []) });
    renderWithApi(
      <>
        <NotifyCenter />
        <NotifyBell />
      </>,
      api,
    );
    await waitFor(() => expect(api.sent('/project/approval/getNotify')).toHaveLength(1));
    expect(screen.queryByTestId('notice-badge')).toBeNull();
    fireEvent.click(screen.getByTestId('notice-bell'));
    expect((await screen.findByTestId('notice-list')).textContent).toBe('暂无未读的抄送或催办');
  });
});
