import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, isDomainError } from './api-error.js';
import { HttpClient } from './client.js';
import { AuthGateway } from './gateways/auth.gateway.js';
import { NotifyGateway } from './gateways/notify.gateway.js';
import { UserGateway } from './gateways/system.gateway.js';
import type { HttpUserInterface } from './ports.js';

type Reply = { status: number; data: unknown } | { error: 'network' | 'timeout' };

function setup(reply: (config: InternalAxiosRequestConfig) => Reply, token?: string) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) => {
    seen.push(config);
    const r = reply(config);
    if ('error' in r) {
      return Promise.reject(
        r.error === 'network'
          ? new AxiosError('Network Error', AxiosError.ERR_NETWORK, config)
          : new AxiosError('timeout of 300000ms exceeded', AxiosError.ECONNABORTED, config),
      );
    }
    const response = { status: r.status, statusText: '', headers: {}, config, data: r.data };
    if (r.status >= 400) {
      return Promise.reject(
        new AxiosError(
          `Request failed with status code ${r.status}`,
          'ERR_BAD_RESPONSE',
          config,
          {},
          response,
        ),
      );
    }
    return Promise.resolve(response);
  };
  let resolveConfirm: (v: boolean) => void = () => {};
  const ui = {
    confirm: vi.fn(() => new Promise<boolean>((r) => (resolveConfirm = r))),
    error: vi.fn(),
    logout: vi.fn(),
  } satisfies HttpUserInterface;
  const scheduled: Array<{ fn: () => void; ms: number }> = [];
  const http = new HttpClient({
    tokens: { get: () => token },
    ui,
    adapter,
    schedule: (fn, ms) => scheduled.push({ fn, ms }),
  });
  return { http, ui, seen, scheduled, confirm: (v: boolean) => resolveConfirm(v) };
}

