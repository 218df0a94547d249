import type { TestProject } from 'vitest/node';
import { ensurePGliteTemplate } from './pglite-template.js';
import {
  createTemplateDatabase,
  postgresBinDir,
  startPostgresServer,
  type PostgresServer,
} from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite template directory; every test file copies it. */
    dpmsPGliteTemplate: string;
    /** Maintenance URL of the throwaway PostgreSQL server, or '' when none could be started. */
    dpmsPostgresAdminUrl: string;
  }
}

let server: PostgresServer | undefined;

/**
 * Vitest globalSetup: one PGlite template (cached across runs) and one PostgreSQL 15 server with a
 * migrated, seeded template database, for the whole run. Use it from a package's vitest config:
 * `globalSetup: ['@dpms/sql/testing/global-setup']` (or a file re-exporting `setup`/`teardown`).
 *
 * Without PostgreSQL binaries the server suites are skipped locally; under CI (CI set) that fails,
 * since .ci/run installs postgresql-15. TEST_DATABASE_URL names an existing server instead.
 */
export async function setup(project: TestProject): Promise<void> {
  const pglite = ensurePGliteTemplate();
  const postgres = (async (): Promise<string> => {
    const external = process.env['TEST_DATABASE_URL'];
    if (external) {
      const url = new URL(external);
      url.pathname = '/postgres';
      await createTemplateOn({ adminUrl: url.toString(), urlFor: (db) => withDb(external, db) });
      return url.toString();
    }
    const bin = postgresBinDir();
    if (!bin) {
      if (process.env['CI'])
        throw new Error(
          'PostgreSQL 15 binaries not found (/usr/lib/postgresql/15/bin): .ci/run installs postgresql-15',
        );
      console.warn('PostgreSQL binaries not found: the PostgreSQL server suites are skipped');
      return '';
    }
    server = await startPostgresServer(bin);
    await createTemplateDatabase(server);
    return server.adminUrl;
  })();
  const [template, adminUrl] = await Promise.all([pglite, postgres]);
  project.provide('dpmsPGliteTemplate', template);
  project.provide('dpmsPostgresAdminUrl', adminUrl);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  server = undefined;
}

function withDb(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function createTemplateOn(target: {
  adminUrl: string;
  urlFor: (db: string) => string;
}): Promise<void> {
  const { openServer } = await import('../database/open-database.js');
  const { adminQuery, TEMPLATE_DATABASE } = await import('./postgres-server.js');
  const admin = openServer(target.adminUrl, 1);
  try {
    await adminQuery(admin.db, `drop database if exists ${TEMPLATE_DATABASE} with (force)`);
  } finally {
    await admin.close();
  }
  await createTemplateDatabase({
    adminUrl: target.adminUrl,
    urlFor: target.urlFor,
    stop: () => Promise.resolve(),
  });
}

export default setup;
