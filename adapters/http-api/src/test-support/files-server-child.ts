import { createFileStore } from '@dpms/files';
import { SqlFileRecordRepository } from '@dpms/sql';
import { systemClock } from '../identity/clock.js';
import { DEFAULT_FILE_SERVICE_CONFIG, FileService } from '../routes/upload.service.js';
import { serveChild } from './server-child.js';

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
  serveChild({
    databaseUrl,
    secret,
    dataDir,
    poolSize: 8,
    more: (handle) => ({
      files: new FileService(
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
      ),
    }),
    cutConnections: true,
  });
}
