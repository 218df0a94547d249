/**
 * The databases a bench runs on, one per server and bench process: the embedded PostgreSQL 17
 * server (the binaries and start-up of `npm start`'s default) and, when installed, the Debian
 * PostgreSQL 15 server the contract tests use as the external kind (`DATABASE_URL`'s case). Each
 * holds one migrated, demo-seeded database opened with `npm start`'s pool size (10).
 *
 * Both servers run as throwaway test clusters (fsync and synchronous commit off), so the
 * embedded-against-external figure compares the servers and not two durability settings; the
 * figures that write (approvals) therefore measure the code and the database's work, not the
 * disk's flush time, on both sides of their ratio alike.
 */
import { sql } from 'kysely';
import { openServer, type DatabaseHandle } from '@dpms/sql';
import {
  createTemplateDatabase,
  postgresBinDir,
  startEmbeddedTestServer,
  startPostgresServer,
  type PostgresServer,
} from '@dpms/sql/testing';

/** `npm start`'s pool size (DATABASE_POOL_SIZE unset). */
export const POOL_SIZE = 10;

export type BenchServerKind = 'embedded' | 'external';

/** A bench server of a kind: its migrated, demo-seeded template, and copies of any database. */
export interface BenchServer {
  /** Opens a database of this server with `npm start`'s pool size. */
  open(database: string): DatabaseHandle;
  /** `CREATE DATABASE to TEMPLATE from` (no session may be open on `from`). */
  copy(from: string, to: string): Promise<void>;
  stop(): Promise<void>;
}

/** The migrated, demo-seeded database every bench server starts with. */
export const SEEDED = 'dpms_template';

async function benchServer(server: PostgresServer): Promise<BenchServer> {
  await createTemplateDatabase(server);
  return {
    open: (database) => openServer(server.urlFor(database), POOL_SIZE),
    copy: async (from, to) => {
      const admin = openServer(server.adminUrl, 1);
      try {
        await sql.raw(`create database ${to} template ${from}`).execute(admin.db);
      } finally {
        await admin.close();
      }
    },
    stop: () => server.stop(),
  };
}

/** A fresh server of that kind holding the migrated, demo-seeded {@link SEEDED} database. */
export async function startBenchServer(kind: BenchServerKind): Promise<BenchServer> {
  if (kind === 'embedded') return benchServer(await startEmbeddedTestServer());
  const bin = postgresBinDir();
  if (!bin) throw new Error('no external PostgreSQL server (/usr/lib/postgresql/15/bin)');
  return benchServer(await startPostgresServer(bin));
}

/** A migrated, demo-seeded database on a fresh server of that kind; `close()` stops the server. */
export async function openBenchDatabase(kind: BenchServerKind): Promise<DatabaseHandle> {
  const server = await startBenchServer(kind);
  const handle = server.open(SEEDED);
  let closed: Promise<void> | undefined;
  return {
    ...handle,
    close: () =>
      (closed ??= (async () => {
        await handle.close();
        await server.stop();
      })()),
  };
}

/** Whether the external server's binaries are installed (else its figure is not measured). */
export const externalAvailable = (): boolean => postgresBinDir() !== null;
