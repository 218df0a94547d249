import { SESSION_MESSAGES } from '@dpms/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changeRoleBody, loginBody, loginFormBody } from './auth.js';

const messages = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('sign-in bodies', () => {
  it('a blank login reads core words for the account and the password, and the captcha while it is on', () => {
    expect(messages(loginBody.safeParse({ username: ' ', password: '' }))).toEqual({
      username: SESSION_MESSAGES.usernameRequired,
      password: SESSION_MESSAGES.loginPasswordRequired,
    });
    expect(
      messages(loginFormBody(true).safeParse({ username: '', password: '', code: ' ' })),
    ).toEqual({
      username: '请输入您的账号',
      password: '请输入您的密码',
      code: '请输入验证码',
    });
    // The server reads the captcha as optional: whether it is needed is the institute's setting.
    expect(loginBody.safeParse({ username: 'a', password: 'b' }).success).toBe(true);
  });

  it('a password is never trimmed, but a role switch refuses one of spaces only', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), (password) => {
        const login = loginBody.safeParse({ username: 'a', password });
        expect(login.success && login.data.password).toBe(password);
        const blank = password.trim() === '';
        const change = changeRoleBody.safeParse({ roleId: 2, password });
        expect(messages(change)).toEqual(
          blank ? { password: SESSION_MESSAGES.passwordRequired } : {},
        );
      }),
    );
  });

  it('a role switch without a role reads 请选择角色', () => {
    expect(messages(changeRoleBody.safeParse({ roleId: '', password: 'x' }))).toEqual({
      roleId: SESSION_MESSAGES.roleRequired,
    });
  });
});
