/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, nextAddress, openTestApi, type TestApi } from '../test-support/api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

/**
 * The status rule (http/status-rule.ts) end to end: RuoYi's UI, which sends no X-DPMS-Status,
 * reads every refusal from an HTTP 200 `{code, msg}`; a client that sends `X-DPMS-Status: http`
 * gets the same body under the real status.
 */
describe.each(testDatabaseKinds())('one rule for error statuses on %s', (kind) => {
  let api: TestApi;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    api = await openTestApi(kind);
    tokens['admin'] = await api.login('admin');
    tokens['yuangong'] = await api.login('yuangong');
  }, 120_000);
  afterAll(() => api?.close());

  const auth = (user: string) => ({ Authorization: `Bearer ${tokens[user] ?? ''}` });
  /** The refusals RuoYi's UI meets, each sent by `app`. */
  const refusals = (app: () => Express) => [
    {
      what: 'an expired or missing session (401: RuoYi opens its re-login dialog)',
      code: 401,
      send: () => request(app()).get('/prod-api/getInfo').set('Authorization', 'Bearer stale'),
    },
    {
      what: 'a permission the role lacks (403)',
      code: 403,
      send: () => request(app()).delete('/prod-api/monitor/operlog/1').set(auth('yuangong')),
    },
    {
      what: 'a route that does not exist (404)',
      code: 404,
      send: () => request(app()).get('/prod-api/no/such/route').set(auth('admin')),
    },
    {
      what: 'a login name already taken (409)',
      code: 409,
      send: () =>
        request(app())
          .post('/prod-api/system/user')
          .set(auth('admin'))
          .send({ userName: 'admin', nickName: '重名', password: 'secret123', deptId: 111 }),
    },
    {
      what: 'a query the schema refuses (400)',
      code: 400,
      send: () => request(app()).get('/prod-api/system/user/list?pageSize=7').set(auth('admin')),
    },
    {
      what: 'a download whose query is refused (400, as JSON, not a file)',
      code: 400,
      send: () =>
        request(app())
          .get('/prod-api/monitor/logininfor/export?orderByColumn=password')
          .set(auth('admin')),
    },
    {
      what: 'a wrong password at sign-in (401)',
      code: 401,
      send: () =>
        request(app())
          .post('/prod-api/login')
          .set('X-Forwarded-For', nextAddress())
          .send({ username: 'yuangong', password: `${DEMO_PASSWORD}-wrong` }),
    },
  ];

  describe('RuoYi’s UI, served unchanged (no X-DPMS-Status)', () => {
    it.each(refusals(() => api.servedApp))(
      '$what: HTTP 200 with the code in the body',
      async (c) => {
        const r = await c.send();
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.headers['content-type']).toMatch(/^application\/json/);
        expect(r.body.code).toBe(c.code);
        expect(r.body.msg).toMatch(/[\u4e00-\u9fff]/);
      },
    );

    it('a refused write is still logged as failed in 操作日志', async () => {
      const r = await request(api.servedApp)
        .delete('/prod-api/monitor/operlog/2')
        .set(auth('yuangong'))
        .expect(200);
      expect(r.body.code).toBe(403);
      await api.book.operLog!.settled();
      const rows = await request(api.app)
        .get('/prod-api/monitor/operlog/list?operName=yuangong&status=1')
        .set(auth('admin'))
        .expect(200);
      expect(rows.body.rows[0]).toMatchObject({ status: '1', errorMsg: r.body.msg });
    });
  });

  describe('our clients (X-DPMS-Status: http)', () => {
    it.each(refusals(() => api.servedApp))('$what: the real status, the same body', async (c) => {
      const ruoyi = await c.send();
      const ours = await c.send().set('X-DPMS-Status', 'http');
      expect(ours.status, JSON.stringify(ours.body)).toBe(c.code);
      expect(ours.body).toEqual(ruoyi.body);
    });
  });
});
