import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { LocalDiskFileStore } from '@dpms/files/local';
import { SqlExportJobRepository, SqlFileRecordRepository } from '@dpms/sql';
import { buildContainer } from '../composition/modules.js';
import { ExportJobs } from '../http/export-jobs.js';
import { createApp } from '../app.js';
import { createLogger } from '../http/logger.js';
import {
  DEFAULT_FILE_SERVICE_CONFIG,
  FileService,
  type FileServiceConfig,
} from '../routes/upload.service.js';
import { DEMO_PASSWORD, nextAddress, TestClock } from './api.js';
import { openTestDatabase, type TestDatabase, type TestDatabaseKind } from './test-database.js';
import { testServerConfig } from './test-server-config.js';
import { readingRealStatuses } from './real-statuses.js';

export interface FilesTestApi {
  readonly app: Express;
  readonly files: FileService;
  /** Large exports in the background (with `exportJobs`). */
  readonly exportJobs: ExportJobs | undefined;
  readonly store: LocalDiskFileStore;
  /** The store's root directory (objects/ and tmp/ below it). */
  readonly storeRoot: string;
  /** A directory beside the store, for files that must never be reachable. */
  readonly outside: string;
  readonly clock: TestClock;
  /** The test database under the API (to seed rows a test needs). */
  readonly database: TestDatabase;
  /** The API's DATA_DIR (avatars live in avatars/ below it). */
  readonly dataDir: string;
  login(userName: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * One API with the file routes over a test database and a private local store; `withDomain` adds
 * the domain modules (the approval engine with the signature upload, contracts ...).
 */
export async function openFilesTestApi(
  kind: TestDatabaseKind,
  config: Partial<FileServiceConfig> = {},
  options: { readonly withDomain?: boolean; readonly exportJobs?: boolean } = {},
): Promise<FilesTestApi> {
  const database = await openTestDatabase(kind);
  const root = mkdtempSync(path.join(tmpdir(), 'dpms-files-api-'));
  const storeRoot = path.join(root, 'files');
  const outside = path.join(root, 'outside');
  const store = new LocalDiskFileStore(storeRoot);
  const clock = new TestClock();
  const files = new FileService(store, new SqlFileRecordRepository(database.handle.db), clock, {
    ...DEFAULT_FILE_SERVICE_CONFIG,
    ...config,
  });
  const exportJobs = options.exportJobs
    ? new ExportJobs({
        repo: new SqlExportJobRepository(database.handle.db),
        files,
        now: () => clock.now(),
        logger: createLogger('silent'),
        workDir: path.join(root, 'exports'),
      })
    : undefined;
  const container = buildContainer({
    config: testServerConfig(database.dataDir),
    logger: createLogger('silent'),
    repos: database.repos,
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    clock,
    files,
    ...(options.withDomain ? { db: database.handle.db } : {}),
    ...(exportJobs ? { exportJobs } : {}),
  });
  const app = readingRealStatuses(createApp(container).app);
  return {
    app,
    files,
    exportJobs,
    store,
    storeRoot,
    outside,
    clock,
    database,
    dataDir: database.dataDir,
    async login(userName) {
      const r = await request(app)
        .post('/prod-api/login')
        .set('X-Forwarded-For', nextAddress())
        .send({ username: userName, password: DEMO_PASSWORD });
      if (r.status !== 200) throw new Error(`login ${userName}: ${r.status}`);
      return (r.body as { token: string }).token;
    },
    close: async () => {
      await exportJobs?.settled();
      await database.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export const md5 = (b: Uint8Array): string => createHash('md5').update(b).digest('hex');

/** Deterministic bytes (xorshift), so a test can regenerate any part of a file. */
export function patternBytes(size: number, seed = 1): Buffer {
  const out = Buffer.alloc(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** A minimal file whose first bytes are those of its type. */
export function sample(
  ext: 'pdf' | 'png' | 'txt' | 'docx' | 'zip',
  size: number,
  seed = 1,
): Buffer {
  const body = patternBytes(size, seed);
  const heads: Record<string, Buffer> = {
    pdf: Buffer.from('%PDF-1.7\n'),
    png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    docx: Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    zip: Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    txt: Buffer.alloc(0),
  };
  if (ext === 'txt') return Buffer.from(body.toString('base64').slice(0, size));
  const head = heads[ext] ?? Buffer.alloc(0);
  head.copy(body, 0);
  return body;
}

/** A Windows executable's first bytes (MZ … PE). */
export function executable(size = 4096): Buffer {
  const b = patternBytes(size, 99);
  b.write('MZ', 0, 'latin1');
  b.write('This program cannot be run in DOS mode.', 78, 'latin1');
  return b;
}
