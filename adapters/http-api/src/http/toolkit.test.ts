/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import request from 'supertest';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { toolkitApp } from '../test-support/toolkit-app.js';
import { routesOf } from './router-walk.js';
import { openApiDocument } from './openapi-docs.js';
import { redactUrl } from './logger.js';

const { app, book, apiRouter } = toolkitApp();
const auth = { Authorization: 'Bearer good' };

describe('envelopes', () => {
  it('answers a list as {code,msg,total,rows} with pageSize 20 by default', async () => {
    const r = await request(app).get('/prod-api/demo/items').set(auth).expect(200);
    expect(r.body).toMatchObject({
      code: 200,
      total: 1,
      rows: [{ name: 'x', size: 20, sort: null }],
    });
  });
  it('answers {code,msg,data}', async () => {
    const r = await request(app)
      .post('/prod-api/demo/items')
      .set(auth)
      .send({ userName: ' 张三 ' })
      .expect(200);
    expect(r.body).toEqual({ code: 200, msg: '操作成功', data: { userName: '张三' } });
  });
  it('echoes a request id, or makes one', async () => {
    const given = await request(app).get('/prod-api/demo/items/1').set('X-Request-Id', 'abc-123');
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await request(app)
      .get('/prod-api/demo/items/1')
      .set('X-Request-Id', 'bad id <script>');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
  it('sets security headers', async () => {
    const r = await request(app).get('/prod-api/demo/items/1');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    expect(r.headers['x-powered-by']).toBeUndefined();
  });
});

describe('validation', () => {
  it('names the missing field in Chinese', async () => {
    const r = await request(app)
      .post('/prod-api/demo/items')
      .set(auth)
      .send({ userName: '   ' })
      .expect(400);
    expect(r.body).toMatchObject({ code: 400, msg: '参数 userName 不能为空' });
    const r2 = await request(app).post('/prod-api/demo/items').set(auth).send({}).expect(400);
    expect(r2.body.msg).toBe('参数 userName 不能为空');
  });
  it('refuses a page size outside the pager', async () => {
    const r = await request(app).get('/prod-api/demo/items?pageSize=7').set(auth).expect(400);
    expect(r.body.msg).toBe('参数 pageSize 必须是 10、20、30、50、100、300、500、1000 之一');
    await request(app).get('/prod-api/demo/items?pageSize=10').set(auth).expect(200);
    await request(app).get('/prod-api/demo/items?pageSize=1000').set(auth).expect(200);
  });
  it('refuses an orderByColumn outside the whitelist (SQL never reaches the store)', async () => {
    const r = await request(app)
      .get('/prod-api/demo/items')
      .query({ orderByColumn: 'name; DROP TABLE sys_user--' })
      .set(auth)
      .expect(400);
    expect(r.body.msg).toContain('参数 orderByColumn 必须是 name、createTime 之一');
    const okSort = await request(app)
      .get('/prod-api/demo/items?orderByColumn=createTime&isAsc=descending')
      .set(auth);
    expect(okSort.body.rows[0].sort).toBe('createTime');
  });
  it('names enum choices and lengths', async () => {
    const r = await request(app)
      .post('/prod-api/demo/items')
      .set(auth)
      .send({ userName: 'a', status: '9' })
      .expect(400);
    expect(r.body.msg).toBe('参数 status 必须是 0、1 之一');
    const long = await request(app)
      .post('/prod-api/demo/items')
      .set(auth)
      .send({ userName: 'a'.repeat(31) })
      .expect(400);
    expect(long.body.msg).toBe('参数 userName 长度不能超过 30 个字符');
  });
  it('validates path parameters', async () => {
    const r = await request(app).get('/prod-api/demo/items/abc').expect(400);
    expect(r.body.msg).toBe('参数 id 必须是数字');
  });
});

describe('errors', () => {
  it('401 without a token, with the expired-login message', async () => {
    const r = await request(app).get('/prod-api/demo/items').expect(401);
    expect(r.body).toEqual({ code: 401, msg: '登录状态已过期，请重新登录' });
  });
  it('403 without the permission', async () => {
    const r = await request(app)
      .get('/prod-api/demo/items')
      .set('Authorization', 'Bearer none')
      .expect(403);
    expect(r.body).toEqual({ code: 403, msg: '当前操作没有权限' });
  });
  it('404 for a missing record and an unknown route', async () => {
    expect((await request(app).get('/prod-api/demo/items/404').expect(404)).body).toEqual({
      code: 404,
      msg: '访问资源不存在',
    });
    expect((await request(app).get('/prod-api/nope').expect(404)).body.code).toBe(404);
  });
  it('maps a DomainError code to its status', async () => {
    const r = await request(app).get('/prod-api/demo/items/409').expect(409);
    expect(r.body).toMatchObject({
      code: 409,
      msg: '名称已存在',
      errorCode: 'PLATFORM.DUPLICATE',
      field: 'name',
    });
  });
  it('500 without a stack trace or the internal message', async () => {
    const r = await request(app).get('/prod-api/demo/items/500').expect(500);
    expect(r.body).toEqual({ code: 500, msg: '系统未知错误，请反馈给管理员' });
    expect(r.text).not.toContain('secret');
  });
  it('413 for a body over 1 MB, in Chinese', async () => {
    const r = await request(app)
      .post('/prod-api/demo/items')
      .set(auth)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ userName: 'x'.repeat(1024 * 1024 + 10) }))
      .expect(413);
    expect(r.body).toEqual({ code: 413, msg: '请求内容过大，不能超过 1MB' });
  });
  it('400 for malformed JSON and 415 for a foreign content type', async () => {
    const bad = await request(app)
      .post('/prod-api/demo/items')
      .set(auth)
      .set('Content-Type', 'application/json')
      .send('{"a":');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('请求内容不是有效的 JSON');
    const xml = await request(app)
      .post('/prod-api/demo/items')
      .set(auth)
      .set('Content-Type', 'application/xml')
      .send('<a/>');
    expect(xml.status).toBe(415);
    expect(xml.body.code).toBe(415);
  });
});

