import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { createPlatformRepositories, createPlatformUnitOfWork } from './platform-repositories.js';
import type { PlatformRepositories } from '@dpms/core';

const t0 = new Date('2026-01-01T08:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe.each(testDatabaseKinds())(
  'session, login attempt, captcha and idempotency repositories on %s',
  (kind) => {
    let handle: DatabaseHandle;
    let repos: PlatformRepositories;
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      repos = createPlatformRepositories(handle.db);
    });
    afterAll(() => handle.close());

    it('keeps sessions alive until expiry or revocation', async () => {
      const { sessions } = repos;
      const s = await sessions.create({
        sessionId: 's1',
        userId: 3,
        roleId: 2,
        now: t0,
        expiresAt: at(1800),
        ip: '10.0.0.1',
        userAgent: 'ua',
      });
      expect(s).toMatchObject({ sessionId: 's1', userId: 3, roleId: 2, revokedAt: null });
      expect(await sessions.findActive('s1', at(60))).not.toBeNull();
      expect(await sessions.findActive('s1', at(1801))).toBeNull();
      expect(await sessions.touch('s1', at(1000), at(2800))).toBe(true);
      expect((await sessions.findActive('s1', at(2000)))?.lastSeenAt.getTime()).toBe(
        at(1000).getTime(),
      );
      expect(await sessions.touch('s1', at(2900), at(4000))).toBe(false);
      await sessions.create({
        sessionId: 's2',
        userId: 3,
        roleId: 7,
        now: t0,
        expiresAt: at(1800),
        ip: '',
        userAgent: '',
      });
      await sessions.create({
        sessionId: 's3',
        userId: 3,
        roleId: 2,
        now: t0,
        expiresAt: at(1800),
        ip: '',
        userAgent: '',
      });
      expect((await sessions.listActiveForUser(3, at(10))).map((x) => x.sessionId).sort()).toEqual([
        's1',
        's2',
        's3',
      ]);
      expect(await sessions.revoke('s2', at(10), 'logout')).toBe(true);
      expect(await sessions.revoke('s2', at(11), 'logout')).toBe(false);
      expect(await sessions.findActive('s2', at(12))).toBeNull();
      expect(await sessions.revokeAllForUser(3, at(20), 'password_change', 's3')).toBe(1);
      expect(await sessions.findActive('s3', at(21))).not.toBeNull();
      expect(await sessions.revokeAllForUser(3, at(30), 'user_disabled')).toBe(1);
      expect(await sessions.listActiveForUser(3, at(31))).toEqual([]);
      expect(await sessions.purge(at(100_000))).toBe(3);
    });

    it('counts failures per account and per address, reset by a success of the same key', async () => {
      const { loginAttempts } = repos;
      for (let i = 0; i < 3; i++)
        await loginAttempts.record({
          userName: 'xmjl',
          ip: '1.1.1.1',
          succeeded: false,
          at: at(i),
        });
      await loginAttempts.record({ userName: 'xmjl', ip: '2.2.2.2', succeeded: false, at: at(5) });
      await loginAttempts.record({ userName: 'sjzc', ip: '1.1.1.1', succeeded: false, at: at(6) });
      expect(await loginAttempts.countFailures({ userName: 'xmjl' }, t0)).toBe(4);
      expect(await loginAttempts.countFailures({ ip: '1.1.1.1' }, t0)).toBe(4);
      expect(await loginAttempts.countFailures({ userName: 'xmjl', ip: '1.1.1.1' }, t0)).toBe(3);
      expect(await loginAttempts.countFailures({ userName: 'xmjl' }, at(2))).toBe(2);
      await loginAttempts.record({ userName: 'xmjl', ip: '1.1.1.1', succeeded: true, at: at(10) });
      expect(await loginAttempts.countFailures({ userName: 'xmjl', ip: '1.1.1.1' }, t0)).toBe(0);
      await loginAttempts.record({ userName: 'xmjl', ip: '1.1.1.1', succeeded: false, at: at(11) });
      expect(await loginAttempts.countFailures({ userName: 'xmjl', ip: '1.1.1.1' }, t0)).toBe(1);
      expect(await loginAttempts.countFailures({}, t0)).toBe(0);
      expect(await loginAttempts.purge(at(100))).toBe(7);
    });

    it('consumes a captcha once, and never after it expires', async () => {
      const { captchas } = repos;
      await captchas.create({ uuid: 'c1', codeHash: 'h1', expiresAt: at(120) });
      await captchas.create({ uuid: 'c2', codeHash: 'h2', expiresAt: at(120) });
      const [a, b] = await Promise.all([
        captchas.consume('c1', at(1)),
        captchas.consume('c1', at(1)),
      ]);
      expect([a, b].filter((x) => x !== null)).toHaveLength(1);
      expect(a ?? b).toMatchObject({ uuid: 'c1', codeHash: 'h1', used: true });
      expect(await captchas.consume('c2', at(121))).toBeNull();
      expect(await captchas.consume('nope', at(1))).toBeNull();
      expect(await captchas.purge(at(200))).toBe(2);
    });

    it('claims an idempotency key once and replays the stored answer', async () => {
      const { idempotency } = repos;
      expect(await idempotency.begin('k1', 3, '/project/approval/process', t0)).toEqual({
        kind: 'started',
      });
      expect(await idempotency.begin('k1', 3, '/project/approval/process', t0)).toMatchObject({
        kind: 'pending',
      });
      expect(await idempotency.begin('k1', 3, '/other', t0)).toEqual({ kind: 'conflict' });
      expect(await idempotency.begin('k1', 4, '/project/approval/process', t0)).toEqual({
        kind: 'started',
      });
      await idempotency.complete('k1', 3, 200, {
        code: 200,
        msg: '操作成功',
        data: { id: 7, amount: '12.345600' },
      });
      expect(await idempotency.begin('k1', 3, '/project/approval/process', t0)).toMatchObject({
        kind: 'completed',
        record: {
          responseCode: 200,
          response: { code: 200, msg: '操作成功', data: { id: 7, amount: '12.345600' } },
        },
      });
      expect(await idempotency.begin('k2', 3, '/x', t0)).toEqual({ kind: 'started' });
      await idempotency.release('k2', 3);
      expect(await idempotency.begin('k2', 3, '/x', t0)).toEqual({ kind: 'started' });
      const racers = await Promise.all([1, 2, 3].map(() => idempotency.begin('k3', 3, '/x', t0)));
      expect(racers.filter((r) => r.kind === 'started')).toHaveLength(1);
      expect(await idempotency.purge(at(1))).toBe(4);
    });

    it('refuses a key claimed with another request fingerprint, pending or completed', async () => {
      const { idempotency } = repos;
      const route = '/v4/contract/add';
      expect(await idempotency.begin('f1', 3, route, t0, 'a'.repeat(64))).toEqual({
        kind: 'started',
      });
      expect(await idempotency.begin('f1', 3, route, t0, 'b'.repeat(64))).toEqual({
        kind: 'mismatch',
      });
      expect(await idempotency.begin('f1', 3, route, t0, 'a'.repeat(64))).toMatchObject({
        kind: 'pending',
        record: { fingerprint: 'a'.repeat(64) },
      });
      await idempotency.complete('f1', 3, 200, { ok: true });
      expect(await idempotency.begin('f1', 3, route, t0, 'b'.repeat(64))).toEqual({
        kind: 'mismatch',
      });
      expect(await idempotency.begin('f1', 3, route, t0, 'a'.repeat(64))).toMatchObject({
        kind: 'completed',
        record: { response: { ok: true } },
      });
      // Another user's key of the same name is theirs alone.
      expect(await idempotency.begin('f1', 4, route, t0, 'b'.repeat(64))).toEqual({
        kind: 'started',
      });
    });

    it('commits a unit of work as a whole or not at all', async () => {
      const uow = createPlatformUnitOfWork(handle.db);
      await expect(
        uow.transaction(async (r) => {
          await r.captchas.create({ uuid: 'tx1', codeHash: 'h', expiresAt: at(120) });
          await r.sessions.create({
            sessionId: 'tx-s',
            userId: 1,
            roleId: 1,
            now: t0,
            expiresAt: at(60),
            ip: '',
            userAgent: '',
          });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await repos.captchas.consume('tx1', at(1))).toBeNull();
      expect(await repos.sessions.findActive('tx-s', at(1))).toBeNull();
      const result = await uow.transaction(async (r) => {
        await r.captchas.create({ uuid: 'tx2', codeHash: 'h', expiresAt: at(120) });
        const disabled = await r.users.setStatus(15, '1');
        const revoked = await r.sessions.revokeAllForUser(15, at(1), 'user_disabled');
        return { disabled, revoked };
      });
      expect(result).toEqual({ disabled: { ok: true, value: undefined }, revoked: 0 });
      expect(await repos.captchas.consume('tx2', at(1))).not.toBeNull();
      expect((await repos.users.findCredentials('yuangong'))?.status).toBe('1');
    });
  },
);
