import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PlatformRepositories } from '@dpms/core';
import { createPlatformRepositories } from '@dpms/sql';
import {
  openTestDatabase as openSqlTestDatabase,
  testDatabaseKinds,
  type TestDatabaseKind,
} from '@dpms/sql/testing';
import type { DatabaseHandle } from '@dpms/sql';

export { testDatabaseKinds, type TestDatabaseKind };

export interface TestDatabase {
  readonly handle: DatabaseHandle;
  readonly repos: PlatformRepositories;
  /** A private DATA_DIR for the API's own files (avatars, the demo signing key). */
  readonly dataDir: string;
  close(): Promise<void>;
}

/** The persistence engineer's harness: a clone of the template on the run's embedded or external server. */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  const handle = await openSqlTestDatabase(kind);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dpms-api-'));
  return {
    handle,
    repos: createPlatformRepositories(handle.db),
    dataDir,
    close: async () => {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
