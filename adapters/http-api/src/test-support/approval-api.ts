import path from 'node:path';
import type { Express } from 'express';
import { LocalDiskFileStore } from '@dpms/files/local';
import { SqlFileRecordRepository } from '@dpms/sql';
import { DEFAULT_FILE_SERVICE_CONFIG, FileService } from '../routes/upload.service.js';
import request from 'supertest';
import { openServer, type DatabaseHandle } from '@dpms/sql';
import { inject } from 'vitest';
import { createApp } from '../app.js';
import { buildContainer } from '../composition/modules.js';
import { createLogger } from '../http/logger.js';
import { DEMO_PASSWORD, nextAddress, TestClock } from './api.js';
import { createTestRecordTable, testLinkedRecords } from './approval-test-records.js';
import { openTestDatabase, type TestDatabase, type TestDatabaseKind } from './test-database.js';
import { createPlatformRepositories } from '@dpms/sql';
import { testServerConfig } from './test-server-config.js';
import { readingRealStatuses } from './real-statuses.js';

export { standInRecord, TEST_RECORD_KIND, testLinkedRecords } from './approval-test-records.js';

export interface ApprovalTestApi {
  readonly kind: TestDatabaseKind;
  readonly database: TestDatabase;
  readonly app: Express;
  login(userName: string, role?: number): Promise<string>;
  /** A second API instance (its own pool) on the same database: PostgreSQL only. */
  secondInstance(): Promise<{ app: Express; close(): Promise<void> }>;
  close(): Promise<void>;
}

function appOver(handle: DatabaseHandle, dataDir: string): Express {
  const clock = new TestClock();
  // The upload routes too, over a disk store under the test's data directory: the lifecycle
  // suites upload the files their records name.
  const files = new FileService(
    new LocalDiskFileStore(path.join(dataDir, 'files')),
    new SqlFileRecordRepository(handle.db),
    clock,
    DEFAULT_FILE_SERVICE_CONFIG,
  );
  const container = buildContainer({
    config: testServerConfig(dataDir),
    logger: createLogger('silent'),
    repos: createPlatformRepositories(handle.db),
    jwtSecret: 'approval-secret-approval-secret-approval-0123',
    clock,
    db: handle.db,
    linkedRecords: testLinkedRecords(),
    files,
    // The identity cache, as in production: the domain suites run on the same path.
    listen: (channel, sink) => handle.listen(channel, sink),
  });
  return readingRealStatuses(createApp(container).app);
}

export async function openApprovalApi(kind: TestDatabaseKind): Promise<ApprovalTestApi> {
  const database = await openTestDatabase(kind);
  await createTestRecordTable(database.handle.db);
  const app = appOver(database.handle, database.dataDir);
  return {
    kind,
    database,
    app,
    async login(userName, role) {
      const r = await request(app)
        .post('/prod-api/login')
        .set('X-Forwarded-For', nextAddress())
        .send({
          username: userName,
          password: DEMO_PASSWORD,
          ...(role === undefined ? {} : { role }),
        });
      if (r.status !== 200)
        throw new Error(`login ${userName}: ${r.status} ${JSON.stringify(r.body)}`);
      return (r.body as { token: string }).token;
    },
    async secondInstance() {
      if (kind !== 'postgres') throw new Error('a second instance needs the PostgreSQL server');
      const row = await database.handle.db
        .selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name'))
        .executeTakeFirstOrThrow();
      const url = new URL(inject('dpmsPostgresAdminUrl'));
      url.pathname = `/${row.name}`;
      const handle = openServer(url.toString(), 5);
      return { app: appOver(handle, database.dataDir), close: () => handle.close() };
    },
    close: () => database.close(),
  };
}
