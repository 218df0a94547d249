/* eslint-disable @typescript-eslint/no-unsafe-member-access -- supertest bodies are untyped JSON */
import type { Express } from 'express';
import { sql, type KyselyPlugin } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PlatformRepositories } from '@dpms/core';
import { createPlatformRepositories, type DatabaseHandle } from '@dpms/sql';
import { openSecondHandle } from '@dpms/sql/testing';
import { createApp } from '../app.js';
import { buildContainer } from '../composition/modules.js';
import { TOKENS } from '../composition/tokens.js';
import { createLogger } from '../http/logger.js';
import type { IdentityCache } from '../identity/identity-cache.js';
import type { IdentityService } from '../identity/identity.service.js';
import { DEMO_PASSWORD, nextAddress, TestClock } from '../test-support/api.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../test-support/test-database.js';
import { testServerConfig } from '../test-support/test-server-config.js';
import { readingRealStatuses } from '../test-support/real-statuses.js';

const SECRET = 'identity-cache-secret-identity-cache-secret-0123';
const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

/** One API instance over its own database handle (pool and listener), counting its queries. */
interface Instance {
  readonly app: Express;
  readonly identity: IdentityService;
  readonly cache: IdentityCache;
  readonly repos: PlatformRepositories;
  readonly db: DatabaseHandle['db'];
  /** Statements this instance has sent so far. */
  queries(): number;
}

