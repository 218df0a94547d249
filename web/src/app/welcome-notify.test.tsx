import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WelcomePage } from '../features/pages/WelcomePage';
import { NotifyCenter } from '../features/shell/NotifyCenter';
import { FakeApi, renderWithApi } from '../test/api-render';

// The chart draws on a canvas jsdom has not; its own tests cover it.
vi.mock('../components/chart/ContractYearChart', () => ({
  ContractYearChart: () => <div data-testid="contract-year-chart" />,
}));

// 欢迎 inside the shell: the shell's notify center polls getNotify, the welcome page's cards
// show what it answered. Two features composed, so the test lives in app/.
describe('欢迎 under the shell’s notify center', () => {
  it('shows what waits for the person, leading where each is dealt with', async () => {
    const api = new FakeApi({
      '/project/approval/getNotify': () => ({
        code: 200,
        msg: '操作成功',
        data: {
          unDealCount: 3,
          unLookSeal: true,
          warnTaskList: [{ taskNo: 'RW-2026-001', planFinishDate: '2026-11-27' }],
          noticeCount: 2,
          noticeList: [],
        },
      }),
    });
    renderWithApi(
      <>
        <NotifyCenter />
        <WelcomePage />
      </>,
      api,
      { permissions: ['project:approval:list', 'project:resultSeal:list'] },
    );
    expect((await screen.findByTestId('waiting-approvals')).textContent).toBe('3');
    // The urgent tasks open their dialog by themselves once; closed, the card opens it again.
    const urgent = await screen.findByTestId('urgent-dialog');
    fireEvent.click(within(urgent).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByTestId('urgent-dialog')).toBeNull());
    expect(screen.getByRole('link', { name: /待我审批/ }).getAttribute('href')).toBe(
      '/approval/todo',
    );
    expect(screen.getByTestId('waiting-notices').textContent).toBe('2');
    expect(screen.getByTestId('waiting-seal').getAttribute('href')).toBe('/result/resultSeal');
    expect(screen.getByTestId('waiting-urgent').textContent).toBe('1');
    fireEvent.click(screen.getByTestId('waiting-urgent').closest('button')!);
    expect(within(await screen.findByTestId('urgent-list')).getByText('RW-2026-001')).toBeTruthy();
  });

  it('offers the approvals and seals only to those whose menus grant them', async () => {
    const api = new FakeApi({
      '/project/approval/getNotify': () => ({
        code: 200,
        msg: '操作成功',
        data: {
          unDealCount: 1,
          unLookSeal: true,
          warnTaskList: [],
          noticeCount: 0,
          noticeList: [],
        },
      }),
    });
    renderWithApi(
      <>
        <NotifyCenter />
        <WelcomePage />
      </>,
      api,
      { permissions: [] },
    );
    expect((await screen.findByTestId('waiting-notices')).textContent).toBe('0');
    expect(screen.queryByTestId('waiting-approvals')).toBeNull();
    expect(screen.queryByTestId('waiting-seal')).toBeNull();
    expect(screen.queryByTestId('waiting-urgent')).toBeNull();
  });
});
