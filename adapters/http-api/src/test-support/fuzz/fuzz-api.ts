import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LocalDiskFileStore } from '@dpms/files/local';
import { SqlFileRecordRepository, type DatabaseHandle } from '@dpms/sql';
import { createApp } from '../../app.js';
import { buildContainer, filesModule } from '../../composition/modules.js';
import { answerClientErrors } from '../../http/error-middleware.js';
import type { RouteBook } from '../../http/route.js';
import { createLogger } from '../../http/logger.js';
import type { PrintClient } from '../../print/print-client.port.js';
import { printModule } from '../../print/print.module.js';
import { sqlDocumentSource } from '../../print/document-source.js';
import { DEFAULT_FILE_SERVICE_CONFIG, FileService } from '../../routes/upload.service.js';
import { TestClock } from '../api.js';
import { openTestDatabase, type TestDatabaseKind } from '../test-database.js';
import { testServerConfig } from '../test-server-config.js';
import { readingRealStatuses } from '../real-statuses.js';

/** A print service that answers a one-page PDF at once (printing itself is not under test here). */
const instantPrinter: PrintClient = {
  render: () => Promise.resolve({ ok: true, pdf: new TextEncoder().encode('%PDF-1.7\n%%EOF\n') }),
};

export interface FuzzApi {
  readonly kind: TestDatabaseKind;
  readonly book: RouteBook;
  readonly db: DatabaseHandle['db'];
  /** `http://127.0.0.1:<port>`: a real listening server, so raw bytes reach the parsers. */
  readonly origin: string;
  readonly server: Server;
  close(): Promise<void>;
}

/**
 * The whole API as main composes it (platform, domain modules, files, printing) over one test
 * database, listening on a loopback port. Its database handle is exposed so a test can read
 * every table back.
 */
export async function openFuzzApi(kind: TestDatabaseKind): Promise<FuzzApi> {
  const database = await openTestDatabase(kind);
  const root = mkdtempSync(path.join(tmpdir(), 'dpms-fuzz-'));
  const clock = new TestClock();
  const container = buildContainer({
    config: testServerConfig(database.dataDir),
    logger: createLogger('silent'),
    repos: database.repos,
    jwtSecret: 'fuzz-secret-fuzz-secret-fuzz-secret-0123456789',
    clock,
    db: database.handle.db,
  });
  const files = new FileService(
    new LocalDiskFileStore(path.join(root, 'files')),
    new SqlFileRecordRepository(database.handle.db),
    clock,
    DEFAULT_FILE_SERVICE_CONFIG,
  );
  container.load(filesModule(files));
  container.load(printModule(instantPrinter, sqlDocumentSource(database.handle.db)));
  const { app, book } = createApp(container);
  const server = createServer(readingRealStatuses(app));
  answerClientErrors(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    kind,
    book,
    db: database.handle.db,
    origin: `http://127.0.0.1:${port}`,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
