import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startChildServer,
  stopChildServers,
  testDatabaseUrl,
} from '../test-support/child-servers.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../test-support/test-database.js';

const SECRET = 'two-instances-secret-two-instances-secret-0123';

const startServer = (databaseUrl: string) =>
  startChildServer('server-child.ts', [databaseUrl, SECRET]);

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;

// Sessions, captchas and throttling live in the database: any instance serves any session.
describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'two server processes on one PostgreSQL database',
  () => {
    let db: TestDatabase;
    const servers: ChildProcess[] = [];
    let a = '';
    let b = '';
    beforeAll(async () => {
      db = await openTestDatabase('postgres');
      const url = await testDatabaseUrl(db.handle.db);
      const [one, two] = await Promise.all([startServer(url), startServer(url)]);
      servers.push(one.proc, two.proc);
      a = one.base;
      b = two.base;
    }, 120_000);
    afterAll(async () => {
      await stopChildServers(servers);
      await db?.close();
    });

    it('a session opened on one is served, and ended, by the other', async () => {
      expect(a).not.toBe(b);
      const login = await json(
        await fetch(`${a}/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: 'xmjl', password: 'admin123', role: 7 }),
        }),
      );
      const token = login['token'] as string;
      expect(token).toBeTruthy();
      const auth = { Authorization: `Bearer ${token}` };
      const infoB = await fetch(`${b}/getInfo`, { headers: auth });
      expect(infoB.status).toBe(200);
      expect((await json(infoB))['roles']).toEqual(['sjzc']);
      const out = await fetch(`${b}/logout`, { method: 'POST', headers: auth });
      expect(out.status).toBe(200);
      const infoA = await fetch(`${a}/getInfo`, { headers: auth });
      expect(infoA.status).toBe(401);
    });

    it('failed logins counted on one throttle the other', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const base = i % 2 === 0 ? a : b;
        const r = await fetch(`${base}/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: 'caiwu', password: `wrong${i}` }),
        });
        statuses.push(r.status);
      }
      expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
      expect(statuses).toContain(429);
    });
  },
);
