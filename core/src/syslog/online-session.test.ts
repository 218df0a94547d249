import { describe, expect, it } from 'vitest';
import { forceLogoutError } from './online-session.js';

const MINE = 'aaaaaaaa-0000-4000-8000-000000000001';
const OTHER = 'bbbbbbbb-0000-4000-8000-000000000002';
const ADMIN = { roleId: 1, roleKey: 'admin' };
const STAFF = { roleId: 4, roleKey: 'yuangong' };

describe('forceLogoutError (强退)', () => {
  it("refuses one's own session, administrator or not", () => {
    for (const isAdmin of [true, false])
      expect(
        forceLogoutError(
          { sessionId: MINE, isAdmin },
          { tokenId: MINE, ...(isAdmin ? ADMIN : STAFF) },
        )?.field,
      ).toBe('tokenId');
  });

  it("refuses an administrator's session to a non-administrator only", () => {
    expect(
      forceLogoutError({ sessionId: MINE, isAdmin: false }, { tokenId: OTHER, ...ADMIN })?.message,
    ).toBe('不允许强退管理员的会话');
    expect(forceLogoutError({ sessionId: MINE, isAdmin: true }, { tokenId: OTHER, ...ADMIN })).toBe(
      null,
    );
    expect(
      forceLogoutError({ sessionId: MINE, isAdmin: false }, { tokenId: OTHER, ...STAFF }),
    ).toBe(null);
  });

  it('reads the administrator from the role as core decides it, a removed role as no administrator', () => {
    const refuse = (target: { roleId: number; roleKey: string | null }) =>
      forceLogoutError({ sessionId: MINE, isAdmin: false }, { tokenId: OTHER, ...target });
    expect(refuse({ roleId: 1, roleKey: null })?.message).toBe('不允许强退管理员的会话');
    expect(refuse({ roleId: 9, roleKey: 'admin' })?.message).toBe('不允许强退管理员的会话');
    expect(refuse({ roleId: 9, roleKey: null })).toBe(null);
  });
});
