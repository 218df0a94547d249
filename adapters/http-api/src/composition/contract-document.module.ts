import { ContainerModule } from 'inversify';
import { type LinkedRecordRegistry } from '@dpms/core';
import { KyselyUnitOfWork } from '@dpms/sql';
import type { Clock } from '../identity/clock.js';
import { clockAt, ContractDocumentService, registerContractDocumentRecords } from '@dpms/core';
import { createContractDocumentRepositories } from '@dpms/sql';
import { contractDocumentRoutes } from '../routes/contract-document.routes.js';
import { TOKENS } from './tokens.js';
import type { Db } from './db.js';

/**
 * Contract documents over the SQL adapter: saving, approval through the engine in the
 * same transaction, and the document's linked-record handler in `linkedRecords`.
 */
export const contractDocumentModule = (
  db: Db,
  linkedRecords: LinkedRecordRegistry<Db>,
  clock: Clock,
) =>
  new ContainerModule(({ bind }) => {
    registerContractDocumentRecords(linkedRecords, (trx, at) =>
      createContractDocumentRepositories(trx, linkedRecords, clockAt(at, clock)),
    );
    bind(TOKENS.ContractDocumentRoutes)
      .toResolvedValue(() =>
        contractDocumentRoutes(
          new ContractDocumentService(
            new KyselyUnitOfWork(db, (trx) =>
              createContractDocumentRepositories(trx, linkedRecords, clock),
            ),
            clock,
          ),
        ),
      )
      .inSingletonScope();
  });
