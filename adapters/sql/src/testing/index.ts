import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openServer, type DatabaseHandle } from '../database/open-database.js';
import { startEmbeddedTestServer } from './embedded-test-server.js';
import { adminQuery, createTemplateDatabase, TEMPLATE_DATABASE } from './postgres-server.js';

export { setup, teardown } from './global-setup.js';
export { startEmbeddedTestServer } from './embedded-test-server.js';
export {
  startPostgresServer,
  postgresBinDir,
  createTemplateDatabase,
  type PostgresServer,
} from './postgres-server.js';
export { insertGeneratedUsers } from './generate.js';
export { insertGeneratedContracts } from './generate-contracts.js';
export { explainPlan, assertNoSeqScan, seqScannedRelations, type PlanNode } from './explain.js';

/**
 * `embedded`: the run's embedded PostgreSQL 17 server (what `npm start` runs); `postgres`: the
 * run's second, external PostgreSQL 15 server (what `DATABASE_URL` selects).
 */
export type TestDatabaseKind = 'embedded' | 'postgres';

/**
 * The database kinds this run can test: the embedded server always, the external one when the
 * globalSetup started it. Use with `describe.each(testDatabaseKinds())`.
 */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return provided('dpmsPostgresAdminUrl') ? ['embedded', 'postgres'] : ['embedded'];
}

function provided(key: 'dpmsEmbeddedAdminUrl' | 'dpmsPostgresAdminUrl'): string {
  try {
    return inject(key);
  } catch {
    return '';
  }
}

let local: Promise<string> | undefined;

/**
 * The maintenance URL of a kind's server. Outside Vitest (the benches run through the TypeScript
 * runner) there is no globalSetup: the embedded kind then starts one server with its template for
 * this process, stopped by its watchdog when the process ends.
 */
async function adminUrlOf(kind: TestDatabaseKind): Promise<string> {
  const url = provided(kind === 'embedded' ? 'dpmsEmbeddedAdminUrl' : 'dpmsPostgresAdminUrl');
  if (url) return url;
  if (kind === 'embedded') {
    local ??= (async () => {
      const server = await startEmbeddedTestServer();
      await createTemplateDatabase(server);
      return server.adminUrl;
    })();
    return local;
  }
  throw new Error('no PostgreSQL test server: add @dpms/sql/testing/global-setup to globalSetup');
}

/** A new database on a kind's server: a clone of the template, or empty. `close()` drops it. */
async function createDatabase(
  kind: TestDatabaseKind,
  from: 'template' | 'empty',
  poolSize: number,
): Promise<DatabaseHandle> {
  const adminUrl = await adminUrlOf(kind);
  const name = `dpms_test_${randomBytes(6).toString('hex')}`;
  const admin = openServer(adminUrl, 1);
  try {
    await adminQuery(
      admin.db,
      from === 'template'
        ? `create database ${name} template ${TEMPLATE_DATABASE}`
        : `create database ${name}`,
    );
  } finally {
    await admin.close();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openServer(url.toString(), poolSize);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const drop = openServer(adminUrl, 1);
      try {
        await adminQuery(drop.db, `drop database if exists ${name} with (force)`);
      } finally {
        await drop.close();
      }
    },
  };
}

/**
 * A private, migrated and demo-seeded database for one test file (or one test):
 * `CREATE DATABASE … TEMPLATE dpms_template` on the run's server of that kind. `close()` drops it.
 */
export function openTestDatabase(kind: TestDatabaseKind): Promise<DatabaseHandle> {
  return createDatabase(kind, 'template', 5);
}

/**
 * A second handle (its own pool, its own listeners) on the database `of` opened: what a second
 * API process on the same database holds. Close it before `of`.
 */
export async function openSecondHandle(
  kind: TestDatabaseKind,
  of: DatabaseHandle,
  poolSize = 5,
): Promise<DatabaseHandle> {
  return openServer(await testDatabaseUrl(kind, of), poolSize);
}

/** The connection string of the database `of` opened, for a test's own pg clients. */
export async function testDatabaseUrl(kind: TestDatabaseKind, of: DatabaseHandle): Promise<string> {
  const row = await of.db
    .selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name'))
    .executeTakeFirstOrThrow();
  const url = new URL(await adminUrlOf(kind));
  url.pathname = `/${row.name}`;
  return url.toString();
}

/** An empty database (no migration, no seed) on the run's server of that kind. */
export function openEmptyTestDatabase(
  kind: TestDatabaseKind = 'embedded',
): Promise<DatabaseHandle> {
  return createDatabase(kind, 'empty', 2);
}
