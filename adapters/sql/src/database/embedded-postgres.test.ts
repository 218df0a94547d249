import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedPaths, runningPort, startEmbeddedPostgres } from './embedded-postgres.js';

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL server under DATA_DIR', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dpms-embedded-'));
  const lines: string[] = [];
  const log = (m: string) => lines.push(m);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('initialises DATA_DIR/pg, keeps a private generated password, and listens on 127.0.0.1 only', async () => {
    const server = await startEmbeddedPostgres(dataDir, { log });
    try {
      expect(server.started).toBe(true);
      const { cluster, password } = embeddedPaths(dataDir);
      expect(statSync(join(cluster, 'PG_VERSION')).isFile()).toBe(true);
      expect(statSync(password).mode & 0o777).toBe(0o600);
      const secret = readFileSync(password, 'utf8').trim();
      expect(secret.length).toBeGreaterThanOrEqual(24);
      expect(server.url).toContain(encodeURIComponent(secret));
      const [settings] = await query<{ listen: string; socket: string; version: string }>(
        server.url,
        `select current_setting('listen_addresses') as listen,
                current_setting('unix_socket_directories') as socket,
                current_setting('server_version_num') as version`,
      );
      expect(settings).toEqual({
        listen: '127.0.0.1',
        socket: '',
        version: expect.stringMatching(/^17/) as string,
      });
      // The password is required: a wrong one is refused.
      const wrong = new URL(server.url);
      wrong.password = 'not-the-password';
      await expect(query(wrong.toString(), 'select 1')).rejects.toThrow(/password/);
      await query(server.url, 'create table kept (v text); insert into kept values ($$东$$)');
      expect(lines.some((l) => l.includes('初始化'))).toBe(true);
      expect(lines.some((l) => l.includes('PostgreSQL 已启动'))).toBe(true);
    } finally {
      await server.stop();
    }
    expect(runningPort(embeddedPaths(dataDir).cluster)).toBeUndefined();
  });

  it('a second start reuses the data; a start while it runs attaches and leaves it running', async () => {
    lines.length = 0;
    const owner = await startEmbeddedPostgres(dataDir, { log });
    try {
      expect(owner.started).toBe(true);
      expect(lines.some((l) => l.includes('初始化'))).toBe(false);
      expect(await query<{ v: string }>(owner.url, 'select v from kept')).toEqual([{ v: '东' }]);
      const guest = await startEmbeddedPostgres(dataDir, { log });
      expect(guest.started).toBe(false);
      expect(guest.port).toBe(owner.port);
      await guest.stop();
      expect(runningPort(owner.cluster)).toBe(owner.port);
      expect(await query<{ v: string }>(owner.url, 'select v from kept')).toHaveLength(1);
    } finally {
      await owner.stop();
    }
    expect(runningPort(owner.cluster)).toBeUndefined();
  });
});
