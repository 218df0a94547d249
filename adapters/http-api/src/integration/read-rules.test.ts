/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_SETTING_KEYS } from '@dpms/core';
import { nextAddress, openTestApi, testDatabaseKinds, type TestApi } from '../test-support/api.js';

/**
 * What each role may read is deliberate (core platform/read-policy.ts), the
 * API document is public only in demo mode, and a password change travels in the body.
 */
describe.each(testDatabaseKinds())('read rules on %s', (kind) => {
  let api: TestApi;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    api = await openTestApi(kind);
    admin = await api.login('admin');
    staff = await api.login('yuangong');
  });
  afterAll(async () => {
    await api?.close();
  });
  const get = (url: string, token: string) =>
    request(api.app).get(`/prod-api${url}`).set('Authorization', `Bearer ${token}`);

  it('a signed-in employee reads the config keys the web needs, and no other', async () => {
    for (const key of ['platformName', 'fund_plan_switch', ...COMPANY_SETTING_KEYS]) {
      const r = await get(`/system/config/configKey/${key}`, staff);
      expect({ key, status: r.status, code: r.body.code }).toEqual({ key, status: 200, code: 200 });
    }
    const created = await request(api.app)
      .post('/prod-api/system/config')
      .set('Authorization', `Bearer ${admin}`)
      .send({ configName: '邮件密码', configKey: 'mail.password', configValue: 's3cret' })
      .expect(200);
    expect(created.body.code).toBe(200);
    for (const key of ['mail.password', 'task.warn.days', 'no.such.key']) {
      const r = await get(`/system/config/configKey/${key}`, staff);
      expect({ key, status: r.status }).toEqual({ key, status: 403 });
      expect(r.body.msg).toBe('当前操作没有权限');
    }
    expect((await get('/system/config/configKey/mail.password', admin).expect(200)).body.msg).toBe(
      's3cret',
    );
  });

  it("pickers show a person's name and department, the login name only with system:user:query", async () => {
    const calls = [
      '/system/user/optionselect',
      '/system/user/getUserIdByRoleId?roleId=1',
      '/system/user/getUserIdByRoleId?roleId=7',
      '/system/user/serviceManagerList',
      '/system/user/listByPostId?postId=2',
    ];
    for (const url of calls) {
      const seen = (await get(url, staff).expect(200)).body.data as Record<string, unknown>[];
      expect({ url, some: seen.length > 0 }).toEqual({ url, some: true });
      for (const u of seen) {
        expect(u).toHaveProperty('nickName');
        expect(u).toHaveProperty('deptId');
        for (const hidden of ['userName', 'phonenumber', 'email', 'loginIp', 'password'])
          expect({ url, hidden, has: hidden in u }).toEqual({ url, hidden, has: false });
      }
      const byAdmin = (await get(url, admin).expect(200)).body.data as Record<string, unknown>[];
      expect(byAdmin.every((u) => typeof u['userName'] === 'string')).toBe(true);
    }
  });

  it('a password change travels in the JSON body; the query form still works', async () => {
    const login = (password: string) =>
      request(api.app)
        .post('/prod-api/login')
        .set('X-Forwarded-For', nextAddress())
        .send({ username: 'bmfzr2', password });
    const token = await api.login('bmfzr2');
    const change = () =>
      request(api.app)
        .put('/prod-api/system/user/profile/updatePwd')
        .set('Authorization', `Bearer ${token}`);
    await change().send({ oldPassword: 'admin123', newPassword: 'bodypass1' }).expect(200);
    expect((await login('bodypass1')).status).toBe(200);
    const wrong = await change().send({ oldPassword: 'nope1234', newPassword: 'other123' });
    expect(wrong.status).toBe(400);
    const missing = await change().send({ newPassword: 'other123' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('旧密码不能为空');
    // The spec's query form (000 §7), for RuoYi clients.
    await change().query({ oldPassword: 'bodypass1', newPassword: 'admin123' }).expect(200);
    expect((await login('admin123')).status).toBe(200);
  });

  it('serves openapi.json and /docs to anyone in demo mode', async () => {
    const doc = await request(api.app).get('/prod-api/openapi.json').expect(200);
    expect(doc.body.openapi).toBe('3.1.0');
    await request(api.app).get('/prod-api/docs/').expect(200);
  });
});

describe.each(testDatabaseKinds())('the API document in production on %s', (kind) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await openTestApi(kind, { production: true });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('is not served: openapi.json and /docs answer 404, with or without a token', async () => {
    const token = await api.login('admin');
    for (const url of ['/prod-api/openapi.json', '/prod-api/docs/', '/prod-api/docs']) {
      expect((await request(api.app).get(url)).status).toBe(404);
      expect((await request(api.app).get(url).set('Authorization', `Bearer ${token}`)).status).toBe(
        404,
      );
    }
  });
});
