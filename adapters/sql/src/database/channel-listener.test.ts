import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './open-database.js';
import pg from 'pg';
import { listenToChannel, type ChannelListener, type ChannelSink } from './channel-listener.js';
import {
  openSecondHandle,
  openTestDatabase,
  testDatabaseKinds,
  testDatabaseUrl,
} from '../testing/index.js';

const CHANNEL = 'dpms_identity';

/** A sink that records what it hears and lets a test await a payload or a listening change. */
function recordingSink() {
  const heard: string[] = [];
  const states: boolean[] = [];
  const waiters: { test: () => boolean; resolve: () => void }[] = [];
  const check = () => {
    for (const w of [...waiters])
      if (w.test()) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  };
  const until = (test: () => boolean) =>
    new Promise<void>((resolve) => {
      waiters.push({ test, resolve });
      check();
    });
  const sink: ChannelSink = {
    notify(payload) {
      heard.push(payload);
      check();
    },
    listening(on) {
      states.push(on);
      check();
    },
  };
  return { sink, heard, states, until };
}

describe.each(testDatabaseKinds())('the identity announcements on %s', (kind) => {
  let handle: DatabaseHandle;
  let listener: ChannelListener;
  const rec = recordingSink();
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    listener = handle.listen(CHANNEL, rec.sink);
    await rec.until(() => rec.states.includes(true));
  });
  afterAll(() => handle.close());

  /**
   * What was heard while `change` ran, up to its return (its own announcements among them; a
   * payload also comes again later through the other connections). `change` runs in a
   * transaction that ends with a sentinel announcement, so whatever it announced comes with the
   * sentinel, and what is missing then was not announced.
   */
  let sentinels = 0;
  const announced = async (
    change: (trx: DatabaseHandle['db']) => Promise<unknown>,
  ): Promise<string[]> => {
    const sentinel = `sentinel:${++sentinels}`;
    const from = rec.heard.length;
    await handle.db.transaction().execute(async (trx) => {
      await change(trx);
      await sql`select pg_notify(${CHANNEL}, ${sentinel})`.execute(trx);
    });
    const heard = rec.heard.slice(from);
    expect(heard).toContain(sentinel);
    return heard;
  };

  it('announces a user status change before the commit that made it returns', async () => {
    expect(
      await announced((trx) =>
        trx.updateTable('sys_user').set({ status: '1' }).where('user_id', '=', 2).execute(),
      ),
    ).toContain('user:2');
    // A column the cache does not hold is not announced.
    expect(
      await announced((trx) =>
        trx.updateTable('sys_user').set({ remark: '备注' }).where('user_id', '=', 6).execute(),
      ),
    ).not.toContain('user:6');
  });

  it('announces a transaction’s changes at its commit, not before', async () => {
    const menus = await handle.db
      .selectFrom('sys_role_menu')
      .select('menu_id')
      .where('role_id', '=', 2)
      .execute();
    expect(menus.length).toBeGreaterThan(1);
    let inside: string[] = [];
    const all = await announced(async (trx) => {
      const from = rec.heard.length;
      await trx.deleteFrom('sys_role_menu').where('role_id', '=', 2).execute();
      await trx
        .insertInto('sys_role_menu')
        .values(menus.map((m) => ({ role_id: 2, menu_id: m.menu_id })))
        .execute();
      inside = rec.heard.slice(from);
    });
    expect(inside).not.toContain('role:2');
    expect(all).toContain('role:2');
  });

  it('announces a revoked session but not the once-a-minute touch', async () => {
    const id = 'announce-1';
    const now = new Date();
    await handle.db
      .insertInto('auth_session')
      .values({
        session_id: id,
        user_id: 3,
        role_id: 2,
        created_at: now,
        last_seen_at: now,
        expires_at: new Date(now.getTime() + 60_000),
        revoked_at: null,
        revoke_reason: null,
        ip: '',
        user_agent: '',
      })
      .execute();
    const touch = (trx: DatabaseHandle['db']) =>
      trx
        .updateTable('auth_session')
        .set({ last_seen_at: new Date(), expires_at: new Date(now.getTime() + 120_000) })
        .where('session_id', '=', id)
        .execute();
    expect(await announced(touch)).not.toContain(`session:${id}`);
    expect(
      await announced((trx) =>
        trx
          .updateTable('auth_session')
          .set({ revoked_at: new Date(), revoke_reason: 'logout' })
          .where('session_id', '=', id)
          .execute(),
      ),
    ).toContain(`session:${id}`);
  });

  it('announces a deleted live session, not the purge of an expired one', async () => {
    const session = (id: string, expiresAt: Date) => ({
      session_id: id,
      user_id: 3,
      role_id: 2,
      created_at: new Date(expiresAt.getTime() - 3_600_000),
      last_seen_at: new Date(expiresAt.getTime() - 3_600_000),
      expires_at: expiresAt,
      revoked_at: null,
      revoke_reason: null,
      ip: '',
      user_agent: '',
    });
    const now = Date.now();
    await handle.db
      .insertInto('auth_session')
      .values([session('live-1', new Date(now + 60_000)), session('old-1', new Date(now - 1000))])
      .execute();
    const heard = await announced((trx) =>
      trx.deleteFrom('auth_session').where('session_id', 'in', ['live-1', 'old-1']).execute(),
    );
    expect(heard).toContain('session:live-1');
    expect(heard).not.toContain('session:old-1');
  });

  it('announces role, role department, assignment and menu changes', async () => {
    expect(
      await announced((trx) =>
        trx.updateTable('sys_role').set({ data_scope: '5' }).where('role_id', '=', 3).execute(),
      ),
    ).toContain('role:3');
    expect(
      await announced((trx) =>
        trx.insertInto('sys_role_dept').values({ role_id: 4, dept_id: 100 }).execute(),
      ),
    ).toContain('role:4');
    expect(
      await announced((trx) => trx.deleteFrom('sys_user_role').where('user_id', '=', 4).execute()),
    ).toContain('user:4');
    const menu = await handle.db
      .selectFrom('sys_menu')
      .select('menu_id')
      .where('perms', '<>', '')
      .executeTakeFirstOrThrow();
    expect(
      await announced((trx) =>
        trx
          .updateTable('sys_menu')
          .set({ status: '1' })
          .where('menu_id', '=', menu.menu_id)
          .execute(),
      ),
    ).toContain(`menu:${menu.menu_id}`);
  });

  it('reports a lost connection, reconnects and listens again', async () => {
    expect(listener.listening).toBe(true);
    const states = rec.states.length;
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${`dpms-listen-${CHANNEL}`} and datname = current_database()`.execute(
      handle.db,
    );
    await rec.until(() => rec.states.length >= states + 2);
    expect(rec.states.slice(states)).toEqual([false, true]);
    expect(listener.listening).toBe(true);
    // Another connection's change reaches it through the new connection.
    const other = await openSecondHandle(kind, handle);
    try {
      const from = rec.heard.length;
      await other.db
        .updateTable('sys_user')
        .set({ status: '1' })
        .where('user_id', '=', 5)
        .execute();
      await rec.until(() => rec.heard.slice(from).includes('user:5'));
    } finally {
      await other.close();
    }
  });

  it("hears another session's change once, not once more per pool connection", async () => {
    const url = await testDatabaseUrl(kind, handle);
    const pool = new pg.Pool({ connectionString: url, max: 3 });
    const own = recordingSink();
    const once = listenToChannel({
      channel: CHANNEL,
      sink: own.sink,
      pool,
      newClient: () => new pg.Client({ connectionString: url }),
    });
    const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    try {
      await own.until(() => own.states.includes(true));
      // Each pool connection listens (its LISTEN is queued before this statement).
      for (const c of clients) await c.query('select 1');
      await clients[0].query('select pg_notify($1, $2)', [CHANNEL, 'user:77']);
      const other = await openSecondHandle(kind, handle);
      try {
        await sql`select pg_notify(${CHANNEL}, 'user:88')`.execute(other.db);
      } finally {
        await other.close();
      }
      await own.until(() => own.heard.includes('user:88'));
      // A notification reaches an idle session before the answer to its next statement.
      for (const c of clients) await c.query('select 1');
      expect(own.heard.filter((p) => p === 'user:88')).toEqual(['user:88']);
      // The pool connection's own announcement: from it and from the dedicated connection.
      await own.until(() => own.heard.filter((p) => p === 'user:77').length === 2);
    } finally {
      for (const c of clients) c.release();
      await once.close();
      await pool.end();
    }
  });

  it('stops trusting a connection that no longer hears its own ping, and listens again', async () => {
    const url = await testDatabaseUrl(kind, handle);
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const own = recordingSink();
    const clients: pg.Client[] = [];
    const pinged = listenToChannel({
      channel: CHANNEL,
      sink: own.sink,
      pool,
      heartbeatMs: 50,
      newClient: () => {
        const client = new pg.Client({ connectionString: url });
        clients.push(client);
        return client;
      },
    });
    try {
      await own.until(() => own.states.includes(true));
      // The session stays up but LISTEN is gone, as behind a proxy that moved it: only a ping
      // the connection must hear notices that.
      await clients[0]!.query('UNLISTEN *');
      await own.until(() => own.states.length >= 3);
      expect(own.states.slice(0, 3)).toEqual([true, false, true]);
      expect(clients.length).toBeGreaterThanOrEqual(2);
      expect(own.heard.filter((p) => p.startsWith('ping:'))).toEqual([]);
    } finally {
      await pinged.close();
      await pool.end();
    }
  });
});
