import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRecord } from '../http/route.js';
import { openTestApi, testDatabaseKinds, type TestApi } from '../test-support/api.js';

/** Every route's path with each parameter filled by `value` (already percent-encoded). */
const filled = (r: RouteRecord, value: string) => r.path.replace(/:[A-Za-z0-9_]+/g, value);
const hasParams = (r: RouteRecord) => /:[A-Za-z0-9_]+/.test(r.path);

/**
 * A NUL in any string and a malformed escape in any path is a 400 naming the
 * field or the path, on every route of the RouteBook, signed in or not, and never a 5xx.
 */
describe.each(testDatabaseKinds())('text that is not text, on every route, on %s', (kind) => {
  let api: TestApi;
  let admin: string;
  beforeAll(async () => {
    api = await openTestApi(kind);
    admin = await api.login('admin');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  const send = (r: RouteRecord, url: string, token: string | undefined) => {
    const req = request(api.app)[r.method](`/prod-api${url}`);
    return token === undefined ? req : req.set('Authorization', `Bearer ${token}`);
  };
  const expectRefused = (
    res: { status: number; body: Record<string, unknown> },
    field: string,
    message: string,
    what: string,
  ) => {
    expect({ what, status: res.status }).toEqual({ what, status: 400 });
    expect({ what, msg: res.body['msg'] }).toEqual({ what, msg: message });
    expect(res.body['errors']).toEqual([{ field, message }]);
  };

  it('covers the whole API', () => {
    expect(api.book.records.length).toBeGreaterThan(100);
    expect(api.book.records.filter(hasParams).length).toBeGreaterThan(10);
  });

  it('refuses a NUL in a query string field of every route, before the login check', async () => {
    for (const r of api.book.records) {
      for (const token of [undefined, admin]) {
        const res = await send(r, `${filled(r, '1')}?userName=a%00b`, token);
        expectRefused(res, 'userName', '参数 userName 不能包含控制字符', `${r.method} ${r.path}`);
      }
    }
  });

  it('refuses a NUL or a control character in a JSON body field of every route', async () => {
    for (const r of api.book.records) {
      for (const [token, value] of [
        [undefined, 'x\u0000'],
        [admin, 'a\u001bb'],
      ] as const) {
        const res = await send(r, filled(r, '1'), token)
          .set('Content-Type', 'application/json')
          .send(JSON.stringify({ remark: 'ok', items: [{ name: value }] }));
        expectRefused(
          res,
          'items[0].name',
          '参数 items[0].name 不能包含控制字符',
          `${r.method} ${r.path}`,
        );
      }
    }
  });

  it('refuses a malformed or NUL escape in the path of every route with parameters', async () => {
    const withParams = api.book.records.filter(hasParams);
    for (const r of withParams) {
      for (const token of [undefined, admin]) {
        const bad = await send(r, filled(r, '%ff'), token);
        expectRefused(
          bad,
          'path',
          '请求路径中的 %ff 不是有效的百分号编码',
          `${r.method} ${r.path}`,
        );
        const nul = await send(r, filled(r, 'a%00'), token);
        expectRefused(nul, 'path', '请求路径中的 a%00 不能包含控制字符', `${r.method} ${r.path}`);
      }
    }
  });

  it('still serves clean text, line breaks and all', async () => {
    const r = await request(api.app)
      .get('/prod-api/system/user/list')
      .query({ userName: '管理\t员\r\n' })
      .set('Authorization', `Bearer ${admin}`);
    expect(r.status).toBe(200);
    const login = await request(api.app)
      .post('/prod-api/login')
      .send({ username: 'admin\u0000', password: 'admin123' });
    expectRefused(login, 'username', '参数 username 不能包含控制字符', 'login');
  });
});
