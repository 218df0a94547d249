import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { HttpClient } from '../client.js';
import { AuthGateway } from './auth.gateway.js';

function gateway(
  data: unknown = {
    code: 200,
    msg: '操作成功',
    data: [{ roleId: 1, roleKey: 'admin', roleName: '超级管理员' }],
  },
) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) => {
    seen.push(config);
    return Promise.resolve({
      status: 200,
      statusText: '',
      headers: {},
      config,
      data,
    });
  };
  const ui = {
    confirm: () => Promise.resolve(false),
    error: () => undefined,
    logout: () => undefined,
  };
  const http = new HttpClient({ tokens: { get: () => undefined }, ui, adapter });
  return { auth: new AuthGateway(http), seen };
}

describe('AuthGateway.rolesWithPassword', () => {
  it('sends the captcha with the password, in the body, when it has one', async () => {
    const { auth, seen } = gateway();
    const roles = await auth.rolesWithPassword('admin', 'admin123', { code: 'ab12', uuid: 'u-1' });
    expect(roles.map((r) => r.roleKey)).toEqual(['admin']);
    expect(seen[0]?.url).toBe('/getUserRoleList');
    expect(seen[0]?.params).toBeUndefined();
    expect(JSON.parse(String(seen[0]?.data))).toEqual({
      username: 'admin',
      password: 'admin123',
      code: 'ab12',
      uuid: 'u-1',
    });
    await auth.rolesWithPassword('admin', 'admin123');
    expect(JSON.parse(String(seen[1]?.data))).toEqual({ username: 'admin', password: 'admin123' });
  });
});

describe('AuthGateway.captcha', () => {
  it('shows the PNG the server sends as base64 (RuoYi’s form) from a data: address', async () => {
    const { auth } = gateway({
      code: 200,
      msg: '操作成功',
      captchaEnabled: true,
      uuid: 'u',
      img: 'iVBORw0KGgo=',
    });
    expect((await auth.captcha()).img).toBe('data:image/png;base64,iVBORw0KGgo=');
  });
});
