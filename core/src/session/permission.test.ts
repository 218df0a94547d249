import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkPermission,
  checkRole,
  directiveValues,
  evaluateDirective,
  hasAllPermissions,
  hasAllRoles,
  hasPermission,
  hasRole,
} from './permission.js';

describe('hasRole', () => {
  it('passes admin for any role', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }), { minLength: 1 }), (req) =>
        hasRole(['admin'], req),
      ),
    );
  });
  it('passes a held role and refuses one not held', () => {
    expect(hasRole(['pm', 'host'], ['host'])).toBe(true);
    expect(hasRole(['pm'], ['host'])).toBe(false);
  });
  it('throws the spec message on an empty value', () => {
    expect(() => hasRole(['pm'], [])).toThrow('请设置角色权限标签值');
  });
});

describe('hasPermission', () => {
  it('passes the wildcard and a held permission only', () => {
    expect(hasPermission(['*:*:*'], ['project:contract:list'])).toBe(true);
    expect(hasPermission(['project:contract:list'], ['project:contract:list'])).toBe(true);
    expect(hasPermission(['project:contract:add'], ['project:contract:list'])).toBe(false);
  });
  it('throws the spec message on an empty value', () => {
    expect(() => hasPermission(['*:*:*'], [])).toThrow('请设置操作权限标签值');
  });
});

describe('directive helpers over lists of values', () => {
  it('reads a string or a list of strings', () => {
    expect(directiveValues('a')).toEqual(['a']);
    expect(directiveValues(['a', '', 3, 'b'])).toEqual(['a', 'b']);
    expect(directiveValues(undefined)).toEqual([]);
    expect(directiveValues({})).toEqual([]);
  });
  it('keeps or removes the element, and reports an empty value', () => {
    expect(evaluateDirective('role', ['pm'], ['pm', 'host'])).toEqual({ ok: true, value: true });
    expect(evaluateDirective('permission', ['a:b:c'], 'x:y:z')).toEqual({ ok: true, value: false });
    expect(evaluateDirective('role', ['pm'], [])).toMatchObject({
      ok: false,
      error: { message: '请设置角色权限标签值' },
    });
    expect(evaluateDirective('permission', ['pm'], '')).toMatchObject({
      ok: false,
      error: { message: '请设置操作权限标签值' },
    });
    expect(checkRole(['admin'], ['x'])).toBe(true);
    expect(checkRole(['admin'], [])).toBe(false);
    expect(checkPermission(['*:*:*'], 'a:b:c')).toBe(true);
  });
  it('has all-of variants that admin and the wildcard pass', () => {
    expect(hasAllRoles(['pm', 'host'], ['pm', 'host'])).toBe(true);
    expect(hasAllRoles(['pm'], ['pm', 'host'])).toBe(false);
    expect(hasAllRoles(['admin'], ['pm', 'host'])).toBe(true);
    expect(hasAllPermissions(['*:*:*'], ['a', 'b'])).toBe(true);
    expect(hasAllPermissions(['a'], ['a', 'b'])).toBe(false);
    expect(() => hasAllRoles(['pm'], [])).toThrow('请设置角色权限标签值');
  });
  it('all-of implies any-of (property)', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'd', 'admin', '*:*:*');
    fc.assert(
      fc.property(fc.array(key), fc.array(key, { minLength: 1 }), (held, required) => {
        if (hasAllRoles(held, required)) expect(hasRole(held, required)).toBe(true);
        if (hasAllPermissions(held, required)) expect(hasPermission(held, required)).toBe(true);
      }),
    );
  });
});
