import type { TestProject } from 'vitest/node';
import { startEmbeddedTestServer } from './embedded-test-server.js';
import {
  createTemplateDatabase,
  postgresBinDir,
  startPostgresServer,
  type PostgresServer,
} from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Maintenance URL of the run's embedded PostgreSQL 17 server (the product's default). */
    dpmsEmbeddedAdminUrl: string;
    /** Maintenance URL of the run's second, external PostgreSQL server, or '' when none. */
    dpmsPostgresAdminUrl: string;
  }
}

const servers: PostgresServer[] = [];

/**
 * Vitest globalSetup: one throwaway embedded PostgreSQL 17 server (the binaries `npm start` runs)
 * and one Debian PostgreSQL 15 server, each with a migrated, demo-seeded template database that
 * every test file clones (`CREATE DATABASE … TEMPLATE dpms_template`). Use it from a package's
 * vitest config: `globalSetup: ['@dpms/sql/testing/global-setup']` (or a file re-exporting
 * `setup`/`teardown`).
 *
 * The second server is the "external PostgreSQL" the repository contract tests also run on.
 * Without its binaries those suites are skipped locally; under CI (CI set) that fails, since
 * .ci/run installs postgresql-15. TEST_DATABASE_URL names an existing server instead.
 */
export async function setup(project: TestProject): Promise<void> {
  const embedded = (async (): Promise<string> => {
    const server = await startEmbeddedTestServer();
    servers.push(server);
    await createTemplateDatabase(server);
    return server.adminUrl;
  })();
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
    const server = await startPostgresServer(bin);
    servers.push(server);
    await createTemplateDatabase(server);
    return server.adminUrl;
  })();
  const [embeddedUrl, postgresUrl] = await Promise.all([embedded, postgres]);
  project.provide('dpmsEmbeddedAdminUrl', embeddedUrl);
  project.provide('dpmsPostgresAdminUrl', postgresUrl);
}

export async function teardown(): Promise<void> {
  for (const server of servers.splice(0)) await server.stop();
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
