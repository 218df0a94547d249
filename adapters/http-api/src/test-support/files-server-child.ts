import { createFileStore } from '@dpms/files';
import {
  createPlatformRepositories,
  openServer,
  registerShutdownHandlers,
  SqlFileRecordRepository,
} from '@dpms/sql';
import { buildContainer } from '../composition/modules.js';
import { DEFAULT_JSON_LIMIT } from '../composition/server-config.js';
import { createLogger } from '../http/logger.js';
import { systemClock } from '../identity/clock.js';
import { DEFAULT_FILE_SERVICE_CONFIG, FileService } from '../routes/upload.service.js';
import { createServer } from '../server.js';
import { readingRealStatuses } from './real-statuses.js';

/**
 * One API server process with the file routes, on a PostgreSQL database and a local store under
 * `dataDir/files` that several processes share (as they would share object storage), or the S3
 * store `fileStore` (s3://bucket) at `s3Endpoint`. Prints
 * `READY <port>` once it listens.
 */
export function main(
  databaseUrl: string,
  secret: string,
  dataDir: string,
  fileStore = '',
  s3Endpoint = '',
): void {
  const handle = openServer(databaseUrl, 8);
  const files = new FileService(
    createFileStore({
      fileStore,
      dataDir,
      s3Endpoint,
      accessKeyId: 'test',
      secretAccessKey: 'test',
    }),
    new SqlFileRecordRepository(handle.db),
    systemClock,
    { ...DEFAULT_FILE_SERVICE_CONFIG, maxFileBytes: 2 * 1024 ** 3 },
  );
  const container = buildContainer({
    config: {
      port: 0,
      dataDir,
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
    files,
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
        server.closeAllConnections();
      }),
    () => handle.close(),
  ]);
}
