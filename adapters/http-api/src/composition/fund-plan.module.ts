import { ContainerModule } from 'inversify';
import { type LinkedRecordRegistry } from '@dpms/core';
import { KyselyUnitOfWork } from '@dpms/sql';
import type { Clock } from '../identity/clock.js';
import {
  clockAt,
  FundPlanService,
  FUND_PLAN_RECORD_KIND,
  registerFundPlanRecords,
} from '@dpms/core';
import { createFundPlanRepositories } from '@dpms/sql';
import { fundPlanRoutes } from '../routes/fund-plan/index.js';
import { TOKENS } from './tokens.js';
import type { Db } from './db.js';

/**
 * Monthly fund plans and fund execution over the SQL adapter: their linked-record
 * handlers join `linkedRecords`, so an approved plan (8_1, 8_2) becomes its month's plan and an
 * approved execution (9_1, 9_2, 26_x) records its amounts in the approval's transaction.
 */
export const fundPlanModule = (db: Db, linkedRecords: LinkedRecordRegistry<Db>, clock: Clock) =>
  new ContainerModule(({ bind }) => {
    if (!linkedRecords.kinds().includes(FUND_PLAN_RECORD_KIND))
      registerFundPlanRecords(linkedRecords, (trx, at) =>
        createFundPlanRepositories(trx, linkedRecords, clockAt(at, clock)),
      );
    bind(TOKENS.FundPlanRoutes)
      .toResolvedValue(() =>
        fundPlanRoutes(
          new FundPlanService(
            new KyselyUnitOfWork(db, (trx) =>
              createFundPlanRepositories(trx, linkedRecords, clock),
            ),
            clock,
          ),
        ),
      )
      .inSingletonScope();
  });