describe('export', () => {
  it('streams an xlsx with a UTF-8 file name', async () => {
    const r = await request(app)
      .get('/prod-api/demo/export')
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(r.headers['content-disposition']).toContain(
      "filename*=UTF-8''%E7%94%A8%E6%88%B7%E6%95%B0%E6%8D%AE.xlsx",
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.body);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('名称');
    expect(ws.getRow(3).getCell(1).value).toBe('乙');
  });
});

describe('OpenAPI', () => {
  it('serves the document and a local browsable page', async () => {
    const doc = await request(app).get('/prod-api/openapi.json').expect(200);
    expect(doc.body.paths['/demo/items/{id}'].get).toBeDefined();
    expect(doc.body.paths['/demo/items'].get['x-permission']).toBe('demo:item:list');
    const page = await request(app).get('/prod-api/docs/').expect(200);
    expect(page.text).toContain('swagger-ui-bundle.js');
    const init = await request(app).get('/prod-api/docs/swagger-initializer.js').expect(200);
    expect(init.text).toContain('/prod-api/openapi.json');
    await request(app).get('/prod-api/docs/swagger-ui-bundle.js').expect(200);
  });
  it('lists exactly the routes of the router', () => {
    const fromRouter = routesOf(apiRouter)
      .map((r) => r.replace(/:([A-Za-z0-9_]+)/g, '{$1}'))
      .sort();
    const doc = openApiDocument(book);
    const fromDoc = Object.entries(doc.paths ?? {})
      .flatMap(([p, item]) => Object.keys(item as object).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    expect(fromDoc).toEqual(fromRouter);
  });
});

describe('database outage', () => {
  it('answers 503 in Chinese when the database is unreachable', async () => {
    const r = await request(app).get('/prod-api/demo/items/503').expect(503);
    expect(r.body).toEqual({ code: 503, msg: '服务暂不可用，请稍后再试' });
  });
});

describe('logs', () => {
  it('never write a password sent in the query', () => {
    expect(
      redactUrl('/prod-api/system/user/profile/updatePwd?oldPassword=a1&newPassword=b2&x=1'),
    ).toBe(
      '/prod-api/system/user/profile/updatePwd?oldPassword=[redacted]&newPassword=[redacted]&x=1',
    );
  });
});

describe('RouteBook answers through the documented response schema', () => {
  const { app } = toolkitApp();

  it('sends only the documented fields', async () => {
    const r = await request(app).get('/prod-api/demo/documented?drift=extra').expect(200);
    expect(r.body).toEqual({ code: 200, msg: '操作成功', data: { name: '甲' } });
  });

  it('answers 500, not a half-documented body, when the answer drifts from its schema', async () => {
    const r = await request(app).get('/prod-api/demo/documented?drift=missing');
    expect(r.status).toBe(500);
    expect(JSON.stringify(r.body)).not.toContain('nom');
  });
});
