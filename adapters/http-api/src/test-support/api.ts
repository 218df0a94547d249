import type { Express } from 'express';
import type { Container } from 'inversify';
import request from 'supertest';
import type { PlatformRepositories } from '@dpms/core';
import { SqlJobStateRepository } from '@dpms/sql';
import { buildContainer } from '../composition/modules.js';
import { createApp } from '../app.js';
import { createLogger } from '../http/logger.js';
import type { RouteBook } from '../http/route.js';
import type { Clock } from '../identity/clock.js';
import { JobCatalogue } from '../jobs/job-catalogue.js';
import { openTestDatabase, type TestDatabase, type TestDatabaseKind } from './test-database.js';
import { testServerConfig } from './test-server-config.js';
import { readingRealStatuses } from './real-statuses.js';
import type { PrintHealth } from '../print/print-health.js';

export const DEMO_PASSWORD = 'admin123';

/** A clock tests can move forward. */
export class TestClock implements Clock {
  private offset = 0;
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}

export interface TestApi {
  readonly kind: TestDatabaseKind;
  /** The API as our clients call it (`X-DPMS-Status: http` unless a test sets the header). */
  readonly app: Express;
  /** The API as served, for RuoYi's side of the status rule (http/status-rule.ts). */
  readonly servedApp: Express;
  readonly book: RouteBook;
  readonly clock: TestClock;
  readonly repos: PlatformRepositories;
  /** The test database under the API, for what a test sets up or reads behind it. */
  readonly database: TestDatabase;
  /** The API's container, for the services a test watches (the identity cache ...). */
  readonly container: Container;
  /**
   * The jobs 定时任务 lists and runs, reading the stored states as the server's do: empty until
   * a test registers its jobs (and starts their timers).
   */
  readonly jobs: JobCatalogue;
  /** Signs in through the API (from its own address, so throttling of one test spares the rest). */
  login(userName: string, password?: string, role?: number): Promise<string>;
  close(): Promise<void>;
}

let addressCounter = 0;
/** A distinct client address per call (the API trusts X-Forwarded-For from loopback). */
export const nextAddress = (): string => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** One API over one test database (a clone of the migrated, seeded demo institute). */
export async function openTestApi(
  kind: TestDatabaseKind,
  options: {
    dataDir?: string;
    jwtSecret?: string;
    production?: boolean;
    /** 服务监控's view of the print service (by default its /health at PRINT_SERVICE_URL). */
    printHealth?: PrintHealth;
  } = {},
): Promise<TestApi> {
  const database = await openTestDatabase(kind);
  const clock = new TestClock();
  const jobs = new JobCatalogue(new SqlJobStateRepository(database.handle.db));
  const container = buildContainer({
    config: testServerConfig(options.dataDir ?? database.dataDir, options.production ?? false),
    logger: createLogger('silent'),
    repos: database.repos,
    jwtSecret: options.jwtSecret ?? 'test-secret-test-secret-test-secret-0123456789',
    clock,
    // The approval engine's routes are part of the API under test.
    db: database.handle.db,
    // ... and the identity cache, as in production.
    listen: (channel, sink) => database.handle.listen(channel, sink),
    jobs,
    ...(options.printHealth ? { printHealth: options.printHealth } : {}),
  });
  const { app: servedApp, book } = createApp(container);
  const app = readingRealStatuses(servedApp);
  return {
    kind,
    app,
    servedApp,
    book,
    clock,
    repos: database.repos,
    database,
    container,
    jobs,
    async login(userName, password = DEMO_PASSWORD, role) {
      const r = await request(app)
        .post('/prod-api/login')
        .set('X-Forwarded-For', nextAddress())
        .send({ username: userName, password, ...(role === undefined ? {} : { role }) });
      if (r.status !== 200)
        throw new Error(`login ${userName}: ${r.status} ${JSON.stringify(r.body)}`);
      return (r.body as { token: string }).token;
    },
    close: () => database.close(),
  };
}

/** The backends every integration suite runs on: the embedded server always, the external one when available. */
export { testDatabaseKinds } from './test-database.js';
