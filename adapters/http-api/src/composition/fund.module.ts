import { ContainerModule } from 'inversify';
import { type LinkedRecordRegistry } from '@dpms/core';
import { KyselyUnitOfWork } from '@dpms/sql';
import type { Clock } from '../identity/clock.js';
import { clockAt, FundService, LOAN_RECORD_KIND, registerFundRecords } from '@dpms/core';
import { createFundRepositories } from '@dpms/sql';
import { fundRoutes } from '../routes/fund/index.js';
import { TOKENS } from './tokens.js';
import type { Db } from './db.js';

/**
 * Back money, loans and repayments over the SQL adapter: every movement in one
 * transaction with its ledger lines; the loan's linked-record handler joins `linkedRecords`, so an
 * approved loan agreement (10_1) posts the loan in the approval's transaction.
 */
export const fundModule = (db: Db, linkedRecords: LinkedRecordRegistry<Db>, clock: Clock) =>
  new ContainerModule(({ bind }) => {
    if (!linkedRecords.kinds().includes(LOAN_RECORD_KIND))
      registerFundRecords(linkedRecords, (trx, at) =>
        createFundRepositories(trx, linkedRecords, clockAt(at, clock)),
      );
    bind(TOKENS.FundRoutes)
      .toResolvedValue(() =>
        fundRoutes(
          new FundService(
            new KyselyUnitOfWork(db, (trx) => createFundRepositories(trx, linkedRecords, clock)),
            clock,
          ),
        ),
      )
      .inSingletonScope();
  });
