import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedBinaries, startEmbeddedPostgres } from '../database/embedded-postgres.js';
import { watchOwner, type PostgresServer } from './postgres-server.js';

/**
 * A throwaway embedded PostgreSQL 17 server for one test run: the same binaries and start-up as
 * `npm start`'s, in a temporary DATA_DIR, without durability (fsync off). Stopped and removed by
 * `stop()`, or by a watchdog once the process that started it is gone (a killed run).
 */
export async function startEmbeddedTestServer(): Promise<PostgresServer> {
  const root = mkdtempSync(join(tmpdir(), 'dpms-epg-'));
  let server;
  try {
    server = await startEmbeddedPostgres(root, { throwaway: true, log: () => undefined });
  } catch (e) {
    rmSync(root, { recursive: true, force: true });
    throw e;
  }
  const { pgCtl } = await embeddedBinaries();
  watchOwner(pgCtl, server.cluster, root, process.getuid?.() === 0);
  let stopped = false;
  const started = server;
  return {
    adminUrl: started.adminUrl,
    urlFor: (database) => started.urlFor(database),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      try {
        await started.stop();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
