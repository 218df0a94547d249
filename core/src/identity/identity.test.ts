import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LOGIN_THROTTLE_POLICY,
  chooseLoginRole,
  chooseSwitchRole,
  checkNewPassword,
  owedDelayMs,
  sessionExpiry,
  shouldTouchSession,
  throttleDelayMs,
} from './index.js';

describe('login throttle', () => {
  it('is free for the first failures, then doubles up to the cap', () => {
    expect(throttleDelayMs(4, 5)).toBe(0);
    expect(throttleDelayMs(5, 5)).toBe(1000);
    expect(throttleDelayMs(6, 5)).toBe(2000);
    expect(throttleDelayMs(100, 5)).toBe(LOGIN_THROTTLE_POLICY.maxDelayMs);
  });
  it('never decreases with more failures and never exceeds the cap', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(50), (n, free) => {
        const a = throttleDelayMs(n, free);
        const b = throttleDelayMs(n + 1, free);
        return b >= a && b <= LOGIN_THROTTLE_POLICY.maxDelayMs;
      }),
    );
  });
  it('owes nothing once the delay has passed since the last failure', () => {
    expect(owedDelayMs(7, 0, 5)).toBe(0);
    expect(owedDelayMs(7, 1, 5)).toBe(4000);
    expect(owedDelayMs(3, 3, 5)).toBe(0);
  });
});

describe('session expiry', () => {
  const created = new Date('2026-01-01T00:00:00Z');
  it('slides by the idle time but stops at the absolute lifetime', () => {
    expect(sessionExpiry(created, new Date('2026-01-01T01:00:00Z')).toISOString()).toBe(
      '2026-01-01T01:30:00.000Z',
    );
    expect(sessionExpiry(created, new Date('2026-01-01T11:50:00Z')).toISOString()).toBe(
      '2026-01-01T12:00:00.000Z',
    );
  });
  it('touches at most once a minute', () => {
    expect(shouldTouchSession(created, new Date(created.getTime() + 59_000))).toBe(false);
    expect(shouldTouchSession(created, new Date(created.getTime() + 60_000))).toBe(true);
  });
});

describe('role choice', () => {
  const held = [
    { roleId: 2, isDefault: false },
    { roleId: 7, isDefault: true },
  ];
  it('takes a held requested role, refuses another, defaults otherwise', () => {
    expect(chooseLoginRole(held, 2)).toEqual({ ok: true, value: 2 });
    expect(chooseLoginRole(held, 1).ok).toBe(false);
    expect(chooseLoginRole(held, undefined)).toEqual({ ok: true, value: 7 });
    expect(chooseLoginRole([{ roleId: 3, isDefault: false }], undefined)).toEqual({
      ok: true,
      value: 3,
    });
    expect(chooseLoginRole([], undefined).ok).toBe(false);
  });
  it('switches only between held roles, and only with two or more', () => {
    expect(chooseSwitchRole(held, 2)).toEqual({ ok: true, value: 2 });
    expect(chooseSwitchRole(held, 9).ok).toBe(false);
    const one = chooseSwitchRole([{ roleId: 2, isDefault: true }], 2);
    expect(one.ok ? null : one.error.message).toBe('您没有可切换的角色');
  });
});

describe('password policy', () => {
  it('checks length, spaces and repetition', () => {
    expect(checkNewPassword('admin123').ok).toBe(true);
    expect(checkNewPassword('abc').ok).toBe(false);
    expect(checkNewPassword(' abcdefg').ok).toBe(false);
    expect(checkNewPassword('111111').ok).toBe(false);
    expect(checkNewPassword('a'.repeat(21)).ok).toBe(false);
  });
});
