import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActionActor } from '../session/action-actor.js';
import {
  mayActOnUser,
  USER_ACTION_PERMISSIONS,
  userActionCheck,
  userActionTarget,
  type UserAction,
} from './user-actions.js';

const ACTIONS = Object.keys(USER_ACTION_PERMISSIONS) as UserAction[];
const PERMS = ['system:user:list', 'system:user:query', ...Object.values(USER_ACTION_PERMISSIONS)];

// 经营部负责人 in the demo institute: reads users, changes none.
const businessHead: ActionActor = {
  userId: 2,
  permissions: ['system:user:list', 'system:user:query'],
  isAdmin: false,
};
const userAdmin: ActionActor = {
  userId: 20,
  permissions: ['system:user:list', 'system:user:edit', 'system:user:remove'],
  isAdmin: false,
};
const admin: ActionActor = { userId: 1, permissions: ['*:*:*'], isAdmin: true };
const staff = { userId: 15, status: '0', admin: false };
const adminUser = { userId: 1, status: '0', admin: true };

describe('what 用户管理 offers on a user', () => {
  it('offers no status toggle to a reader without system:user:edit, with the server’s 403', () => {
    const r = userActionCheck('changeStatus', staff, businessHead);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toEqual({ code: 'SESSION.FORBIDDEN', message: '当前操作没有权限' });
    for (const action of ACTIONS) expect(mayActOnUser(action, staff, businessHead)).toBe(false);
  });

  it('keeps an administrator’s account to administrators', () => {
    expect(mayActOnUser('changeStatus', adminUser, userAdmin)).toBe(false);
    expect(mayActOnUser('changeStatus', staff, userAdmin)).toBe(true);
    expect(mayActOnUser('changeStatus', { ...adminUser, userId: 9 }, admin)).toBe(true);
  });

  it('never lets a caller disable or delete their own account, but lets them enable it', () => {
    const self = { userId: admin.userId, status: '0', admin: true };
    expect(userActionCheck('changeStatus', self, admin)).toMatchObject({
      ok: false,
      error: { message: '不能停用当前登录用户' },
    });
    expect(mayActOnUser('remove', self, admin)).toBe(false);
    expect(mayActOnUser('changeStatus', { ...self, status: '1' }, admin)).toBe(true);
    expect(mayActOnUser('edit', self, admin)).toBe(true);
  });

  it('reads the admin flag from the role ids', () => {
    expect(userActionTarget({ userId: 3, status: '0', roleIds: [4, 1] }, 1).admin).toBe(true);
    expect(userActionTarget({ userId: 3, status: '0', roleIds: [4] }, 1).admin).toBe(false);
    expect(userActionTarget({ userId: 3, status: '0', roleIds: [1] }, null).admin).toBe(false);
  });

  it('property: an action is offered exactly when permission, admin rule and self rule all allow it', () => {
    const actor = fc.record({
      userId: fc.integer({ min: 1, max: 4 }),
      permissions: fc.subarray([...PERMS, '*:*:*']),
      isAdmin: fc.boolean(),
    });
    const target = fc.record({
      userId: fc.integer({ min: 1, max: 4 }),
      status: fc.constantFrom('0', '1'),
      admin: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.constantFrom(...ACTIONS), target, actor, (action, t, a) => {
        const holds =
          a.isAdmin ||
          a.permissions.includes('*:*:*') ||
          a.permissions.includes(USER_ACTION_PERMISSIONS[action]);
        const self = t.userId === a.userId;
        const expected =
          holds &&
          (!t.admin || a.isAdmin) &&
          !(action === 'changeStatus' && self && t.status === '0') &&
          !(action === 'remove' && self);
        const r = userActionCheck(action, t, a);
        expect(r.ok).toBe(expected);
        // A refusal for lack of permission always answers the permission's 403 first.
        if (!holds && !r.ok) expect(r.error.code).toBe('SESSION.FORBIDDEN');
      }),
    );
  });
});
