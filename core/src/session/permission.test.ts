import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hasPermission, hasRole } from './permission.js';

describe('hasRole', () => {
  it('passes admin for any role', () => {
    fc.assert(fc.property(fc.array(fc.string({ minLength: 1 }), { minLength: 1 }), (req) => hasRole(['admin'], req)));
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