describe('HttpClient', () => {
  // The token goes to the API's own routes only, whatever URL a caller passes.
  it.each([
    ['/getInfo', true],
    ['/prod-api/getInfo', true],
    ['http://localhost/prod-api/getInfo', true],
    ['https://evil.example/prod-api/getInfo', false],
    ['//evil.example/prod-api/getInfo', false],
    ['http://localhost/index.html', false],
    ['http://localhost:8081/prod-api/getInfo', false],
  ])('sends the bearer token to %s: %s', async (url, sent) => {
    const { http, seen } = setup(() => ({ status: 200, data: { code: 200, msg: 'ok' } }), 'abc');
    await http.get(url);
    expect(seen[0]?.headers['Authorization']).toBe(sent ? 'Bearer abc' : undefined);
  });

  it('uses /prod-api, the bearer token and a 300000 ms timeout', async () => {
    const { http, seen } = setup(() => ({ status: 200, data: { code: 200, msg: 'ok' } }), 'abc');
    await http.get('/getInfo');
    expect(seen[0]?.baseURL).toBe('/prod-api');
    expect(seen[0]?.timeout).toBe(300000);
    expect(seen[0]?.headers['Authorization']).toBe('Bearer abc');
  });

  it('asks for real HTTP statuses (X-DPMS-Status: http), on reads and writes', async () => {
    const { http, seen } = setup(() => ({ status: 200, data: { code: 200, msg: 'ok' } }), 'abc');
    await http.get('/getInfo');
    await http.post('/system/user', { userName: 'x' });
    expect(seen.map((c) => String(c.headers['X-DPMS-Status']))).toEqual(['http', 'http']);
  });

  it('sends a FormData body as multipart, not as JSON', async () => {
    const { http, seen } = setup(() => ({
      status: 200,
      data: { code: 200, msg: '操作成功', imgUrl: '/a.png' },
    }));
    const form = new FormData();
    form.append('avatarfile', new Blob(['png']), 'a.png');
    await new UserGateway(http).uploadAvatar(form);
    expect(String(seen[0]?.headers['Content-Type'])).toMatch(/^multipart\/form-data/);
    expect(seen[0]?.data).toBeInstanceOf(FormData);
  });

  it('sends no token on anonymous calls', async () => {
    const { http, seen } = setup(
      () => ({ status: 200, data: { code: 200, msg: '登录成功', token: 't' } }),
      'abc',
    );
    await new AuthGateway(http).login({ username: 'a', password: 'b', role: 1 });
    expect(seen[0]?.headers['Authorization']).toBeUndefined();
  });

  it('serialises nested GET parameters as name[key]', async () => {
    const { http, seen } = setup(() => ({
      status: 200,
      data: { code: 200, msg: '查询成功', rows: [], total: 0 },
    }));
    await new UserGateway(http).list({
      pageNum: 1,
      pageSize: 1000,
      params: { beginTime: '2024-01-01', endTime: '' },
    });
    const url = seen[0]?.paramsSerializer;
    expect(url).toBeDefined();
    const serialize = (seen[0]?.paramsSerializer as { serialize: (p: unknown) => string })
      .serialize;
    expect(serialize(seen[0]?.params)).toBe(
      'pageNum=1&pageSize=1000&params%5BbeginTime%5D=2024-01-01',
    );
  });

  it('maps a non-200 envelope to a domain error with the server message', async () => {
    const { http, ui } = setup(() => ({
      status: 422,
      data: { code: 422, msg: '用户名不能为空', field: 'userName' },
    }));
    const error = await http.post('/system/user', {}).catch((e: unknown) => e);
    expect(isDomainError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'HTTP.422',
      message: '用户名不能为空',
      status: 422,
      field: 'userName',
    });
    expect(ui.error).not.toHaveBeenCalled();
    expect(ui.logout).not.toHaveBeenCalled();
  });

  it('keeps the server error code when the envelope names one', async () => {
    const { http } = setup(() => ({
      status: 409,
      data: { code: 409, msg: '已被修改', errorCode: 'APPROVAL.STALE_VERSION' },
    }));
    await expect(http.get('/x')).rejects.toMatchObject({
      code: 'APPROVAL.STALE_VERSION',
      message: '已被修改',
    });
  });

  it('shows the 401 re-login confirm once at a time and logs out on 重新登录', async () => {
    const { http, ui, confirm } = setup(() => ({
      status: 401,
      data: { code: 401, msg: '认证失败' },
    }));
    await expect(http.get('/a')).rejects.toBeInstanceOf(ApiError);
    await expect(http.get('/b')).rejects.toMatchObject({ code: 'SESSION.EXPIRED', status: 401 });
    expect(ui.confirm).toHaveBeenCalledTimes(1);
    expect(ui.confirm).toHaveBeenCalledWith({
      title: '系统提示',
      message: '登录状态已过期，您可以继续留在该页面，或者重新登录',
      confirmText: '重新登录',
      cancelText: '取消',
    });
    confirm(true);
    await vi.waitFor(() => expect(ui.logout).toHaveBeenCalledTimes(1));
    await expect(http.get('/c')).rejects.toBeInstanceOf(ApiError);
    expect(ui.confirm).toHaveBeenCalledTimes(2);
  });

  it('stays on the page when the 401 confirm is cancelled', async () => {
    const { http, ui, confirm } = setup(() => ({ status: 401, data: { code: 401, msg: 'x' } }));
    await http.get('/a').catch(() => undefined);
    confirm(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(ui.logout).not.toHaveBeenCalled();
  });

  it('does not prompt on a 401 from the login form', async () => {
    const { http, ui } = setup(() => ({
      status: 401,
      data: { code: 401, msg: '用户不存在/密码错误' },
    }));
    await expect(
      new AuthGateway(http).login({ username: 'a', password: 'b', role: 1 }),
    ).rejects.toMatchObject({
      message: '用户不存在/密码错误',
    });
    expect(ui.confirm).not.toHaveBeenCalled();
  });

  it.each<[Reply, string]>([
    [{ error: 'network' }, '后端接口连接异常'],
    [{ error: 'timeout' }, '系统接口请求超时'],
    [{ status: 502, data: '<html>Bad Gateway</html>' }, '系统接口502异常'],
  ])('shows a transport error for 5 s and then logs out (%j)', async (reply, message) => {
    const { http, ui, scheduled } = setup(() => reply);
    await expect(http.get('/x')).rejects.toMatchObject({ message, transport: true });
    expect(ui.error).toHaveBeenCalledWith(message, 5000);
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]?.ms).toBe(5000);
    expect(ui.logout).not.toHaveBeenCalled();
    scheduled[0]?.fn();
    expect(ui.logout).toHaveBeenCalledTimes(1);
  });
});

