import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { LoginInfoPage } from './LoginInfoPage';
import { OnlinePage } from './OnlinePage';
import { OperLogPage } from './OperLogPage';

const OK = { code: 200, msg: '操作成功' };
const page = (rows: unknown[]) => ({ code: 200, msg: '查询成功', total: rows.length, rows });

const operLog = (operId: number, over: Record<string, unknown> = {}) => ({
  operId,
  title: '用户管理',
  businessType: 1,
  method: 'POST /system/user',
  requestMethod: 'POST',
  operatorType: 1,
  operName: 'admin',
  deptName: '示范院',
  operUrl: '/prod-api/system/user',
  operIp: '10.0.0.9',
  operLocation: '内网IP',
  operParam: '{"userName":"li","password":"******"}',
  jsonResult: '{"code":200,"msg":"操作成功"}',
  status: '0',
  errorMsg: '',
  operTime: '2026-11-26T02:30:00.000Z',
  costTime: 12,
  ...over,
});

const loginInfo = (infoId: number, userName: string, status: '0' | '1', msg: string) => ({
  infoId,
  userName,
  ipaddr: '10.0.0.9',
  loginLocation: '内网IP',
  browser: 'Chrome 131',
  os: 'Windows 10',
  status,
  msg,
  loginTime: '2026-11-26T02:30:00.000Z',
});

const confirmWith = async (text: string) => {
  const dialog = await screen.findByTestId('confirm-dialog');
  expect(within(dialog).getByText(text)).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
};

describe('操作日志', () => {
  it('names the business type, shows 详细 with the masked parameters, and clears after a confirm', async () => {
    const api = new FakeApi({
      '/monitor/operlog/list': () =>
        page([
          operLog(2),
          operLog(1, { businessType: 3, status: '1', errorMsg: '当前操作没有权限' }),
        ]),
      '/monitor/operlog/clean': () => ({ ...OK, data: { count: 2 } }),
    });
    renderWithApi(<OperLogPage />, api);
    const table = await screen.findByTestId('operlog-table');
    await within(table).findAllByText('用户管理');
    expect(within(table).getByText('新增')).toBeTruthy();
    // 10:30 on the institute's clock (UTC+8).
    expect(within(table).getAllByText(/2026-11-26 10:30/).length).toBeGreaterThan(0);

    fireEvent.click(within(table).getAllByText('详细')[1]!);
    const detail = await screen.findByTestId('operlog-detail');
    expect(within(detail).getByText('{"userName":"li","password":"******"}')).toBeTruthy();
    expect(within(detail).getByText('当前操作没有权限')).toBeTruthy();
    fireEvent.click(within(detail).getByText('关 闭'));

    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    await confirmWith('是否确认清空所有操作日志数据项？');
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.method === 'delete' && c.url === '/monitor/operlog/clean'),
      ).toBe(true),
    );
  });

  it('offers neither 清空 nor 删除 without monitor:operlog:remove', async () => {
    const api = new FakeApi({ '/monitor/operlog/list': () => page([operLog(1)]) });
    renderWithApi(<OperLogPage />, api, { permissions: ['monitor:operlog:list'] });
    const table = await screen.findByTestId('operlog-table');
    await within(table).findByText('详细');
    expect(screen.queryByRole('button', { name: '清空' })).toBeNull();
    expect(within(table).queryByRole('button', { name: '删除' })).toBeNull();
  });
});

describe('登录日志', () => {
  it('unlocks the user of a failed sign-in, and offers it on failed rows only', async () => {
    const api = new FakeApi({
      '/monitor/logininfor/list': () =>
        page([
          loginInfo(2, 'yuangong', '1', '用户不存在或密码错误'),
          loginInfo(1, 'admin', '0', '登录成功'),
        ]),
      '/monitor/logininfor/unlock/yuangong': () => OK,
    });
    renderWithApi(<LoginInfoPage />, api);
    const table = await screen.findByTestId('logininfor-table');
    await within(table).findByText('用户不存在或密码错误');
    // Only the failed row offers 解锁.
    expect(within(table).getAllByRole('button', { name: '解锁' })).toHaveLength(1);
    fireEvent.click(within(table).getByRole('button', { name: '解锁' }));
    await confirmWith('是否确认解锁用户"yuangong"数据项？');
    await waitFor(() => expect(api.sent('/monitor/logininfor/unlock/yuangong')).toHaveLength(1));
    expect(await screen.findByText('用户yuangong解锁成功')).toBeTruthy();
  });

  it('offers no 解锁 without monitor:logininfor:unlock', async () => {
    const api = new FakeApi({
      '/monitor/logininfor/list': () => page([loginInfo(2, 'yuangong', '1', '密码错误')]),
    });
    renderWithApi(<LoginInfoPage />, api, { permissions: ['monitor:logininfor:list'] });
    const table = await screen.findByTestId('logininfor-table');
    await within(table).findByText('密码错误');
    expect(within(table).queryByRole('button', { name: '解锁' })).toBeNull();
  });
});

describe('在线用户', () => {
  const online = {
    tokenId: '2b1f0c3e-6a55-4c1d-9f0e-1d2c3b4a5f60',
    userName: 'yuangong',
    deptName: '建筑一所',
    ipaddr: '10.0.0.9',
    loginLocation: '内网IP',
    browser: 'Chrome 131',
    os: 'Windows 10',
    loginTime: '2026-11-26T02:30:00.000Z',
    lastAccessTime: '2026-11-26T02:40:00.000Z',
    mayForceLogout: true,
  };

  it('强退s a session by its id after a confirmation', async () => {
    const api = new FakeApi({
      '/monitor/online/list': () => page([online]),
      [`/monitor/online/${online.tokenId}`]: () => OK,
    });
    renderWithApi(<OnlinePage />, api);
    const table = await screen.findByTestId('online-table');
    await within(table).findByText('yuangong');
    fireEvent.click(within(table).getByRole('button', { name: '强退' }));
    await confirmWith('是否确认强退名称为"yuangong"的用户？');
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) => c.method === 'delete' && c.url === `/monitor/online/${online.tokenId}`,
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('强退成功')).toBeTruthy();
  });

  it("offers no 强退 on a row the server refuses it for (one's own, an administrator's)", async () => {
    const own = { ...online, tokenId: '7c1f0c3e-6a55-4c1d-9f0e-1d2c3b4a5f61', userName: 'admin' };
    const api = new FakeApi({
      '/monitor/online/list': () => page([{ ...own, mayForceLogout: false }, online]),
    });
    renderWithApi(<OnlinePage />, api);
    const table = await screen.findByTestId('online-table');
    await within(table).findByText('admin');
    expect(within(table).getAllByRole('button', { name: '强退' })).toHaveLength(1);
  });

  it('offers no 强退 without monitor:online:forceLogout', async () => {
    const api = new FakeApi({ '/monitor/online/list': () => page([online]) });
    renderWithApi(<OnlinePage />, api, { permissions: ['monitor:online:list'] });
    const table = await screen.findByTestId('online-table');
    await within(table).findByText('yuangong');
    expect(within(table).queryByRole('button', { name: '强退' })).toBeNull();
  });
});
