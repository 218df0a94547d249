import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedPaths, startEmbeddedPostgres } from '../database/embedded-postgres.js';
import { openDatabase } from '../database/open-database.js';
import { prepareDatabase } from '../database/prepare-database.js';
import type { Database } from '../database/schema.js';
import { databaseFingerprint } from '../testing/fingerprint.js';
import { PGliteDialect } from '../testing/pglite-dialect.js';
import {
  hasUnmovedPGlite,
  movedPGliteDirOf,
  movePGliteIfPresent,
  pgliteDirOf,
} from './pglite-move.js';

/**
 * A `./data` made by an earlier release: PGlite under DATA_DIR/db, migrated and demo-seeded the
 * way those releases did (the one place the tests still open PGlite: to make such a folder).
 */
async function makePGliteDataDir(dataDir: string): Promise<Record<string, string>> {
  const pglite = await PGlite.create({
    dataDir: pgliteDirOf(dataDir),
    extensions: { pg_trgm },
    // The value types the earlier releases read through PGlite: int8 as number, date as text.
    parsers: { 20: (v: string) => Number(v), 1082: (v: string) => v },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  try {
    await prepareDatabase({ db }, { mode: 'demo' });
    await sql`update sys_user set remark = ${'旧数据 "引号" \\ 反斜杠'} where user_id = 1`.execute(
      db,
    );
    return await databaseFingerprint(pglite);
  } finally {
    await db.destroy();
    await pglite.close();
  }
}

describe('an existing PGlite ./data on the first start after the upgrade', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('is moved into the embedded server with every row of every table', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dpms-pglite-move-'));
    dirs.push(dataDir);
    const before = await makePGliteDataDir(dataDir);
    expect(Object.keys(before).length).toBeGreaterThan(50);
    expect(hasUnmovedPGlite(dataDir)).toBe(true);

    const lines: string[] = [];
    // The application's own start: openDatabase finds the PGlite folder and moves it first.
    const handle = await openDatabase({ dataDir, log: (m) => lines.push(m) });
    await handle.close();
    expect(lines.some((l) => l.includes('已搬迁'))).toBe(true);
    expect(hasUnmovedPGlite(dataDir)).toBe(false);
    expect(existsSync(join(movedPGliteDirOf(dataDir), 'PG_VERSION'))).toBe(true);

    const server = await startEmbeddedPostgres(dataDir, { log: () => undefined });
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      expect(await databaseFingerprint(client)).toEqual(before);
    } finally {
      await client.end();
      await server.stop();
    }
    // Moved once: the next start finds nothing to move.
    expect(await movePGliteIfPresent(dataDir)).toBeUndefined();
  }, 300_000);

  it('refuses when both a PGlite folder and an embedded cluster are there, changing neither', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'dpms-pglite-both-'));
    dirs.push(dataDir);
    const server = await startEmbeddedPostgres(dataDir, { log: () => undefined });
    await server.stop();
    const pglite = await PGlite.create({ dataDir: pgliteDirOf(dataDir) });
    await pglite.close();
    await expect(movePGliteIfPresent(dataDir)).rejects.toThrow(/同时存在/);
    expect(hasUnmovedPGlite(dataDir)).toBe(true);
    expect(existsSync(join(embeddedPaths(dataDir).cluster, 'PG_VERSION'))).toBe(true);
  }, 120_000);
});
