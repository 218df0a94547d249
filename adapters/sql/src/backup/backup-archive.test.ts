import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../database/embedded-postgres.js';
import type { DatabaseHandle } from '../database/open-database.js';
import { databaseFingerprint } from '../testing/fingerprint.js';
import { openTestDatabase } from '../testing/index.js';
import { createBackup, pruneBackups, restoreBackup } from './backup-archive.js';

async function fingerprint(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const fp = await databaseFingerprint(client);
    // Something to compare: every table of the demo institute, most of them with rows.
    expect(Object.keys(fp).length).toBeGreaterThan(50);
    expect(fp['sys_user']).toMatch(/^[1-9]\d*:/);
    return fp;
  } finally {
    await client.end();
  }
}

const urlOf = async (handle: DatabaseHandle, adminUrl: string): Promise<string> => {
  const name = (await sql<{ n: string }>`select current_database() as n`.execute(handle.db))
    .rows[0]!.n;
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

describe('npm run backup and npm run restore', () => {
  const dirs: string[] = [];
  const dir = (prefix: string) => {
    const d = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(d);
    return d;
  };
  let source: DatabaseHandle;
  let sourceUrl: string;
  let sourceDir: string;
  beforeAll(async () => {
    // The demo institute, with rows of every kind the seed writes, plus a few awkward values.
    source = await openTestDatabase('embedded');
    const { inject } = await import('vitest');
    sourceUrl = await urlOf(source, inject('dpmsEmbeddedAdminUrl'));
    await sql`update sys_user set remark = ${'引号 " 反斜杠 \\ 换行\n制表\t'} where user_id = 1`.execute(
      source.db,
    );
    sourceDir = dir('dpms-backup-src-');
    mkdirSync(join(sourceDir, 'files', '2026', '11'), { recursive: true });
    writeFileSync(join(sourceDir, 'files', '2026', '11', '合同.pdf'), Buffer.from([0, 1, 2, 255]));
    mkdirSync(join(sourceDir, 'avatars'), { recursive: true });
    writeFileSync(join(sourceDir, 'avatars', 'a1.png'), 'png-bytes');
  });
  afterAll(async () => {
    await source?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('restores a backup into a fresh installation with every record and file', async () => {
    const archive = await createBackup({ dataDir: sourceDir, databaseUrl: sourceUrl });
    expect(archive.startsWith(join(sourceDir, 'backups', 'dpms-backup-'))).toBe(true);
    expect(archive.endsWith('.tar.gz')).toBe(true);

    const fresh = dir('dpms-restore-');
    const manifest = await restoreBackup({ dataDir: fresh, archive });
    expect(manifest.tables['sys_user']).toBeGreaterThan(0);

    const server = await startEmbeddedPostgres(fresh, { log: () => undefined });
    try {
      expect(await fingerprint(server.url)).toEqual(await fingerprint(sourceUrl));
      // The restored installation goes on: the next id follows the restored ones.
      const next = new pg.Client({ connectionString: server.url });
      await next.connect();
      const max = await next.query<{ m: number }>('select max(user_id)::int as m from sys_user');
      await next.end();
      expect(max.rows[0]!.m).toBeGreaterThan(1);
    } finally {
      await server.stop();
    }
    expect(readFileSync(join(fresh, 'files', '2026', '11', '合同.pdf'))).toEqual(
      Buffer.from([0, 1, 2, 255]),
    );
    expect(readFileSync(join(fresh, 'avatars', 'a1.png'), 'utf8')).toBe('png-bytes');

    // A second restore into the now filled installation is refused and changes nothing.
    await expect(restoreBackup({ dataDir: fresh, archive })).rejects.toThrow(/不是空的/);
  }, 240_000);

  it('the embedded installation backs itself up the same way', async () => {
    const fresh = dir('dpms-restore-embedded-');
    await restoreBackup({
      dataDir: fresh,
      archive: await createBackup({ dataDir: sourceDir, databaseUrl: sourceUrl }),
    });
    const out = dir('dpms-backup-out-');
    // No DATABASE_URL: the embedded server under DATA_DIR, started for the backup.
    const archive = await createBackup({ dataDir: fresh, out });
    expect(readdirSync(out)).toEqual([archive.split('/').pop()]);
    const again = dir('dpms-restore-again-');
    await restoreBackup({ dataDir: again, archive });
    const a = await startEmbeddedPostgres(fresh, { log: () => undefined });
    const b = await startEmbeddedPostgres(again, { log: () => undefined });
    try {
      expect(await fingerprint(b.url)).toEqual(await fingerprint(a.url));
    } finally {
      await a.stop();
      await b.stop();
    }
  }, 240_000);
});

describe('pruneBackups', () => {
  it('keeps the newest fourteen archives and nothing else is touched', () => {
    const d = mkdtempSync(join(tmpdir(), 'dpms-prune-'));
    try {
      const names = Array.from(
        { length: 17 },
        (_, i) => `dpms-backup-202611${String(i + 1).padStart(2, '0')}T020000Z.tar.gz`,
      );
      for (const n of [...names, 'notes.txt']) writeFileSync(join(d, n), '');
      expect(pruneBackups(d)).toEqual(names.slice(0, 3));
      expect(readdirSync(d).sort()).toEqual([...names.slice(3), 'notes.txt'].sort());
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});
