import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { statusOfDomainCode } from '../http/http-error.js';
import { LEGACY_KEY_FILE, jwtSecretFromEnv, sharedJwtSecret } from './jwt-secret.js';
import { PasswordHasher } from './password-hasher.js';
import { TokenService, VERIFIED_TOKENS_KEPT } from './token-service.js';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();
  it('hashes with argon2id and verifies', async () => {
    const h = await hasher.hash('admin123');
    expect(h.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await hasher.verify(h, 'admin123')).toEqual({ ok: true, needsRehash: false });
    expect((await hasher.verify(h, 'admin124')).ok).toBe(false);
  });
  it('accepts RuoYi bcrypt hashes and asks for a re-hash', async () => {
    const h = bcrypt.hashSync('admin123', 10);
    expect(await hasher.verify(h, 'admin123')).toEqual({ ok: true, needsRehash: true });
    expect(await hasher.verify(h, 'wrong')).toEqual({ ok: false, needsRehash: false });
    // The hash RuoYi ships for admin/admin123.
    expect(
      (
        await hasher.verify(
          '$2a$10$7JB720yubVSZvUI0rEqK/.VqGOZTH.ulu33dHOiBE8ByOhJIrdAu2',
          'admin123',
        )
      ).ok,
    ).toBe(true);
  });
  it('refuses anything else', async () => {
    expect((await hasher.verify('admin123', 'admin123')).ok).toBe(false);
    expect((await hasher.verify('', '')).ok).toBe(false);
  });
});

describe('the signing key', () => {
  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => jwtSecretFromEnv({}, true)).toThrow(/JWT_SECRET/);
    expect(() => jwtSecretFromEnv({ JWT_SECRET: 'short' }, true)).toThrow(/32/);
    expect(jwtSecretFromEnv({ JWT_SECRET: 'x'.repeat(32) }, true)).toBe('x'.repeat(32));
    expect(jwtSecretFromEnv({}, false)).toBeUndefined();
  });
  it('offers a fresh random key to the database, or the key file of an earlier release', async () => {
    const offered: string[] = [];
    const keep = (c: string) => {
      offered.push(c);
      return Promise.resolve('stored-key-stored-key-stored-key-0');
    };
    const dir = mkdtempSync(path.join(tmpdir(), 'dpms-secret-'));
    // The database's key wins over whatever was offered.
    expect(await sharedJwtSecret(dir, keep)).toBe('stored-key-stored-key-stored-key-0');
    expect(await sharedJwtSecret(dir, keep)).toBe('stored-key-stored-key-stored-key-0');
    expect(offered[0]!.length).toBeGreaterThanOrEqual(32);
    expect(offered[1]).not.toBe(offered[0]);
    // Nothing is written under DATA_DIR any more.
    expect(existsSync(path.join(dir, LEGACY_KEY_FILE))).toBe(false);
    writeFileSync(path.join(dir, LEGACY_KEY_FILE), `${'L'.repeat(40)}\n`);
    await sharedJwtSecret(dir, keep);
    expect(offered[2]).toBe('L'.repeat(40));
  });
});

/** A TokenService whose every signature check is counted. */
function countingTokens() {
  let checks = 0;
  const counting = ((...args: Parameters<typeof jwtVerify>) => {
    checks += 1;
    return jwtVerify(...args);
  }) as typeof jwtVerify;
  return { t: new TokenService('k'.repeat(40), counting), checks: () => checks };
}

describe('TokenService', () => {
  it('signs a session id and refuses expired or foreign tokens', async () => {
    const t = new TokenService('k'.repeat(40));
    const now = new Date('2026-01-01T00:00:00Z');
    const token = await t.sign('sid-1', 7, now, new Date(now.getTime() + 60_000));
    expect(await t.verify(token, now)).toEqual({ sessionId: 'sid-1', userId: 7 });
    expect(await t.verify(token, new Date(now.getTime() + 120_000))).toBeNull();
    expect(await new TokenService('j'.repeat(40)).verify(token, now)).toBeNull();
  });

  it('checks a token once, then answers from memory until its expiry; a refused one every time', async () => {
    const { t, checks } = countingTokens();
    const now = new Date('2026-01-01T00:00:00Z');
    const token = await t.sign('sid-2', 8, now, new Date(now.getTime() + 60_000));
    for (let i = 0; i < 3; i += 1)
      expect(await t.verify(token, now)).toEqual({ sessionId: 'sid-2', userId: 8 });
    expect(checks()).toBe(1);
    // The remembered token still expires, on jose's rule (not after the current second).
    expect(await t.verify(token, new Date(now.getTime() + 59_999))).not.toBeNull();
    expect(await t.verify(token, new Date(now.getTime() + 60_000))).toBeNull();
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await t.verify(altered, now)).toBeNull();
    expect(await t.verify(altered, now)).toBeNull();
    expect(checks()).toBe(3);
  });

  it('remembers a bounded number of tokens, forgetting the oldest first', async () => {
    const { t, checks } = countingTokens();
    const now = new Date('2026-01-01T00:00:00Z');
    const later = new Date(now.getTime() + 60_000);
    const first = await t.sign('sid-0', 1, now, later);
    await t.verify(first, now);
    for (let i = 1; i < VERIFIED_TOKENS_KEPT; i += 1)
      await t.verify(await t.sign(`sid-${i}`, 1, now, later), now);
    await t.verify(first, now);
    expect(checks()).toBe(VERIFIED_TOKENS_KEPT);
    await t.verify(await t.sign('one-more', 1, now, later), now);
    await t.verify(first, now);
    expect(checks()).toBe(VERIFIED_TOKENS_KEPT + 2);
  });
});

describe('DomainError code → HTTP status', () => {
  it.each([
    ['PLATFORM.NOT_FOUND', 404],
    ['PLATFORM.DATA_SCOPE_DENIED', 403],
    ['PLATFORM.DUPLICATE', 409],
    ['PLATFORM.DEPT_HAS_CHILDREN', 409],
    ['PLATFORM.ROLE_IN_USE', 409],
    ['PLATFORM.BUILTIN_CONFIG', 409],
    ['APPROVAL.STALE_VERSION', 409],
    ['VALIDATION.MAX_LENGTH', 400],
    ['LIST.SORT_COLUMN_NOT_ALLOWED', 400],
    ['PLATFORM.DEPT_PARENT_INVALID', 422],
    ['PRINT.UNAVAILABLE', 503],
    ['UPLOAD.TOO_LARGE', 413],
    ['UPLOAD.UNSUPPORTED_TYPE', 415],
    ['LOGIN.THROTTLED', 429],
  ])('%s → %i', (code, status) => {
    expect(statusOfDomainCode(code)).toBe(status);
  });
});
