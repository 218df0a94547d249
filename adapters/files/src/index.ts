// @dpms/files: the FileStore port's adapters (DESIGN §6): local disk (default) and S3-compatible
// object storage, and the choice between them from the environment.
export { LocalDiskFileStore } from './local-disk-file-store.js';
export {
  createS3Client,
  S3FileStore,
  S3_MAX_PARTS,
  S3_MIN_PART_SIZE,
  type S3ClientOptions,
  type S3FileStoreOptions,
} from './s3-file-store.js';
export {
  createFileStore,
  fileStoreConfigFromEnv,
  parseS3Url,
  type FileStoreConfig,
} from './file-store-from-env.js';
