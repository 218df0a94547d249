import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { CacheListPage } from './CacheListPage';
import { CacheMonitorPage } from './CacheMonitorPage';

const SID = '5f0c7d4e-8a1b-4c2d-9e3f-0a1b2c3d4e5f';
const name = (cacheName: string, remark: string, size: number, hits = 0, misses = 0) => ({
  cacheName,
  cacheKey: '',
  cacheValue: '',
  remark,
  size,
  hits,
  misses,
});
const ok = (data: unknown) => ({ code: 200, msg: '操作成功', data });

/** An API holding one session until 清理 empties login_tokens:. */
function cacheApi() {
  let sessions = [`login_tokens:${SID}`];
  return new FakeApi({
    '/monitor/cache/getNames': () =>
      ok([
        name('login_tokens:', '用户信息（会话）', sessions.length),
        name('role_grants:', '角色授权（权限与数据范围）', 3),
      ]),
    '/monitor/cache/getKeys/login_tokens%3A': () => ok(sessions),
    [`/monitor/cache/getValue/login_tokens%3A/login_tokens%3A${SID}`]: () =>
      ok({
        cacheName: 'login_tokens:',
        cacheKey: `login_tokens:${SID}`,
        cacheValue: JSON.stringify({ tokenId: SID, userName: 'xmjl', ipaddr: '10.0.0.8' }),
        remark: '用户信息（会话）',
      }),
    '/monitor/cache/clearCacheName/login_tokens%3A': () => {
      sessions = [];
      return { code: 200, msg: '操作成功' };
    },
  });
}

async function confirm(text: string) {
  const dialog = await screen.findByTestId('confirm-dialog');
  expect(within(dialog).getByText(text, { exact: false })).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
}

describe('缓存列表', () => {
  it('shows names with sizes, a name’s keys, an entry’s value, and clears a name after asking', async () => {
    const api = cacheApi();
    renderWithApi(<CacheListPage />, api);
    const names = await screen.findByTestId('cache-names');
    await within(names).findByText('角色授权（权限与数据范围）');
    const row = within(names).getByRole('button', { name: 'login_tokens' }).closest('tr')!;
    expect(within(row).getByText('1')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'login_tokens' }));
    const keys = await screen.findByTestId('cache-keys');
    fireEvent.click(await within(keys).findByRole('button', { name: SID }));
    const value = await screen.findByTestId('cache-value');
    await within(value).findByText(/"userName": "xmjl"/);

    fireEvent.click(within(row).getByRole('button', { name: '清理' }));
    await confirm('是否确认清理缓存名称"login_tokens:"');
    await screen.findByText('清理缓存名称[login_tokens:]成功');
    expect(api.calls.some((c) => c.method === 'delete')).toBe(true);
    await screen.findByText('暂无数据');
    await waitFor(() => expect(within(row).getByText('0')).toBeTruthy());
  });

  it('offers no 清理 without monitor:cache:list', async () => {
    renderWithApi(<CacheListPage />, cacheApi(), { permissions: ['monitor:server:list'] });
    const names = await screen.findByTestId('cache-names');
    await within(names).findByText('用户信息（会话）');
    expect(screen.queryByRole('button', { name: '清理' })).toBeNull();
    expect(screen.queryByRole('button', { name: '清理全部' })).toBeNull();
  });
});

describe('缓存监控', () => {
  it('shows each cache with its entries, hits and hit rate', async () => {
    renderWithApi(
      <CacheMonitorPage />,
      new FakeApi({
        '/monitor/cache': () =>
          ok({
            info: { used_memory_human: '42.50M', maxmemory_human: '4144.00M' },
            dbSize: 5,
            commandStats: [],
            caches: [name('login_tokens:', '用户信息（会话）', 2, 30, 10)],
            identityCache: { sessions: 2, grants: 3, serving: true },
          }),
      }),
    );
    const stats = await screen.findByTestId('cache-stats');
    const row = within(stats).getByText('login_tokens').closest('tr')!;
    expect(within(row).getByText('30')).toBeTruthy();
    expect(within(row).getByText('75.0%')).toBeTruthy();
    expect(screen.getByTestId('cache-serving').textContent).toBe('正常');
    expect(screen.getByText('42.50M（上限 4144.00M）')).toBeTruthy();
  });
});
