import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { testLinkedRecords } from './approval-test-records.js';
import { serveChild } from './server-child.js';

/**
 * One API server process with the approval engine and the test record kind on a PostgreSQL
 * database (the approval property test starts two of these on one database). Prints
 * `READY <port>` once it listens; stops on SIGTERM.
 */
export function main(databaseUrl: string, secret: string): void {
  serveChild({
    databaseUrl,
    secret,
    dataDir: mkdtempSync(path.join(tmpdir(), 'dpms-approval-child-')),
    poolSize: 4,
    more: (handle) => ({ db: handle.db, linkedRecords: testLinkedRecords() }),
  });
}
