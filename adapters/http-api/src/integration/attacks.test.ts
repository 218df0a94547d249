/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, testDatabaseKinds, type TestApi } from '../test-support/api.js';

describe.each(testDatabaseKinds())('attacks refused on %s', (kind) => {
  let api: TestApi;
  let admin: string;
  beforeAll(async () => {
    api = await openTestApi(kind);
    admin = await api.login('admin');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });
  const get = (url: string) =>
    request(api.app).get(`/prod-api${url}`).set('Authorization', `Bearer ${admin}`);

  it('SQL in filters is a plain value', async () => {
    const before = (await get('/system/user/list').expect(200)).body.total;
    for (const evil of [
      "' OR '1'='1",
      "admin'--",
      "%' ; DROP TABLE sys_user; --",
      '\\',
      '%',
      '_',
    ]) {
      const r = await request(api.app)
        .get('/prod-api/system/user/list')
        .query({ userName: evil })
        .set('Authorization', `Bearer ${admin}`)
        .expect(200);
      expect(r.body.total).toBe(0);
    }
    const dict = await request(api.app)
      .get(`/prod-api/system/dict/data/type/${encodeURIComponent("x' OR 1=1--")}`)
      .set('Authorization', `Bearer ${admin}`);
    expect(dict.status).toBe(400);
    const cfg = await request(api.app)
      .get(`/prod-api/system/config/configKey/${encodeURIComponent("a' OR '1'='1")}`)
      .set('Authorization', `Bearer ${admin}`);
    expect(cfg.status).toBe(400);
    expect((await get('/system/user/list').expect(200)).body.total).toBe(before);
  });

  it('SQL in orderByColumn and isAsc is refused before any query', async () => {
    for (const col of [
      'userId; DROP TABLE sys_user',
      'user_id',
      '(select 1)',
      'password',
      'createTime desc',
    ]) {
      const r = await request(api.app)
        .get('/prod-api/system/user/list')
        .query({ orderByColumn: col })
        .set('Authorization', `Bearer ${admin}`)
        .expect(400);
      expect(r.body.msg).toContain('参数 orderByColumn 必须是');
    }
    const asc = await request(api.app)
      .get('/prod-api/system/user/list')
      .query({ orderByColumn: 'userId', isAsc: 'asc; DROP TABLE x' })
      .set('Authorization', `Bearer ${admin}`)
      .expect(400);
    expect(asc.body.msg).toBe('参数 isAsc 必须是 asc 或 desc');
  });

  it('ids in paths must be numbers', async () => {
    expect((await get('/system/user/1%20OR%201=1')).status).toBe(400);
    expect(
      (
        await request(api.app)
          .delete('/prod-api/system/user/2,3;DROP')
          .set('Authorization', `Bearer ${admin}`)
      ).status,
    ).toBe(400);
  });

  it('oversized and malformed bodies', async () => {
    const big = await request(api.app)
      .post('/prod-api/system/config')
      .set('Authorization', `Bearer ${admin}`)
      .set('Content-Type', 'application/json')
      .send(
        JSON.stringify({
          configName: 'x',
          configKey: 'big',
          configValue: 'x'.repeat(2 * 1024 * 1024),
        }),
      );
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ code: 413, msg: '请求内容过大，不能超过 1MB' });
    const bad = await request(api.app)
      .post('/prod-api/login')
      .set('Content-Type', 'application/json')
      .send('{"username": "admin", ');
    expect(bad.status).toBe(400);
    const xml = await request(api.app)
      .post('/prod-api/login')
      .set('Content-Type', 'text/xml')
      .send('<a/>');
    expect(xml.status).toBe(415);
  });

  it('a value too long for its column is a 400, not a database error', async () => {
    const r = await request(api.app)
      .post('/prod-api/system/user')
      .set('Authorization', `Bearer ${admin}`)
      .send({ userName: 'u'.repeat(31), nickName: 'x', password: 'secret123' });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('登录名称长度不能超过 30 个字符');
  });

  it('prototype pollution keys are dropped', async () => {
    const r = await request(api.app)
      .put('/prod-api/system/user/profile')
      .set('Authorization', `Bearer ${admin}`)
      .set('Content-Type', 'application/json')
      .send(
        '{"nickName":"系统管理员","__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
      );
    expect(r.status).toBe(200);
    expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('errors never carry a stack trace', async () => {
    const r = await get('/system/user/list?pageNum=-1');
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).not.toMatch(/at .*\.ts:\d+/);
  });
});
