import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPlatformRepositories, openServer, registerShutdownHandlers } from '@dpms/sql';
import { buildContainer, type ContainerParts } from '../composition/modules.js';
import { DEFAULT_JSON_LIMIT } from '../composition/server-config.js';
import { createLogger } from '../http/logger.js';
import { systemClock } from '../identity/clock.js';
import { createServer } from '../server.js';
import { readingRealStatuses } from './real-statuses.js';

type Handle = ReturnType<typeof openServer>;

/**
 * One API server process on a PostgreSQL database, with the parts `more` adds to the container
 * (the test child processes differ only in those). Prints `READY <port>` once it listens; stops on
 * SIGTERM, cutting open connections first when `cutConnections` says so.
 */
export function serveChild(options: {
  readonly databaseUrl: string;
  readonly secret: string;
  readonly dataDir: string;
  readonly poolSize: number;
  readonly more: (handle: Handle) => Partial<ContainerParts>;
  readonly cutConnections?: boolean;
}): void {
  const { databaseUrl } = options;
  const handle = openServer(databaseUrl, options.poolSize);
  const container = buildContainer({
    config: {
      port: 0,
      dataDir: options.dataDir,
      databaseUrl,
      production: false,
      jsonLimitBytes: DEFAULT_JSON_LIMIT,
      webDir: undefined,
      domainURL: undefined,
    },
    logger: createLogger('silent'),
    repos: createPlatformRepositories(handle.db),
    jwtSecret: options.secret,
    clock: systemClock,
    ...options.more(handle),
  });
  const app = readingRealStatuses(createServer(container, { webDir: undefined }));
  const server = app.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    process.stdout.write(`READY ${port}\n`);
  });
  registerShutdownHandlers([
    () =>
      new Promise<void>((r) => {
        server.close(() => r());
        if (options.cutConnections === true) server.closeAllConnections();
      }),
    () => handle.close(),
  ]);
}

/** One API server process on a PostgreSQL database (the two-instance test starts two of these). */
export function main(databaseUrl: string, secret: string): void {
  serveChild({
    databaseUrl,
    secret,
    dataDir: mkdtempSync(path.join(tmpdir(), 'dpms-child-')),
    poolSize: 4,
    more: (handle) => ({ listen: (channel, sink) => handle.listen(channel, sink) }),
  });
}