describe('gateways', () => {
  it('parses the notify answer', async () => {
    const { http, seen } = setup(() => ({
      status: 200,
      data: {
        code: 200,
        msg: '操作成功',
        data: {
          unDealCount: 120,
          unLookSeal: true,
          warnTaskList: [{ taskNo: 'RW-1', planFinishDate: '2024-05-01' }],
        },
      },
    }));
    const state = await new NotifyGateway(http).getNotify(7);
    // An answer without the 抄送/催办 notices (an older server) reads as none.
    expect(state).toEqual({
      unDealCount: 120,
      noticeCount: 0,
      noticeList: [],
      unLookSeal: true,
      warnTaskList: [{ taskNo: 'RW-1', planFinishDate: '2024-05-01' }],
    });
    expect(seen[0]?.params).toEqual({ currentUserId: 7 });
  });

  it('reads getInfo and the router tree', async () => {
    const { http } = setup((config) =>
      config.url === '/getInfo'
        ? {
            status: 200,
            data: {
              code: 200,
              msg: '操作成功',
              user: {
                userId: 1,
                userName: 'admin',
                nickName: '管理员',
                deptId: null,
                dept: null,
                email: '',
                phonenumber: '',
                sex: '0',
                avatar: '',
                status: '0',
                remark: '',
                createTime: '2026-11-25T16:30:00.000Z',
                roleIds: [1],
                postIds: [],
                defaultRoleId: 1,
                admin: true,
                roles: [{ roleId: 1, roleKey: 'admin', roleName: '管理员', flag: true }],
              },
              roles: ['admin'],
              permissions: ['*:*:*'],
              currentRole: { roleId: 1, roleKey: 'admin', roleName: '管理员' },
              domainURL: 'http://x',
            },
          }
        : {
            status: 200,
            data: {
              code: 200,
              msg: '操作成功',
              data: [{ path: '/system', children: [{ path: 'user', meta: { title: '用户' } }] }],
            },
          },
    );
    const auth = new AuthGateway(http);
    const info = await auth.getInfo();
    expect(info.roles).toEqual(['admin']);
    expect(info.user.roles?.[0]?.roleName).toBe('管理员');
    const routes = await auth.getRouters();
    expect(routes[0]?.children?.[0]?.meta?.title).toBe('用户');
  });

  it('sends updatePwd in the JSON body, never in the address', async () => {
    const { http, seen } = setup(() => ({ status: 200, data: { code: 200, msg: '操作成功' } }));
    await new UserGateway(http).updatePwd('old', 'new');
    expect(seen[0]?.method).toBe('put');
    expect(seen[0]?.params).toBeUndefined();
    expect(seen[0]?.url).not.toContain('Password');
    expect(JSON.parse(String(seen[0]?.data))).toEqual({ oldPassword: 'old', newPassword: 'new' });
  });
});

