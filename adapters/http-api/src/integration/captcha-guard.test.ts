/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_KEYS, LOGIN_THROTTLE_POLICY } from '@dpms/core';
import { captchaHash } from '../identity/identity.service.js';
import { nextAddress, openTestApi, testDatabaseKinds, type TestApi } from '../test-support/api.js';

/**
 * With the captcha on, every password check needs it. /getUserRoleList checks
 * a password like /login does, so it requires and consumes a captcha like /login, and its failures
 * count toward the same login throttle.
 */
describe.each(testDatabaseKinds())('the captcha guards /getUserRoleList on %s', (kind) => {
  let api: TestApi;
  let configId: number;
  beforeAll(async () => {
    api = await openTestApi(kind);
    const admin = await api.login('admin');
    const list = await request(api.app)
      .get('/prod-api/system/config/list')
      .query({ configKey: CONFIG_KEYS.captchaEnabled })
      .set('Authorization', `Bearer ${admin}`)
      .expect(200);
    configId = Number(list.body.rows[0].configId);
    await api.repos.configs.update(configId, { configValue: 'true' });
  }, 120_000);
  afterAll(async () => {
    await api?.repos.configs.update(configId, { configValue: 'false' });
    await api?.close();
  });

  /** A captcha whose answer the test knows, as /captchaImage would have stored it. */
  const plantCaptcha = async (answer = 'ab12') => {
    const uuid = randomUUID();
    await api.repos.captchas.create({
      uuid,
      codeHash: captchaHash(uuid, answer),
      expiresAt: new Date(api.clock.now().getTime() + 60_000),
    });
    return { uuid, code: answer };
  };
  const roleList = (from: string, body: Record<string, unknown>) =>
    request(api.app).post('/prod-api/getUserRoleList').set('X-Forwarded-For', from).send(body);

  it('refuses a missing or wrong captcha, takes the right one once', async () => {
    const from = nextAddress();
    const creds = { username: 'admin', password: 'admin123' };
    const missing = await roleList(from, creds);
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('请输入验证码');
    // The refusal names the captcha box, so the login form shows it beside it.
    expect(missing.body.errors).toEqual([{ field: 'code', message: '请输入验证码' }]);

    const issued = await request(api.app).get('/prod-api/captchaImage').expect(200);
    expect(issued.body.captchaEnabled).toBe(true);
    const wrong = await roleList(from, { ...creds, uuid: issued.body.uuid, code: 'zzzzz' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('验证码错误');
    expect(wrong.body.field).toBe('code');

    const captcha = await plantCaptcha();
    const right = await roleList(from, { ...creds, ...captcha });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.data.map((r: { roleKey: string }) => r.roleKey)).toContain('admin');
    // Single use, as for /login.
    const again = await roleList(from, { ...creds, ...captcha });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('验证码已失效');
  });

  it('counts its wrong passwords toward the login throttle', async () => {
    const from = nextAddress();
    for (let i = 0; i < LOGIN_THROTTLE_POLICY.pairFreeFailures; i += 1) {
      const r = await roleList(from, {
        username: 'yunying',
        password: 'wrong-password',
        ...(await plantCaptcha()),
      });
      expect(r.status).toBe(401);
    }
    const next = await roleList(from, {
      username: 'yunying',
      password: 'admin123',
      ...(await plantCaptcha()),
    });
    expect(next.status).toBe(429);
    const login = await request(api.app)
      .post('/prod-api/login')
      .set('X-Forwarded-For', from)
      .send({ username: 'yunying', password: 'admin123', ...(await plantCaptcha()) });
    expect(login.status).toBe(429);
  });

  it('still signs in with the captcha on, as the web does', async () => {
    const from = nextAddress();
    const login = await request(api.app)
      .post('/prod-api/login')
      .set('X-Forwarded-For', from)
      .send({ username: 'admin', password: 'admin123', ...(await plantCaptcha()) });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.token).toEqual(expect.any(String));
  });
});
