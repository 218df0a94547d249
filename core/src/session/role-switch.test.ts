import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  LOGOUT_CONFIRM,
  SWITCH_ROLE_FAILURE_CONFIRM,
  canSwitchRole,
  currentRoleIds,
  roleSwitchChoices,
  validateRoleSwitchForm,
} from './role-switch.js';
import type { SessionRole } from './session-state.js';

const PM: SessionRole = { roleId: 2, roleKey: 'pm', roleName: '项目经理' };
const HOST: SessionRole = { roleId: 7, roleKey: 'host', roleName: '设计主持人' };

describe('role switch rules', () => {
  it('needs two roles', () => {
    expect(canSwitchRole([PM])).toMatchObject({
      ok: false,
      error: { message: '您没有可切换的角色' },
    });
    expect(canSwitchRole([])).toMatchObject({ ok: false });
    expect(canSwitchRole([PM, HOST])).toEqual({ ok: true, value: true });
  });
  it('disables the role in force', () => {
    expect(roleSwitchChoices([PM, HOST], ['pm']).map((c) => [c.roleKey, c.disabled])).toEqual([
      ['pm', true],
      ['host', false],
    ]);
    expect(currentRoleIds({ heldRoles: [PM, HOST], roles: ['host'] })).toEqual([7]);
  });
  it('requires a role and a password', () => {
    expect(
      validateRoleSwitchForm({ roleId: null, password: '' }).map((e) => [e.field, e.message]),
    ).toEqual([
      ['roleId', '请选择角色'],
      ['password', '请输入密码'],
    ]);
    expect(validateRoleSwitchForm({ roleId: 7, password: '   ' }).map((e) => e.message)).toEqual([
      '请输入密码',
    ]);
    expect(validateRoleSwitchForm({ roleId: 2, password: 'pw' }, [2]).map((e) => e.code)).toEqual([
      'SESSION.SWITCH_SAME_ROLE',
    ]);
    expect(validateRoleSwitchForm({ roleId: 7, password: ' pw ' }, [2])).toEqual([]);
  });
  it('accepts any non-blank password with a role other than the current one (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.string({ minLength: 1 }),
        (roleId, password) => {
          const errors = validateRoleSwitchForm({ roleId, password }, [0]);
          expect(errors.length === 0).toBe(password.trim() !== '');
        },
      ),
    );
  });
  it('has the spec confirms', () => {
    expect(LOGOUT_CONFIRM.message).toBe('确定注销并退出系统吗？');
    expect(SWITCH_ROLE_FAILURE_CONFIRM).toMatchObject({
      message: '切换角色失败，请返回登录页重新登录',
      onConfirm: 'logout',
      thenGoTo: '/',
    });
  });
});
