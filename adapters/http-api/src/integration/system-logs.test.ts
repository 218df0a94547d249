/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../test-support/api-client.js';
import { DEMO_PASSWORD, nextAddress, openTestApi, type TestApi } from '../test-support/api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

const EDGE_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0';

describe.each(testDatabaseKinds())('登录日志, 操作日志 and 在线用户 on %s', (kind) => {
  let api: TestApi;
  const client = apiClient(() => api);
  const { get, post, del, useToken } = client;
  const signIn = (username: string, password: string, ip = nextAddress()) =>
    request(api.app)
      .post('/prod-api/login')
      .set('X-Forwarded-For', ip)
      .set('User-Agent', EDGE_ON_WINDOWS)
      .send({ username, password });
  const loginRows = async (userName: string) =>
    (await get('admin', `/monitor/logininfor/list?userName=${userName}`).expect(200)).body.rows;
  const operRows = async (query: string) => {
    await api.book.operLog!.settled();
    return (await get('admin', `/monitor/operlog/list?${query}`).expect(200)).body.rows;
  };

  beforeAll(async () => {
    api = await openTestApi(kind);
    await client.signIn('admin');
  }, 120_000);
  afterAll(() => api?.close());

  it('writes a 登录日志 row for a sign-in, a wrong password and a sign-out', async () => {
    const ok = await signIn('yuangong', DEMO_PASSWORD).expect(200);
    await signIn('yuangong', 'wrong-password').expect(401);
    useToken('yuangong', ok.body.token);
    await post('yuangong', '/logout', undefined).expect(200);
    const rows = await loginRows('yuangong');
    expect(rows.slice(0, 3).map((r: { status: string; msg: string }) => [r.status, r.msg])).toEqual(
      [
        ['0', '退出成功'],
        ['1', '用户不存在或密码错误'],
        ['0', '登录成功'],
      ],
    );
    expect(rows[2]).toMatchObject({
      browser: 'Edge 120',
      os: 'Windows 10',
      loginLocation: '内网IP',
    });
  });

  it('logs a write with its title, business type and the password masked', async () => {
    const r = await post('admin', '/system/user', {
      userName: 'rizhi01',
      nickName: '日志测试',
      password: 'Secret-4821',
    }).expect(200);
    expect(r.body.code).toBe(200);
    const [row] = await operRows('title=用户管理&businessType=1');
    expect(row).toMatchObject({
      title: '用户管理',
      businessType: 1,
      requestMethod: 'POST',
      method: 'POST /system/user',
      operName: 'admin',
      operUrl: '/prod-api/system/user',
      status: '0',
    });
    expect(row.operParam).toContain('"password":"******"');
    expect(row.operParam).toContain('rizhi01');
    expect(JSON.stringify(row)).not.toContain('Secret-4821');
  });

  it("logs a write's address: the trusted proxy's forwarded one, else the connection's", async () => {
    const put = (remark: string, forwardedFor?: string) => {
      const r = request(api.app).put('/prod-api/system/post').set(client.as('admin'));
      return (forwardedFor === undefined ? r : r.set('X-Forwarded-For', forwardedFor))
        .send({ postId: 1, remark })
        .expect(200);
    };
    await put('经代理修改', '203.0.113.9');
    await put('直连修改');
    const rows = await operRows('title=岗位管理&businessType=2');
    const byRemark = (remark: string) =>
      rows.find((r: { operParam: string }) => r.operParam.includes(remark));
    // The test's requests come from loopback, the proxy the server trusts by default.
    expect(byRemark('经代理修改')).toMatchObject({ operIp: '203.0.113.9', operLocation: '未知' });
    expect(byRemark('直连修改')).toMatchObject({
      operIp: expect.stringMatching(/127\.0\.0\.1$|^::1$/),
      operLocation: '内网IP',
    });
  });

  it('logs a refused write as failed, with the refusal', async () => {
    await client.signIn('yuangong');
    await del('yuangong', '/monitor/operlog/1').expect(403);
    const [row] = await operRows('operName=yuangong&status=1');
    expect(row).toMatchObject({ title: '操作日志', businessType: 3, status: '1' });
    expect(row.errorMsg).toBe('当前操作没有权限');
  });

  it('logs the writes the spec sends as GET, typed by their path', async () => {
    await get('admin', '/system/major/deleteById?id=987654');
    const [row] = await operRows('title=专业管理&businessType=3');
    expect(row).toMatchObject({ requestMethod: 'GET', method: 'GET /system/major/deleteById' });
  });

  it('lists online sessions by id, never the token, and 强退 ends one at once', async () => {
    const token = await api.login('yuangong');
    useToken('yuangong', token);
    await get('yuangong', '/getInfo').expect(200);
    const list = await get('admin', '/monitor/online/list?userName=yuangong').expect(200);
    expect(JSON.stringify(list.body)).not.toContain(token);
    const mine = list.body.rows.filter((r: { userName: string }) => r.userName === 'yuangong');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine[0]).toMatchObject({ deptName: expect.any(String), loginLocation: '内网IP' });
    // The newest session is the one just opened.
    const { tokenId } = mine[0];
    await del('admin', `/monitor/online/${tokenId}`).expect(200);
    await get('yuangong', '/getInfo').expect(401);
    const after = await get('admin', '/monitor/online/list?userName=yuangong').expect(200);
    expect(after.body.rows.map((r: { tokenId: string }) => r.tokenId)).not.toContain(tokenId);
    const [row] = await operRows('businessType=7');
    expect(row).toMatchObject({ title: '在线用户', operName: 'admin', status: '0' });
  });

  it("refuses 强退 of one's own session, and of an administrator's to a non-administrator", async () => {
    const menus = (await get('admin', '/system/menu/list').expect(200)).body.data as {
      menuId: number;
      perms: string;
    }[];
    const ids = (...perms: string[]) =>
      menus.filter((m) => perms.includes(m.perms)).map((m) => m.menuId);
    const role = await post('admin', '/system/role', {
      roleName: '在线监控员',
      roleKey: 'online_watch',
      roleSort: 9,
      menuIds: ids('monitor:online:list', 'monitor:online:forceLogout'),
    }).expect(200);
    await post('admin', '/system/user', {
      userName: 'jiankong01',
      nickName: '监控员',
      password: 'secret123',
      deptId: 111,
      roleIds: [role.body.data.roleId],
    }).expect(200);
    useToken('jiankong01', await api.login('jiankong01', 'secret123'));
    const rows = async (caller: string, userName: string) =>
      (await get(caller, `/monitor/online/list?userName=${userName}`).expect(200)).body.rows.filter(
        (r: { userName: string }) => r.userName === userName,
      ) as {
        tokenId: string;
        mayForceLogout: boolean;
      }[];
    const [ownRow] = await rows('jiankong01', 'jiankong01');
    const adminRows = await rows('jiankong01', 'admin');
    expect(ownRow!.mayForceLogout).toBe(false);
    expect(adminRows.every((r) => !r.mayForceLogout)).toBe(true);
    const own = await del('jiankong01', `/monitor/online/${ownRow!.tokenId}`).expect(403);
    expect(own.body.msg).toBe('不能强退当前会话，请使用退出');
    const ofAdmin = await del('jiankong01', `/monitor/online/${adminRows[0]!.tokenId}`);
    expect(ofAdmin.status).toBe(403);
    expect(ofAdmin.body.msg).toBe('不允许强退管理员的会话');
    await get('admin', '/getInfo').expect(200);
    await get('jiankong01', '/getInfo').expect(200);
    // The administrator may end the watcher's session, but not the one they call from.
    const [fromAdmin] = await rows('admin', 'jiankong01');
    expect(fromAdmin!.mayForceLogout).toBe(true);
    const mine = (await rows('admin', 'admin')).filter((r) => !r.mayForceLogout);
    expect(mine).toHaveLength(1);
    await del('admin', `/monitor/online/${mine[0]!.tokenId}`).expect(403);
    await del('admin', `/monitor/online/${fromAdmin!.tokenId}`).expect(200);
    await get('jiankong01', '/getInfo').expect(401);
  });

  it('unlocks an account the throttle holds', async () => {
    const ip = nextAddress();
    for (let i = 0; i < 6; i++) await signIn('yuangong', 'wrong-password', ip);
    const held = await signIn('yuangong', DEMO_PASSWORD, ip);
    expect(held.status).toBe(429);
    expect((await loginRows('yuangong'))[0]).toMatchObject({ status: '1' });
    await get('admin', '/monitor/logininfor/unlock/yuangong').expect(200);
    await signIn('yuangong', DEMO_PASSWORD, ip).expect(200);
    const [row] = await operRows('title=登录日志');
    expect(row).toMatchObject({
      method: 'GET /monitor/logininfor/unlock/:userName',
      operUrl: '/prod-api/monitor/logininfor/unlock/yuangong',
      operName: 'admin',
      status: '0',
    });
  });

  it('removes rows by id, and clean is not taken for an id; clearing is itself logged', async () => {
    const rows = await loginRows('yuangong');
    const removed = await del('admin', `/monitor/logininfor/${rows[0].infoId}`).expect(200);
    expect(removed.body.data.count).toBe(1);
    await del('admin', '/monitor/logininfor/clean').expect(200);
    expect((await get('admin', '/monitor/logininfor/list').expect(200)).body.total).toBe(0);
    await del('admin', '/monitor/operlog/clean').expect(200);
    const after = await operRows('');
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ title: '操作日志', businessType: 9, status: '0' });
  });

  it('exports both logs as spreadsheets', async () => {
    const x = await get('admin', '/monitor/operlog/export').expect(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
    await get('admin', '/monitor/logininfor/export').expect(200);
  });
});
