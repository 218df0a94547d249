import { describe, expect, it } from 'vitest';
import { forceLogoutError } from './online-session.js';

const MINE = 'aaaaaaaa-0000-4000-8000-000000000001';
const OTHER = 'bbbbbbbb-0000-4000-8000-000000000002';

describe('forceLogoutError (强退)', () => {
  it("refuses one's own session, administrator or not", () => {
    for (const isAdmin of [true, false])
      expect(
        forceLogoutError({ sessionId: MINE, isAdmin }, { tokenId: MINE, admin: isAdmin })?.field,
      ).toBe('tokenId');
  });

  it("refuses an administrator's session to a non-administrator only", () => {
    expect(
      forceLogoutError({ sessionId: MINE, isAdmin: false }, { tokenId: OTHER, admin: true })
        ?.message,
    ).toBe('不允许强退管理员的会话');
    expect(
      forceLogoutError({ sessionId: MINE, isAdmin: true }, { tokenId: OTHER, admin: true }),
    ).toBe(null);
    expect(
      forceLogoutError({ sessionId: MINE, isAdmin: false }, { tokenId: OTHER, admin: false }),
    ).toBe(null);
  });
});
