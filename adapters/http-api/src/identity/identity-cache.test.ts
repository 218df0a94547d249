import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SysRole } from '@dpms/core';
import { IdentityCache, type SessionEntry } from './identity-cache.js';

const t = new Date('2026-01-01T08:00:00Z');

const entry = (sessionId: string, userId: number): SessionEntry => ({
  session: {
    sessionId,
    userId,
    roleId: 2,
    createdAt: t,
    lastSeenAt: t,
    expiresAt: new Date(t.getTime() + 60_000),
    revokedAt: null,
    revokeReason: null,
    ip: '',
    userAgent: '',
  },
  cred: { userId, userName: `u${userId}`, status: '0', deptId: null, passwordChangedAt: null },
});

const role = (roleId: number) => ({ roleId, roleKey: `r${roleId}`, dataScope: '1' }) as SysRole;

const listening = () => {
  const cache = new IdentityCache();
  cache.listening(true);
  return cache;
};

describe('the identity cache', () => {
  it('serves and keeps nothing until its listener listens', () => {
    const cache = new IdentityCache();
    cache.keepSession(cache.stamp(), entry('a', 1));
    expect(cache.session('a')).toBeUndefined();
    cache.listening(true);
    expect(cache.session('a')).toBeUndefined();
    cache.keepSession(cache.stamp(), entry('a', 1));
    expect(cache.session('a')).toBeDefined();
  });

  it('drops everything when its listener stops, and serves nothing until it listens again', () => {
    const cache = listening();
    cache.keepSession(cache.stamp(), entry('a', 1));
    cache.keepGrant(cache.stamp(), 2, { role: role(2), permissions: [], customDeptIds: [] });
    cache.listening(false);
    expect(cache.session('a')).toBeUndefined();
    expect(cache.grant(2)).toBeUndefined();
    cache.keepSession(cache.stamp(), entry('a', 1));
    cache.listening(true);
    expect(cache.session('a')).toBeUndefined();
  });

  it('does not keep a read that started before an announcement', () => {
    const cache = listening();
    const stamp = cache.stamp();
    cache.notify('session:other');
    cache.keepSession(stamp, entry('a', 1));
    expect(cache.session('a')).toBeUndefined();
  });

  it('keeps a touched session’s new expiry', () => {
    const cache = listening();
    cache.keepSession(cache.stamp(), entry('a', 1));
    const later = new Date(t.getTime() + 120_000);
    cache.touched('a', t, later);
    expect(cache.session('a')?.session.expiresAt).toEqual(later);
  });

  // The rule: after any sequence of reads and announcements, what the cache answers is what was
  // kept after the last announcement concerning it (a session, its user, its role, any menu).
  it('answers only what no later announcement concerns', () => {
    const op = fc.oneof(
      fc.record({
        keepSession: fc.integer({ min: 1, max: 4 }),
        user: fc.integer({ min: 1, max: 3 }),
      }),
      fc.record({ keepGrant: fc.integer({ min: 1, max: 3 }) }),
      fc.constantFrom(
        'session:s1',
        'session:s2',
        'user:1',
        'user:2',
        'role:1',
        'role:2',
        'menu:9',
        'all:*',
        'garbage',
      ),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        const cache = listening();
        const sessions = new Map<string, number>();
        const grants = new Set<number>();
        for (const o of ops) {
          if (typeof o === 'string') {
            cache.notify(o);
            const [kind, id] = o.split(':') as [string, string];
            if (kind === 'session') sessions.delete(id);
            else if (kind === 'user') {
              for (const [s, u] of sessions) if (String(u) === id) sessions.delete(s);
            } else if (kind === 'role') grants.delete(Number(id));
            else if (kind === 'menu') grants.clear();
            else {
              sessions.clear();
              grants.clear();
            }
          } else if ('keepSession' in o) {
            const id = `s${o.keepSession}`;
            cache.keepSession(cache.stamp(), entry(id, o.user));
            sessions.set(id, o.user);
          } else {
            cache.keepGrant(cache.stamp(), o.keepGrant, null);
            grants.add(o.keepGrant);
          }
        }
        for (let i = 1; i <= 4; i++)
          expect(cache.session(`s${i}`)?.session.userId).toBe(sessions.get(`s${i}`));
        for (let r = 1; r <= 3; r++) expect(cache.grant(r) === null).toBe(grants.has(r));
      }),
    );
  });
});
