import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { inject } from 'vitest';
import { openPGlite, openServer, type DatabaseHandle } from '../database/open-database.js';
import { clonePGliteTemplate, ensurePGliteTemplate } from './pglite-template.js';
import { adminQuery, TEMPLATE_DATABASE } from './postgres-server.js';

export { setup, teardown } from './global-setup.js';
export {
  ensurePGliteTemplate,
  clonePGliteTemplate,
  templateFingerprint,
} from './pglite-template.js';
export {
  startPostgresServer,
  postgresBinDir,
  createTemplateDatabase,
  type PostgresServer,
} from './postgres-server.js';
export { insertGeneratedUsers } from './generate.js';
export { insertGeneratedContracts } from './generate-contracts.js';
export { explainPlan, assertNoSeqScan, seqScannedRelations, type PlanNode } from './explain.js';

export type TestDatabaseKind = 'pglite' | 'postgres';

/**
 * The database kinds this run can test: PGlite always, PostgreSQL when the globalSetup started a
 * server. Use with `describe.each(testDatabaseKinds())`.
 */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return postgresAdminUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

function postgresAdminUrl(): string {
  try {
    return inject('dpmsPostgresAdminUrl');
  } catch {
    return '';
  }
}

/**
 * A private, migrated and demo-seeded database for one test file (or one test): a copy of the
 * PGlite template directory, or a `CREATE DATABASE … TEMPLATE dpms_template` on the run's server.
 * `close()` drops it.
 */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    let template: string | undefined;
    try {
      template = inject('dpmsPGliteTemplate');
    } catch {
      template = undefined;
    }
    const dataDir = clonePGliteTemplate(template || (await ensurePGliteTemplate()));
    const handle = await openPGlite(dataDir);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        rmSync(dirname(dataDir), { recursive: true, force: true });
      },
    };
  }
  const adminUrl = postgresAdminUrl();
  if (!adminUrl)
    throw new Error('no PostgreSQL test server: add @dpms/sql/testing/global-setup to globalSetup');
  const name = `dpms_test_${randomBytes(6).toString('hex')}`;
  const admin = openServer(adminUrl, 1);
  try {
    await adminQuery(admin.db, `create database ${name} template ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.close();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openServer(url.toString(), 5);
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
