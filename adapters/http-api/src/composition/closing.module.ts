import { ContainerModule } from 'inversify';
import { type LinkedRecordRegistry } from '@dpms/core';
import { KyselyUnitOfWork } from '@dpms/sql';
import type { Clock } from '../identity/clock.js';
import {
  ArchiveService,
  CLOSING_RECORD_KIND,
  ClosingService,
  registerClosedCaseRecords,
} from '@dpms/core';
import {
  ARCHIVE_BORROW_RECORD_KIND,
  ArchiveBorrowService,
  clockAt,
  registerArchiveRecords,
} from '@dpms/core';
import { createArchiveRepositories, createClosedCaseRepositories } from '@dpms/sql';
import { closedCaseRoutes } from '../routes/closed-case.routes.js';
import { FinishService } from '@dpms/core';
import { createFinishRepositories } from '@dpms/sql';
import { finishRoutes } from '../routes/finish.routes.js';
import { archivesRoutes } from '../routes/archives.routes.js';
import type { FileService } from '../routes/upload.service.js';
import { TOKENS } from './tokens.js';
import type { Db } from './db.js';

/**
 * Closed cases and settlements, and archives over the SQL adapter: the closing's
 * linked-record handler joins `linkedRecords`, so an approved closing (11_2) or settlement (11_1)
 * moves its record and writes its amounts onto the contract in the approval's transaction.
 */
export const closingArchiveModule = (
  db: Db,
  linkedRecords: LinkedRecordRegistry<Db>,
  clock: Clock,
) =>
  new ContainerModule(({ bind }) => {
    if (!linkedRecords.kinds().includes(CLOSING_RECORD_KIND))
      registerClosedCaseRecords(linkedRecords, (trx, at) =>
        createClosedCaseRepositories(trx, linkedRecords, clockAt(at, clock)),
      );
    if (!linkedRecords.kinds().includes(ARCHIVE_BORROW_RECORD_KIND))
      registerArchiveRecords(linkedRecords, (trx, at) =>
        createArchiveRepositories(trx, linkedRecords, clockAt(at, clock)),
      );
    bind(TOKENS.ClosingArchiveRoutes)
      .toResolvedValue(
        (files?: FileService) => [
          closedCaseRoutes(
            new ClosingService(
              new KyselyUnitOfWork(db, (trx) =>
                createClosedCaseRepositories(trx, linkedRecords, clock),
              ),
              clock,
            ),
          ),
          finishRoutes(
            new FinishService(
              new KyselyUnitOfWork(db, (trx) => createFinishRepositories(trx)),
              clock,
            ),
          ),
          archivesRoutes(
            new ArchiveService(
              new KyselyUnitOfWork(db, (trx) =>
                createArchiveRepositories(trx, linkedRecords, clock),
              ),
              clock,
            ),
            new ArchiveBorrowService(
              new KyselyUnitOfWork(db, (trx) =>
                createArchiveRepositories(trx, linkedRecords, clock),
              ),
              clock,
            ),
            files,
          ),
        ],
        [{ serviceIdentifier: TOKENS.Files, optional: true }],
      )
      .inSingletonScope();
  });
