import { ContainerModule } from 'inversify';
import { type LinkedRecordRegistry } from '@dpms/core';
import { KyselyUnitOfWork } from '@dpms/sql';
import type { Clock } from '../identity/clock.js';
import { clockAt, FundPayService, FUND_PAY_RECORD_KIND, registerFundPayRecords } from '@dpms/core';
import { createFundPayRepositories } from '@dpms/sql';
import { fundPayRoutes } from '../routes/fund-pay.routes.js';
import { TOKENS } from './tokens.js';
import type { Db } from './db.js';

/**
 * Fund payments and payment plans over the SQL adapter: the payment's linked-record
 * handler joins `linkedRecords`, so an approved payment (20_1, 16_1, 16_2) is paid through the fund
 * ledger in the approval's transaction.
 */
export const fundPayModule = (db: Db, linkedRecords: LinkedRecordRegistry<Db>, clock: Clock) =>
  new ContainerModule(({ bind }) => {
    if (!linkedRecords.kinds().includes(FUND_PAY_RECORD_KIND))
      registerFundPayRecords(linkedRecords, (trx, at) =>
        createFundPayRepositories(trx, linkedRecords, clockAt(at, clock)),
      );
    bind(TOKENS.FundPayRoutes)
      .toResolvedValue(() =>
        fundPayRoutes(
          new FundPayService(
            new KyselyUnitOfWork(db, (trx) => createFundPayRepositories(trx, linkedRecords, clock)),
            clock,
          ),
        ),
      )
      .inSingletonScope();
  });
