import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { embeddedPaths, startEmbeddedPostgres } from '../database/embedded-postgres.js';
import type { PGlite as PGliteClass } from '@electric-sql/pglite';
import type { pg_trgm as PgTrgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { dumpDatabase, loadDatabase } from './logical-dump.js';

/**
 * Earlier releases kept the embedded database in PGlite under DATA_DIR/db. On the first start
 * after the upgrade that database is moved into the embedded PostgreSQL server, not lost: it is
 * dumped through PGlite itself (the same logical dump as a backup), loaded into a new cluster under
 * DATA_DIR/pg, and the PGlite folder is renamed DATA_DIR/db.pglite-moved (kept, so nothing is
 * deleted; remove it once the installation is checked). A move that fails removes the half-made
 * cluster and leaves DATA_DIR/db as it was, so the next start (or `npm run migrate-pglite`) tries
 * again. PGlite is an optional dependency of @dpms/sql for this move only.
 */

export const MIGRATE_PGLITE_COMMAND = 'npm run migrate-pglite';

export const pgliteDirOf = (dataDir: string): string => join(resolve(dataDir), 'db');
export const movedPGliteDirOf = (dataDir: string): string =>
  join(resolve(dataDir), 'db.pglite-moved');

/** Whether DATA_DIR holds a PGlite database that has not been moved. */
export function hasUnmovedPGlite(dataDir: string): boolean {
  return existsSync(join(pgliteDirOf(dataDir), 'PG_VERSION'));
}

export interface MoveReport {
  /** Rows per table moved. */
  readonly tables: Readonly<Record<string, number>>;
}

/** Moves DATA_DIR/db into the embedded server when it is there; answers undefined otherwise. */
export async function movePGliteIfPresent(
  dataDir: string,
  log: (message: string) => void = () => undefined,
): Promise<MoveReport | undefined> {
  if (!hasUnmovedPGlite(dataDir)) return undefined;
  const { cluster } = embeddedPaths(dataDir);
  if (existsSync(join(cluster, 'PG_VERSION')))
    throw new Error(
      `${pgliteDirOf(dataDir)}（旧版 PGlite 数据库）和 ${cluster}（内置 PostgreSQL）同时存在：请确认保留哪一个，再移走另一个`,
    );
  let PGlite: typeof PGliteClass;
  let pgTrgm: typeof PgTrgm;
  try {
    ({ PGlite } = await import('@electric-sql/pglite'));
    ({ pg_trgm: pgTrgm } = await import('@electric-sql/pglite/contrib/pg_trgm'));
  } catch (e) {
    throw new Error(
      `${pgliteDirOf(dataDir)} 是旧版 PGlite 数据库，搬迁需要 @electric-sql/pglite：请运行 npm install，再运行 ${MIGRATE_PGLITE_COMMAND}`,
      { cause: e },
    );
  }
  log(`内置数据库：正在把旧版 PGlite 数据库 ${pgliteDirOf(dataDir)} 搬到 PostgreSQL`);
  const began = Date.now();
  const staging = mkdtempSync(join(resolve(dataDir), '.pglite-move-'));
  try {
    const pglite = await PGlite.create({
      dataDir: pgliteDirOf(dataDir),
      extensions: { pg_trgm: pgTrgm },
    });
    let manifest;
    try {
      manifest = await dumpDatabase(pglite, staging);
    } finally {
      await pglite.close();
    }
    const server = await startEmbeddedPostgres(dataDir, { log });
    try {
      await loadDatabase(server.url, staging, manifest);
    } catch (e) {
      await server.stop();
      rmSync(cluster, { recursive: true, force: true });
      throw e;
    }
    await server.stop();
    renameSync(pgliteDirOf(dataDir), movedPGliteDirOf(dataDir));
    rmSync(`${pgliteDirOf(dataDir)}.lock`, { force: true });
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    log(
      `内置数据库：已搬迁 ${String(Object.keys(manifest.tables).length)} 张表、${String(rows)} 行（${String(Date.now() - began)} ms）；旧目录改名为 ${movedPGliteDirOf(dataDir)}`,
    );
    return { tables: manifest.tables };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
