import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstituteClockProvider } from '../../components/time/institute-clock';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { EmployePage } from './EmployePage';
import { ProAccountPage } from './ProAccountPage';

// jsdom has no canvas for the chart; what is asked of the server is what these tests read.
vi.mock('../../components/chart/BarChart', () => ({ BarChart: () => null }));

/** 23:00 on New Year's Eve in Shanghai, and 00:30 on New Year's Day (server UTC still 2026). */
const EVE = new Date('2026-12-31T15:00:00Z');
const NEW_YEAR = new Date('2026-12-31T16:30:00Z');

function api() {
  return new FakeApi({
    '/v4/contract/employe/list': () => ({ code: 200, msg: '查询成功', total: 0, rows: [] }),
    '/v4/contract/employe/totals': () => ({ code: 200, msg: '操作成功', data: [] }),
    '/v4/pro-account/list': () => ({ code: 200, msg: '查询成功', total: 0, rows: [] }),
    '/v4/pro-account/monthly': () => ({ code: 200, msg: '操作成功', data: [] }),
    '/system/dept/treeselect': () => ({ code: 200, msg: '操作成功', data: [] }),
    '/system/user/optionselect': () => ({ code: 200, msg: '操作成功', data: [] }),
  });
}

const years = (a: FakeApi, url: string) => a.sent(url).map((q) => q['year']);

afterEach(() => vi.useRealTimers());

describe("the account pages' year is the institute's year when the page mounts or resets", () => {
  it('员工成本 opened at 00:30 on New Year in Shanghai lists the new year', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NEW_YEAR);
    const a = api();
    renderWithApi(
      <InstituteClockProvider zone="Asia/Shanghai">
        <EmployePage />
      </InstituteClockProvider>,
      a,
    );
    await waitFor(() => expect(years(a, '/v4/contract/employe/list')).toEqual(['2027']));
    expect(years(a, '/v4/contract/employe/totals')).toContain('2027');
  });

  it('员工成本 left open across New Year shows the new year after 重置', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(EVE);
    const a = api();
    renderWithApi(
      <InstituteClockProvider zone="Asia/Shanghai">
        <EmployePage />
      </InstituteClockProvider>,
      a,
    );
    await waitFor(() => expect(years(a, '/v4/contract/employe/list')).toEqual(['2026']));
    vi.setSystemTime(NEW_YEAR);
    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(years(a, '/v4/contract/employe/list')).toContain('2027'));
  });

  it('项目账户 charts the institute year at its New Year, whatever the server zone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NEW_YEAR);
    const a = api();
    renderWithApi(
      <InstituteClockProvider zone="Asia/Shanghai">
        <ProAccountPage />
      </InstituteClockProvider>,
      a,
    );
    await waitFor(() => expect(years(a, '/v4/pro-account/monthly')).toContain('2027'));
    expect(years(a, '/v4/pro-account/monthly')).not.toContain('2026');
  });
});
