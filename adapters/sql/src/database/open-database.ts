import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { movePGliteIfPresent } from '../backup/pglite-move.js';
import { startEmbeddedPostgres, type EmbeddedServerOptions } from './embedded-postgres.js';
import { listenToChannel, type ChannelListener, type ChannelSink } from './channel-listener.js';
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
  /** `embedded`: the server under DATA_DIR/pg; `postgres`: DATABASE_URL's. */
  readonly kind: 'embedded' | 'postgres';
  /** The connection string, for a client that keeps its own pool (the job queue's). */
  readonly url: string;
  /**
   * Listens to a notification channel on a dedicated connection of its own, reconnecting while
   * the server is away (see channel-listener.ts); closed with the handle.
   */
  listen(channel: string, sink: ChannelSink): ChannelListener;
  /**
   * Closes the pool; an embedded server this handle started is stopped
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
 * with pages in the OS cache 1.1 is the usual value, and with it the planner takes the list
 * indexes for counts and non-selective filters instead of scanning whole tables (DESIGN.md §4).
 */
export const RANDOM_PAGE_COST = '1.1';

const INT8 = 20;
const DATE = 1082;

export async function openDatabase(
  config: DatabaseConfig = databaseConfigFromEnv(),
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openServer(config.databaseUrl, config.poolSize ?? 10);
  // A PGlite ./data from an earlier release is moved in first (or the start refuses, saying how).
  await movePGliteIfPresent(config.dataDir ?? './data', config.log);
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
  return {
    db: handle.db,
    kind: 'embedded',
    url: handle.url,
    listen: (channel, sink) => handle.listen(channel, sink),
    close: () => (closed ??= close()),
  };
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
  const listeners = new Set<ChannelListener>();
  let closed: Promise<void> | undefined;
  return {
    db,
    kind: 'postgres',
    url: connectionString,
    listen(channel, sink) {
      const listener = listenToChannel({
        channel,
        sink,
        pool,
        newClient: () =>
          new pg.Client({
            connectionString,
            application_name: `dpms-listen-${channel}`,
            keepAlive: true,
            keepAliveInitialDelayMillis: 10_000,
            connectionTimeoutMillis: 10_000,
            query_timeout: 10_000,
          }),
      });
      listeners.add(listener);
      return listener;
    },
    close: () =>
      (closed ??= (async () => {
        await Promise.all([...listeners].map((l) => l.close()));
        await db.destroy();
      })()),
  };
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
