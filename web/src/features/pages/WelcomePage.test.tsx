import { screen, within } from '@testing-library/react';
import { ACCEPTED_PAGE_SIZES } from '@dpms/wire';
import { describe, expect, it, vi } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { WelcomePage } from './WelcomePage';

// The chart draws on a canvas jsdom has not; its own tests cover it.
vi.mock('../../components/chart/ContractYearChart', () => ({
  ContractYearChart: () => <div data-testid="contract-year-chart" />,
}));

describe('欢迎', () => {
  it('offers the shortcuts its menus grant and the letters, with no developer’s icon picker', () => {
    renderWithApi(<WelcomePage />, new FakeApi({}), {
      permissions: ['project:chart:list', 'monitor:job:list'],
    });
    for (const name of ['个人中心', '经营主页', '调度日志'])
      expect(screen.getByRole('link', { name })).toBeTruthy();
    expect(screen.getByText('设计质量承诺书.pdf')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '选择图标' })).toBeNull();
    expect(screen.queryByText(/入口图标/)).toBeNull();
  });

  it('offers a person without those menus only 个人中心 among the shortcuts', () => {
    renderWithApi(<WelcomePage />, new FakeApi({}), { permissions: [] });
    expect(screen.getByRole('link', { name: '个人中心' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '经营主页' })).toBeNull();
    expect(screen.queryByRole('link', { name: '调度日志' })).toBeNull();
    expect(screen.queryByText('我的近期申请')).toBeNull();
  });

  it('lists the person’s five latest applications with where each stands', async () => {
    const asked: string[] = [];
    const sizes: number[] = [];
    const row = (n: number, status: number) => ({
      approvalId: String(100 + n),
      serviceId: `SP${n}`,
      typeCode: '10_1',
      typeName: '',
      kind: 'Common',
      title: `借款申请 ${n}`,
      status,
      statusName: '',
      version: 1,
      drafterId: '10',
      drafterName: '王经营',
      deptId: 107,
      deptName: '经营部',
      currentNodeName: '财务',
      recordKind: 'fund.loan',
      recordId: String(n),
      createTime: '2026-11-20T09:00:00+08:00',
      updateTime: `2026-11-2${n}T09:30:00+08:00`,
      submitTime: '2026-11-20T09:00:00+08:00',
      finishTime: null,
    });
    const api = new FakeApi({
      '/project/approval/getSelfCreateList': (q) => {
        asked.push(String(q['orderByColumn']));
        sizes.push(Number(q['pageSize']));
        return {
          code: 200,
          msg: '查询成功',
          total: 7,
          rows: [row(6, 0), row(5, 3), row(4, 1), row(3, 1), row(2, 2), row(1, 1), row(0, 1)],
        };
      },
    });
    renderWithApi(<WelcomePage />, api, { permissions: ['project:approvalMine:list'] });
    const list = await screen.findByTestId('recent-approvals');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]!.textContent).toContain('借款申请 6');
    expect(items[0]!.textContent).toContain('11-26 09:30');
    expect(list.textContent).not.toContain('借款申请 1');
    expect(asked).toEqual(['updateTime']);
    // A page size the server accepts (5 would be a 400), however few the card shows.
    expect(sizes).toHaveLength(1);
    expect(ACCEPTED_PAGE_SIZES).toContain(sizes[0]);
    expect(screen.getByRole('link', { name: '查看全部' }).getAttribute('href')).toBe(
      '/approval/mine',
    );
  });
});
