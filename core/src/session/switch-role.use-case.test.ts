import { describe, expect, it } from 'vitest';
import { SESSION_INITIAL, sessionReducer } from './session-state.js';
import { SwitchRole, type RoleSwitchGateway } from './switch-role.use-case.js';

const state = sessionReducer(SESSION_INITIAL, {
  type: 'loginAnswered',
  answer: { code: 200, token: 'old' },
});
const form = { userId: 1, userName: 'li', roleId: 7, password: 'secret' };

function gateway(changeCode: number, loginCode: number, calls: string[] = []): RoleSwitchGateway {
  return {
    changeRole: (f) => {
      calls.push(`change:${f.roleId}`);
      return Promise.resolve({ code: changeCode });
    },
    login: (c) => {
      calls.push(`login:${c.username}:${c.role}`);
      return Promise.resolve(
        loginCode === 200 ? { code: 200, token: 'new' } : { code: loginCode, msg: 'no' },
      );
    },
  };
}

describe('SwitchRole', () => {
  it('changes role, logs in again with the new role and reloads the root', async () => {
    const calls: string[] = [];
    const r = await new SwitchRole(gateway(200, 200, calls)).execute(state, form);
    expect(calls).toEqual(['change:7', 'login:li:7']);
    expect(r).toEqual({
      ok: true,
      value: { state: { ...SESSION_INITIAL, token: 'new' }, reload: '/' },
    });
  });
  it.each([
    [500, 200],
    [200, 500],
  ])('fails with the spec message when a call answers %i / %i', async (change, login) => {
    const r = await new SwitchRole(gateway(change, login)).execute(state, form);
    expect(r).toMatchObject({
      ok: false,
      failure: { kind: 'failed', error: { message: '切换角色失败，请返回登录页重新登录' } },
    });
  });
  it('fails the same way on a transport error', async () => {
    const broken: RoleSwitchGateway = {
      changeRole: () => Promise.reject(new Error('Network Error')),
      login: () => Promise.reject(new Error('unreachable')),
    };
    expect(await new SwitchRole(broken).execute(state, form)).toMatchObject({
      ok: false,
      failure: { kind: 'failed' },
    });
  });
  it('does not call the server with an invalid form', async () => {
    const calls: string[] = [];
    const r = await new SwitchRole(gateway(200, 200, calls)).execute(state, {
      ...form,
      roleId: null,
      password: '',
    });
    expect(calls).toEqual([]);
    expect(r).toMatchObject({ ok: false, failure: { kind: 'invalid' } });
  });
  it('gives a refusal of the form fields back to the form, without logging in again', async () => {
    const calls: string[] = [];
    const refusing: RoleSwitchGateway = {
      changeRole: () => {
        calls.push('change');
        return Promise.resolve({
          code: 400,
          msg: '当前已是该角色，请选择其他角色',
          errors: [{ field: 'roleId', message: '当前已是该角色，请选择其他角色' }],
        });
      },
      login: () => {
        calls.push('login');
        return Promise.resolve({ code: 200, token: 'new' });
      },
    };
    const r = await new SwitchRole(refusing).execute(state, form);
    expect(calls).toEqual(['change']);
    expect(r).toEqual({
      ok: false,
      failure: {
        kind: 'invalid',
        errors: [
          {
            code: 'VALIDATION.FAILED',
            message: '当前已是该角色，请选择其他角色',
            field: 'roleId',
          },
        ],
      },
    });
  });
});
