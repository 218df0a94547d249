import { createFileStore, fileStoreConfigFromEnv, LocalDiskFileStore } from '@dpms/files';
import { SqlFileRecordRepository, type DatabaseHandle } from '@dpms/sql';
import type { Clock } from '../identity/clock.js';
import { FileService, fileServiceConfigFromEnv } from './upload.service.js';

/**
 * The file service of a server process: the store FILE_STORE names (local disk under
 * DATA_DIR/files by default, or s3://bucket with S3_ENDPOINT and the AWS_* variables), the file
 * records in the database, the UPLOAD_* limits. Writes a crashed process left in the local
 * store's tmp are swept (older than an hour, so a live instance's writes are left alone).
 */
export function createFileServiceFromEnv(
  db: DatabaseHandle['db'],
  dataDir: string,
  clock: Clock,
  env: NodeJS.ProcessEnv = process.env,
): FileService {
  const store = createFileStore(fileStoreConfigFromEnv(dataDir, env));
  if (store instanceof LocalDiskFileStore) void store.sweepTemp(3_600_000).catch(() => undefined);
  return new FileService(
    store,
    new SqlFileRecordRepository(db),
    clock,
    fileServiceConfigFromEnv(env),
  );
}
