import path from 'node:path';
import type { FileStore } from '@dpms/core';
import { LocalDiskFileStore } from './local-disk-file-store.js';
import { createS3Client, S3FileStore } from './s3-file-store.js';

export interface FileStoreConfig {
  /** `s3://bucket` or `s3://bucket/prefix` for object storage; empty or `local` for local disk. */
  readonly fileStore?: string | undefined;
  /** Root of the application's data; local files live in `<dataDir>/files`. */
  readonly dataDir: string;
  readonly s3Endpoint?: string | undefined;
  readonly region?: string | undefined;
  readonly accessKeyId?: string | undefined;
  readonly secretAccessKey?: string | undefined;
}

/** Reads FILE_STORE, S3_ENDPOINT (or AWS_ENDPOINT_URL_S3 / AWS_ENDPOINT_URL), AWS_REGION and the AWS keys. */
export function fileStoreConfigFromEnv(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): FileStoreConfig {
  return {
    fileStore: env['FILE_STORE'],
    dataDir,
    s3Endpoint: env['S3_ENDPOINT'] || env['AWS_ENDPOINT_URL_S3'] || env['AWS_ENDPOINT_URL'],
    region: env['AWS_REGION'] || env['AWS_DEFAULT_REGION'],
    accessKeyId: env['AWS_ACCESS_KEY_ID'],
    secretAccessKey: env['AWS_SECRET_ACCESS_KEY'],
  };
}

/** Parses `s3://bucket[/prefix]`; null for anything else. */
export function parseS3Url(url: string): { bucket: string; prefix: string } | null {
  const m = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(url.trim());
  if (!m?.[1]) return null;
  const rest = (m[2] ?? '').replace(/^\/+|\/+$/g, '');
  return { bucket: m[1], prefix: rest ? `${rest}/` : '' };
}

/** Local disk under `<dataDir>/files` by default; S3-compatible storage for `FILE_STORE=s3://…`. */
export function createFileStore(config: FileStoreConfig): FileStore {
  const setting = config.fileStore?.trim() ?? '';
  if (setting === '' || setting === 'local') {
    return new LocalDiskFileStore(path.resolve(config.dataDir, 'files'));
  }
  const s3 = parseS3Url(setting);
  if (!s3)
    throw new Error(`FILE_STORE must be empty, "local" or s3://bucket[/prefix], got ${setting}`);
  const client = createS3Client({
    ...(config.s3Endpoint ? { endpoint: config.s3Endpoint } : {}),
    ...(config.region ? { region: config.region } : {}),
    ...(config.accessKeyId ? { accessKeyId: config.accessKeyId } : {}),
    ...(config.secretAccessKey ? { secretAccessKey: config.secretAccessKey } : {}),
  });
  return new S3FileStore({ client, bucket: s3.bucket, prefix: s3.prefix });
}
