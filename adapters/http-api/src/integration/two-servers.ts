import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect } from 'vitest';
import type { DatabaseHandle } from '@dpms/sql';
import { createTestRecordTable } from '../test-support/approval-test-records.js';
import {
  startChildServer,
  stopChildServers,
  testDatabaseUrl,
} from '../test-support/child-servers.js';
import { openTestDatabase, type TestDatabase } from '../test-support/test-database.js';

/**
 * The property tests' harness: two API server processes on one PostgreSQL test database, and the
 * demo users signed in to them.
 */

/** A server's answer: its status and its JSON body, whose `data` is a `D`. */
export interface Reply<D = Record<string, unknown>> {
  readonly status: number;
  readonly body: { readonly data?: D; readonly [k: string]: unknown };
}

export interface TwoServers<U extends string, D> {
  /** The test database, once beforeAll has opened it. */
  readonly db: DatabaseHandle['db'];
  /** A GET (no body) or a POST of `body` to one of the two processes, as `user`. */
  readonly call: (
    instance: number,
    user: U,
    path: string,
    body?: unknown,
    key?: string,
  ) => Promise<Reply<D>>;
  /**
   * `user` approves the approval's current step on one process: the reply that refused, or the
   * approval's 200.
   */
  readonly approveStep: (instance: number, user: U, approvalId: string) => Promise<Reply<D>>;
  /** Once, or on both processes at the same moment. */
  readonly sendBoth: (
    both: boolean,
    first: 0 | 1,
    send: (i: number) => Promise<Reply<D>>,
  ) => Promise<Reply<D>[]>;
}

export interface TwoServersOptions<U extends string> {
  /** The JWT secret both processes share. */
  readonly secret: string;
  /** Signed in alternately on the two processes. */
  readonly users: readonly U[];
  /** What a user's login adds to the user name and password. */
  readonly login?: (user: U) => object;
  /** Runs on the database before the processes start. */
  readonly prepare?: (db: DatabaseHandle['db']) => Promise<void>;
}

/**
 * Opens the database and starts the two processes in beforeAll, stops them in afterAll. A call's
 * `key` goes as its Idempotency-Key.
 */
export function twoServers<U extends string, D = Record<string, unknown>>(
  options: TwoServersOptions<U>,
): TwoServers<U, D> {
  let database: TestDatabase | undefined;
  const servers: ChildProcess[] = [];
  const bases: string[] = [];
  const tokens = {} as Record<U, string>;

  async function call(
    instance: number,
    user: U,
    path: string,
    body?: unknown,
    key?: string,
  ): Promise<Reply<D>> {
    const res = await fetch(`${bases[instance] ?? ''}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        Authorization: `Bearer ${tokens[user]}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(key === undefined ? {} : { 'Idempotency-Key': key }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Reply<D>['body'] };
  }

  beforeAll(async () => {
    const db = await openTestDatabase('postgres');
    database = db;
    await createTestRecordTable(db.handle.db);
    await options.prepare?.(db.handle.db);
    const url = await testDatabaseUrl(db.handle.db);
    const started = await Promise.all(
      [0, 1].map(() => startChildServer('approval-server-child.ts', [url, options.secret])),
    );
    for (const s of started) {
      servers.push(s.proc);
      bases.push(s.base);
    }
    for (const [i, u] of options.users.entries()) {
      const res = await fetch(`${bases[i % 2] ?? ''}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: u, password: 'admin123', ...options.login?.(u) }),
      });
      expect(res.status).toBe(200);
      tokens[u] = ((await res.json()) as { token: string }).token;
    }
  });
  afterAll(async () => {
    await stopChildServers(servers);
    await database?.close();
  });

  return {
    get db() {
      if (database === undefined) throw new Error('the test database is not open yet');
      return database.handle.db;
    },
    call,
    async approveStep(instance, user, approvalId) {
      const d = await call(
        instance,
        user,
        `/project/approval/getCommonApprovalDetail?serviceId=${approvalId}`,
      );
      if (d.status !== 200) return d;
      const version = (d.body.data as { approval: { version: number } }).approval.version;
      return call(instance, user, '/project/approval/process', {
        approvalId,
        version,
        action: 'approve',
      });
    },
    sendBoth: (both, first, send) =>
      both ? Promise.all([send(0), send(1)]) : send(first).then((r) => [r]),
  };
}