describe('HttpClient: every write carries an Idempotency-Key', () => {
  const ok = () => ({ status: 200, data: { code: 200, msg: 'ok' } });
  const keyOf = (c: InternalAxiosRequestConfig | undefined): unknown =>
    c?.headers['Idempotency-Key'];

  it('sends a key on every POST, PUT and DELETE, a different one per call, and none on GET', async () => {
    const { http, seen } = setup(ok);
    await http.post('/system/dept', { deptName: '一所' });
    await http.post('/system/dept', { deptName: '一所' });
    await http.put('/system/dept', { deptId: 1 });
    await http.delete('/system/dept/1');
    await http.get('/system/dept/list');
    const keys = seen.slice(0, 4).map(keyOf);
    for (const k of keys) expect(k).toMatch(/^[\x21-\x7e]{1,100}$/);
    expect(new Set(keys).size).toBe(4);
    expect(keyOf(seen[4])).toBeUndefined();
  });

  it('keys the writes the spec sends as GET (deleteById, convertBy…), and a lost one’s retry keeps its key', async () => {
    let fail = true;
    const { http, seen } = setup(() => (fail ? { error: 'timeout' } : ok()));
    await expect(
      http.get('/project/contract/deleteById', { params: { contractId: 7 } }),
    ).rejects.toBeInstanceOf(ApiError);
    fail = false;
    await http.get('/project/contract/deleteById', { params: { contractId: 7 } });
    await http.get('/project/contract/convertByStaySign', { params: { contractId: 8 } });
    await http.get('/contract/fundPlan/delete', { params: { planId: 3 } });
    await http.get('/project/contract/list', { params: { pageNum: 1 } });
    expect(keyOf(seen[0])).toMatch(/^[\x21-\x7e]{1,100}$/);
    expect(keyOf(seen[1])).toBe(keyOf(seen[0]));
    expect(keyOf(seen[2])).toMatch(/^[\x21-\x7e]{1,100}$/);
    expect(keyOf(seen[2])).not.toBe(keyOf(seen[0]));
    expect(keyOf(seen[3])).toMatch(/^[\x21-\x7e]{1,100}$/);
    expect(keyOf(seen[4])).toBeUndefined();
  });

  it('keeps a key the caller gives', async () => {
    const { http, seen } = setup(ok);
    await http.post('/project/approval/process', {}, { headers: { 'Idempotency-Key': 'mine' } });
    expect(keyOf(seen[0])).toBe('mine');
    expect(Object.keys(seen[0]!.headers).filter((h) => /idempotency-key/i.test(h))).toHaveLength(1);
  });

  it.each(['timeout', 'network'] as const)(
    'sends the retry of a write whose answer was lost (%s) under the same key, once',
    async (failure) => {
      let fail = true;
      const { http, seen } = setup(() => (fail ? { error: failure } : ok()));
      const body = { loanDeptId: 110, loanAmount: '2', reason: '备用' };
      await expect(http.post('/contract/loan/add', body)).rejects.toBeInstanceOf(ApiError);
      fail = false;
      // The same request, its keys in another order: the retry of the lost write.
      await http.post('/contract/loan/add', { reason: '备用', loanAmount: '2', loanDeptId: 110 });
      expect(keyOf(seen[1])).toBe(keyOf(seen[0]));
      // Answered: the next same request is a new action with a new key.
      await http.post('/contract/loan/add', body);
      expect(keyOf(seen[2])).not.toBe(keyOf(seen[0]));
    },
  );

  it('gives another request after a lost answer its own key', async () => {
    let fail = true;
    const { http, seen } = setup(() => (fail ? { error: 'timeout' } : ok()));
    await expect(http.post('/contract/loan/add', { reason: 'a' })).rejects.toBeInstanceOf(ApiError);
    fail = false;
    await http.post('/contract/loan/add', { reason: 'b' });
    await http.put('/contract/loan/add', { reason: 'a' });
    expect(keyOf(seen[1])).not.toBe(keyOf(seen[0]));
    expect(keyOf(seen[2])).not.toBe(keyOf(seen[0]));
  });

  it('ends a write on an answered refusal: the resend is a new action', async () => {
    let status = 422;
    const { http, seen } = setup(() =>
      status === 200 ? ok() : { status, data: { code: status, msg: '乙方不能为空' } },
    );
    await expect(http.post('/system/dept', { deptName: 'x' })).rejects.toBeInstanceOf(ApiError);
    status = 200;
    await http.post('/system/dept', { deptName: 'x' });
    expect(keyOf(seen[1])).not.toBe(keyOf(seen[0]));
  });
});

describe('HttpClient: a write sent again before its answer', () => {
  it('shares the key of the same request still on its way (a double click)', async () => {
    const pending: Array<() => void> = [];
    let hold = true;
    const seen: InternalAxiosRequestConfig[] = [];
    const http = new HttpClient({
      tokens: { get: () => undefined },
      ui: { confirm: vi.fn(), error: vi.fn(), logout: vi.fn() },
      adapter: (config) => {
        seen.push(config);
        return new Promise((resolve) => {
          const answer = () =>
            resolve({ status: 200, statusText: '', headers: {}, config, data: { code: 200 } });
          if (hold) pending.push(answer);
          else answer();
        });
      },
    });
    const body = { deptName: '一所' };
    const first = http.post('/system/dept', body);
    const second = http.post('/system/dept', body);
    const other = http.post('/system/dept', { deptName: '二所' });
    await vi.waitFor(() => expect(seen).toHaveLength(3));
    expect(seen[1]?.headers['Idempotency-Key']).toBe(seen[0]?.headers['Idempotency-Key']);
    expect(seen[2]?.headers['Idempotency-Key']).not.toBe(seen[0]?.headers['Idempotency-Key']);
    hold = false;
    for (const answer of pending) answer();
    await Promise.all([first, second, other]);
    await http.post('/system/dept', body);
    expect(seen[3]?.headers['Idempotency-Key']).not.toBe(seen[0]?.headers['Idempotency-Key']);
  });
});
