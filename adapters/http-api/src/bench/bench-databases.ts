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

async function openOn(server: PostgresServer): Promise<DatabaseHandle> {
  await createTemplateDatabase(server);
  const handle = openServer(server.urlFor('dpms_template'), POOL_SIZE);
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

/** A migrated, demo-seeded database on a fresh server of that kind; `close()` stops the server. */
export async function openBenchDatabase(kind: BenchServerKind): Promise<DatabaseHandle> {
  if (kind === 'embedded') return openOn(await startEmbeddedTestServer());
  const bin = postgresBinDir();
  if (!bin) throw new Error('no external PostgreSQL server (/usr/lib/postgresql/15/bin)');
  return openOn(await startPostgresServer(bin));
}

/** Whether the external server's binaries are installed (else its figure is not measured). */
export const externalAvailable = (): boolean => postgresBinDir() !== null;
