import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.js';
import { startEmbeddedPostgres, type EmbeddedServerOptions } from './embedded-postgres.js';
import type { Database } from './schema.js';

export interface DatabaseConfig {
  /** A PostgreSQL server (`postgres://…`); when absent the embedded PostgreSQL server is used. */
  readonly databaseUrl?: string;
  /** Root of the application's data; the embedded cluster is `<dataDir>/pg`. Default `./data`. */
  readonly dataDir?: string;
  /** Server pool size (default 10). */
  readonly poolSize?: number;
  /** Start-up lines of the embedded server (console.log when absent). */
  readonly log?: EmbeddedServerOptions['log'];
}

export interface DatabaseHandle {
  readonly db: Kysely<Database>;
  /** `embedded`: the server under DATA_DIR/pg; `postgres`: DATABASE_URL's; `pglite`: tests only. */
  readonly kind: 'embedded' | 'pglite' | 'postgres';
  /** The PGlite data directory, when PGlite. */
  readonly dataDir?: string;
  /**
   * Closes the pool (or the PGlite handle); an embedded server this handle started is stopped
   * too, one it found running (a supervisor's) is left running. Idempotent.
   */
  close(): Promise<void>;
}

/** Reads DATABASE_URL, DATA_DIR and DATABASE_POOL_SIZE. */
export function databaseConfigFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseConfig {
  const databaseUrl = env['DATABASE_URL'];
  const dataDir = env['DATA_DIR'];
  const poolSize = Number(env['DATABASE_POOL_SIZE']);
  return {
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(dataDir ? { dataDir } : {}),
    ...(Number.isInteger(poolSize) && poolSize > 0 ? { poolSize } : {}),
  };
}

/**
 * Planner cost of a random page read. PostgreSQL's default (4) models spinning disks; on SSDs and
 * on PGlite (pages in the OS cache) 1.1 is the usual value, and with it the planner takes the list
 * indexes for counts and non-selective filters instead of scanning whole tables (DESIGN.md §4).
 */
export const RANDOM_PAGE_COST = '1.1';

const INT8 = 20;
const DATE = 1082;

/** Same value types from both drivers: int8 as number (ids, counts), date as `yyyy-MM-dd` text. */
const pgliteParsers = {
  [INT8]: (v: string) => Number(v),
  [DATE]: (v: string) => v,
};

export async function openDatabase(
  config: DatabaseConfig = databaseConfigFromEnv(),
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openServer(config.databaseUrl, config.poolSize ?? 10);
  const server = await startEmbeddedPostgres(
    config.dataDir ?? './data',
    config.log ? { log: config.log } : {},
  );
  const handle = openServer(server.url, config.poolSize ?? 10);
  let closed: Promise<void> | undefined;
  const close = async (): Promise<void> => {
    await handle.close();
    await server.stop();
  };
  return { db: handle.db, kind: 'embedded', close: () => (closed ??= close()) };
}

/** Opens a PostgreSQL server through a pg Pool. */
export function openServer(connectionString: string, max = 10): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max,
    options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8) return (v: string) => Number(v);
        if (oid === DATE) return (v: string) => v;
        // eslint-disable-next-line @typescript-eslint/no-unsafe-return -- pg types its parsers as any
        return format === 'binary'
          ? pg.types.getTypeParser(oid, 'binary')
          : pg.types.getTypeParser(oid);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', (e) => console.error('database pool error:', e.message));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closed: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    close: () => (closed ??= db.destroy()),
  };
}

/**
 * Opens (creating when missing) an embedded PGlite data directory. A lock file refuses a second
 * process on the same directory, which PGlite would corrupt; a lock left by a killed process is
 * taken over.
 */
export async function openPGlite(dir: string): Promise<DatabaseHandle> {
  mkdirSync(dir, { recursive: true });
  const lockFile = `${dir}.lock`;
  takeLock(lockFile);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      dataDir: dir,
      parsers: pgliteParsers,
      // Trigram indexes of the contains-filters (migration 0031).
      extensions: { pg_trgm },
    });
  } catch (e) {
    rmSync(lockFile, { force: true });
    throw e;
  }
  await pglite.exec(`set random_page_cost = ${RANDOM_PAGE_COST}`);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  let closed: Promise<void> | undefined;
  const close = async (): Promise<void> => {
    await db.destroy();
    if (!pglite.closed) await pglite.close();
    rmSync(lockFile, { force: true });
  };
  return { db, kind: 'pglite', dataDir: dir, close: () => (closed ??= close()) };
}

function takeLock(lockFile: string): void {
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
    return;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const holder = Number(readFileSync(lockFile, 'utf8'));
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
    throw new Error(`数据库目录正被进程 ${holder} 使用：${lockFile}`);
  }
  writeFileSync(lockFile, String(process.pid));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export type Closer = () => Promise<void> | void;

/**
 * On SIGINT or SIGTERM runs the closers in order (e.g. stop the HTTP server, then the database)
 * and exits; a second signal exits at once. Returns a function that removes the handlers.
 */
export function registerShutdownHandlers(
  closers: Closer | readonly Closer[],
  options: {
    readonly exit?: (code: number) => void;
    readonly signals?: readonly NodeJS.Signals[];
  } = {},
): () => void {
  const list = typeof closers === 'function' ? [closers] : closers;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const signals = options.signals ?? ['SIGINT', 'SIGTERM'];
  let stopping = false;
  const handler = (signal: NodeJS.Signals): void => {
    if (stopping) {
      exit(130);
      return;
    }
    stopping = true;
    void (async () => {
      let code = 0;
      for (const close of list) {
        try {
          await close();
        } catch (e) {
          code = 1;
          console.error(`shutdown on ${signal}:`, e);
        }
      }
      exit(code);
    })();
  };
  for (const s of signals) process.on(s, handler);
  return () => {
    for (const s of signals) process.off(s, handler);
  };
}
