import { describe, expect, it } from 'vitest';
import {
  dataScopeGrantCheck,
  mayActOnRole,
  menuGrantCheck,
  menusAfterGrant,
  roleActionCheck,
  roleKeyReserved,
} from './role-rules.js';

const admin = { roleId: 1, roleKey: 'admin', roleName: '超级管理员' };
const pm = { roleId: 2, roleKey: 'xmjl', roleName: '项目经理' };
const host = { roleId: 7, roleKey: 'sjzc', roleName: '设计主持' };
const other = { roleId: 12, roleKey: 'cw', roleName: '财务' };

describe('role rules', () => {
  it('refuses every change to the administrator role but granting it', () => {
    for (const action of ['edit', 'changeStatus', 'dataScope', 'remove'] as const) {
      expect(roleActionCheck(action, admin)).toMatchObject({
        ok: false,
        error: { code: 'ROLE.FORBIDDEN', message: '不允许操作超级管理员角色' },
      });
    }
    // Only an administrator makes another administrator.
    expect(mayActOnRole('authUser', admin, true)).toBe(true);
    expect(mayActOnRole('authUser', admin, false)).toBe(false);
    expect(mayActOnRole('authUser', other, false)).toBe(true);
    // The key alone marks it, whatever its id.
    expect(mayActOnRole('edit', { ...other, roleKey: 'admin' })).toBe(false);
  });

  it('keeps the roles the spec fixes from deletion, not from change', () => {
    for (const fixed of [pm, host]) {
      expect(roleActionCheck('remove', fixed)).toMatchObject({
        ok: false,
        error: { message: `${fixed.roleName}是系统固定角色，不能删除` },
      });
      expect(mayActOnRole('edit', fixed)).toBe(true);
      expect(mayActOnRole('changeStatus', fixed)).toBe(true);
    }
    expect(mayActOnRole('remove', other)).toBe(true);
  });

  it('reserves the admin key for the administrator role', () => {
    expect(roleKeyReserved('admin')).toBe(true);
    expect(roleKeyReserved(' admin ', 12)).toBe(true);
    expect(roleKeyReserved('admin', 1)).toBe(false);
    expect(roleKeyReserved('cw')).toBe(false);
  });
});

describe('menu grants', () => {
  const editor = { isAdmin: false, heldMenuIds: [1, 100, 101] };
  it('lets a non-administrator grant only the menus they hold', () => {
    expect(menuGrantCheck([1, 100], editor).ok).toBe(true);
    expect(menuGrantCheck([1, 200], editor)).toMatchObject({
      ok: false,
      error: { code: 'ROLE.FORBIDDEN', message: '不能授予您自己没有的菜单权限' },
    });
    expect(menuGrantCheck([1, 200], { isAdmin: true, heldMenuIds: [] }).ok).toBe(true);
  });
  it("keeps a role's grants the editor does not hold when they edit it", () => {
    expect(menusAfterGrant([100], [100, 101, 300], editor).sort()).toEqual([100, 300]);
    expect(menusAfterGrant([100], [100, 300], { isAdmin: true, heldMenuIds: [] })).toEqual([100]);
  });
});

describe('data scope grants', () => {
  const below = {
    isAdmin: false,
    scope: { kind: 'deptAndBelow' as const, deptId: 100 },
    visibleDeptIds: [100, 101],
  };
  it('refuses a scope wider than the grantor’s own', () => {
    expect(dataScopeGrantCheck('1', [], below)).toMatchObject({
      ok: false,
      error: { code: 'ROLE.FORBIDDEN', message: '不能授予比您自己更大的数据权限' },
    });
    expect(dataScopeGrantCheck('4', [], below).ok).toBe(true);
    const own = { ...below, scope: { kind: 'own' as const, userId: 9 }, visibleDeptIds: [] };
    expect(dataScopeGrantCheck('3', [], own).ok).toBe(false);
    expect(dataScopeGrantCheck('5', [], own).ok).toBe(true);
  });
  it('takes custom departments only inside the grantor’s scope', () => {
    expect(dataScopeGrantCheck('2', [101], below).ok).toBe(true);
    expect(dataScopeGrantCheck('2', [101, 200], below).ok).toBe(false);
    expect(dataScopeGrantCheck('1', [], { ...below, isAdmin: true }).ok).toBe(true);
  });
});
