import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPlatformRepositories, openServer, registerShutdownHandlers } from '@dpms/sql';
import { buildContainer } from '../composition/modules.js';
import { DEFAULT_JSON_LIMIT } from '../composition/server-config.js';
import { createLogger } from '../http/logger.js';
import { systemClock } from '../identity/clock.js';
import { createServer } from '../server.js';
import { testLinkedRecords } from './approval-test-records.js';
import { readingRealStatuses } from './real-statuses.js';

/**
 * One API server process with the approval engine and the test record kind on a PostgreSQL
 * database (the approval property test starts two of these on one database). Prints
 * `READY <port>` once it listens; stops on SIGTERM.
 */
export function main(databaseUrl: string, secret: string): void {
  const handle = openServer(databaseUrl, 4);
  const container = buildContainer({
    config: {
      port: 0,
      dataDir: mkdtempSync(path.join(tmpdir(), 'dpms-approval-child-')),
      databaseUrl,
      production: false,
      jsonLimitBytes: DEFAULT_JSON_LIMIT,
      webDir: undefined,
      domainURL: undefined,
    },
    logger: createLogger('silent'),
    repos: createPlatformRepositories(handle.db),
    jwtSecret: secret,
    clock: systemClock,
    db: handle.db,
    linkedRecords: testLinkedRecords(),
  });
  const app = readingRealStatuses(createServer(container, { webDir: undefined }));
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    process.stdout.write(`READY ${port}\n`);
  });
  registerShutdownHandlers([
    () => new Promise<void>((r) => server.close(() => r())),
    () => handle.close(),
  ]);
}