function openInstance(handle: DatabaseHandle, dataDir: string): Instance {
  let queries = 0;
  const counting: KyselyPlugin = {
    transformQuery: (args) => {
      queries += 1;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  const db = handle.db.withPlugin(counting);
  const repos = createPlatformRepositories(db);
  const container = buildContainer({
    config: testServerConfig(dataDir),
    logger: createLogger('silent'),
    repos,
    jwtSecret: SECRET,
    clock: new TestClock(),
    db,
    listen: (channel, sink) => handle.listen(channel, sink),
  });
  const app = readingRealStatuses(createApp(container).app);
  return {
    app,
    identity: container.get(TOKENS.IdentityService),
    cache: container.get(TOKENS.IdentityCache),
    repos,
    db,
    queries: () => queries,
  };
}

/** Resolves when `cache` hears an announcement `payload` passes; register before the change. */
const heard = (cache: IdentityCache, test: (payload: string) => boolean): Promise<string> =>
  new Promise((resolve) => {
    const on = (payload: string) => {
      if (!test(payload)) return;
      cache.events.off('notice', on);
      resolve(payload);
    };
    cache.events.on('notice', on);
  });

/** Resolves when `cache`'s listener reports `on`; register before the event. */
const listeningIs = (cache: IdentityCache, on: boolean): Promise<void> =>
  new Promise((resolve) => {
    const at = (state: boolean) => {
      if (state !== on) return;
      cache.events.off('listening', at);
      resolve();
    };
    cache.events.on('listening', at);
  });

const whenActive = (cache: IdentityCache) =>
  cache.active ? Promise.resolve() : listeningIs(cache, true);

async function login(app: Express, username: string): Promise<string> {
  const r = await request(app)
    .post('/prod-api/login')
    .set('X-Forwarded-For', nextAddress())
    .send({ username, password: DEMO_PASSWORD });
  expect(r.status).toBe(200);
  return r.body.token as string;
}

/** Authenticates `token` on `at`, answering the principal and the statements it took. */
async function timedAuth(at: Instance, token: string) {
  const before = at.queries();
  const principal = await at.identity.authenticate(token);
  return { principal, queries: at.queries() - before };
}

describe.each(testDatabaseKinds())('the per-session identity cache on %s', (kind) => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  let one: Instance;
  let two: Instance;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    second = await openSecondHandle(kind, database.handle);
    one = openInstance(database.handle, database.dataDir);
    two = openInstance(second, database.dataDir);
    await Promise.all([whenActive(one.cache), whenActive(two.cache)]);
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  it('answers a known session from memory: the second check makes no query', async () => {
    const token = await login(one.app, 'zgcs');
    const kept = vi.spyOn(two.cache, 'keepSession');
    const first = await timedAuth(two, token);
    expect(first.queries).toBeGreaterThan(0);
    // What it keeps of the user is who they are, not their password hash.
    expect(kept).toHaveBeenCalledTimes(1);
    expect(Object.keys(kept.mock.calls[0]![1].cred)).not.toContain('passwordHash');
    kept.mockRestore();
    const again = await timedAuth(two, token);
    expect(again.queries).toBe(0);
    expect(again.principal).toEqual(first.principal);
  });

  it('refuses on one instance a session logged out through the other, at its next request', async () => {
    const token = await login(one.app, 'zhjy');
    await request(two.app).get('/prod-api/getInfo').set(bearer(token)).expect(200);
    expect((await timedAuth(two, token)).queries).toBe(0);
    const revoked = heard(two.cache, (p) => p.startsWith('session:'));
    await request(one.app).post('/prod-api/logout').set(bearer(token)).expect(200);
    await revoked;
    await request(two.app).get('/prod-api/getInfo').set(bearer(token)).expect(401);
  });

  it('refuses a user disabled through the other instance, by the route or in the table', async () => {
    const admin = await login(one.app, 'admin');
    const token = await login(one.app, 'caiwu');
    const info = await request(two.app).get('/prod-api/getInfo').set(bearer(token)).expect(200);
    const userId = info.body.user.userId as number;
    const disabled = heard(two.cache, (p) => p === `user:${userId}`);
    await request(one.app)
      .put('/prod-api/system/user/changeStatus')
      .set(bearer(admin))
      .send({ userId, status: '1' })
      .expect(200);
    await disabled;
    await request(two.app).get('/prod-api/getInfo').set(bearer(token)).expect(401);

    // A change made in the table alone (no session ended) is announced by the database itself.
    await one.repos.users.setStatus(userId, '0');
    const again = await login(one.app, 'caiwu');
    await request(two.app).get('/prod-api/getInfo').set(bearer(again)).expect(200);
    const disabledAgain = heard(two.cache, (p) => p === `user:${userId}`);
    await one.db
      .updateTable('sys_user')
      .set({ status: '1' })
      .where('user_id', '=', userId)
      .execute();
    await disabledAgain;
    await request(two.app).get('/prod-api/getInfo').set(bearer(again)).expect(401);
  });

  it('shows a permission taken from a role through the other instance at the next request', async () => {
    const token = await login(one.app, 'jingying');
    const before = await request(two.app).get('/prod-api/getInfo').set(bearer(token)).expect(200);
    const roleId = before.body.currentRole.roleId as number;
    const permissions = before.body.permissions as string[];
    const taken = permissions[0];
    expect(taken).toBeTruthy();
    const granted = await one.db
      .selectFrom('sys_role_menu as rm')
      .innerJoin('sys_menu as m', 'm.menu_id', 'rm.menu_id')
      .select(['rm.menu_id', 'm.perms'])
      .where('rm.role_id', '=', roleId)
      .execute();
    const changed = heard(two.cache, (p) => p === `role:${roleId}`);
    const updated = await one.repos.roles.update(roleId, {
      menuIds: granted.filter((g) => g.perms !== taken).map((g) => g.menu_id),
    });
    expect(updated.ok).toBe(true);
    await changed;
    const after = await request(two.app).get('/prod-api/getInfo').set(bearer(token)).expect(200);
    expect(after.body.permissions).not.toContain(taken);
    expect(after.body.permissions).toEqual(permissions.filter((p) => p !== taken));
  });

  it('serves nothing it held once its listener drops, and starts empty when it listens again', async () => {
    const token = await login(one.app, 'jsfzr');
    const { principal } = await timedAuth(two, token);
    expect((await timedAuth(two, token)).queries).toBe(0);
    // The session is ended behind the triggers' back (replica mode fires no trigger): a change
    // the cache cannot hear, as if announced while its listener was away.
    await one.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx
        .updateTable('auth_session')
        .set({ revoked_at: new Date(), revoke_reason: 'forced' })
        .where('session_id', '=', principal.sessionId)
        .execute();
    });
    // Unheard, so still served from memory: what the listener's drop must end.
    expect((await timedAuth(two, token)).queries).toBe(0);
    const dropped = listeningIs(two.cache, false);
    const back = dropped.then(() => listeningIs(two.cache, true));
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name like 'dpms-listen-%' and datname = current_database()`.execute(one.db);
    await dropped;
    await expect(two.identity.authenticate(token)).rejects.toMatchObject({ status: 401 });
    await back;
    await expect(two.identity.authenticate(token)).rejects.toMatchObject({ status: 401 });
    // Listening again, it caches again.
    const fresh = await login(one.app, 'jsfzr');
    await timedAuth(two, fresh);
    expect((await timedAuth(two, fresh)).queries).toBe(0);
  });
});
