import { describe, expect, it } from 'vitest';
import { COMPANY_SETTING_KEYS } from '../documents/company-settings.js';
import { CONFIG_KEYS_FOR_EVERY_USER, mayReadConfig, pickedUser } from './read-policy.js';

const staff = { permissions: ['project:approval:list'], isAdmin: false };
const configAdmin = { permissions: ['system:config:query'], isAdmin: false };
const userAdmin = { permissions: ['system:user:query'], isAdmin: false };
const admin = { permissions: [], isAdmin: true };

describe('who reads a config value', () => {
  it('lets every signed-in user read the keys the web reads, and only those', () => {
    for (const key of [
      ...COMPANY_SETTING_KEYS,
      'platformName',
      'fund_plan_switch',
      'sys.institute.timeZone',
    ])
      expect(mayReadConfig(key, staff)).toBe(true);
    expect(Object.keys(CONFIG_KEYS_FOR_EVERY_USER)).toHaveLength(11);
    for (const key of ['mail.password', 'task.warn.days', 'no.such.key', 'toString', '__proto__'])
      expect(mayReadConfig(key, staff)).toBe(false);
  });
  it('lets holders of system:config:query and admin read any key', () => {
    expect(mayReadConfig('mail.password', configAdmin)).toBe(true);
    expect(mayReadConfig('mail.password', admin)).toBe(true);
    expect(mayReadConfig('mail.password', { permissions: ['*:*:*'], isAdmin: false })).toBe(true);
  });
});

describe('what a picker shows of a user', () => {
  const u = { userId: 5, userName: 'zgcs', nickName: '总工', deptId: 120, status: '0' as const };
  it('shows name and department to everyone, the login name only with system:user:query', () => {
    expect(pickedUser(u, staff)).toEqual({ userId: 5, nickName: '总工', deptId: 120 });
    expect(pickedUser(u, userAdmin)).toEqual({
      userId: 5,
      nickName: '总工',
      deptId: 120,
      userName: 'zgcs',
    });
    expect(pickedUser(u, admin).userName).toBe('zgcs');
  });
});
