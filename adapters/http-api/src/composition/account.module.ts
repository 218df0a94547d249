import { ContainerModule } from 'inversify';
import { type LinkedRecordRegistry } from '@dpms/core';
import { KyselyUnitOfWork } from '@dpms/sql';
import type { Clock } from '../identity/clock.js';
import {
  clockAt,
  ContractAccountService,
  EmployeeCostService,
  INVOICE_RECORD_KIND,
  InvoiceService,
  ProjectAccountService,
  registerAccountRecords,
} from '@dpms/core';
import { createAccountRepositories } from '@dpms/sql';
import { accountRoutes } from '../routes/account.routes.js';
import { financeRoutes } from '../routes/finance.routes.js';
import { employeRoutes } from '../routes/employe.routes.js';
import { TOKENS } from './tokens.js';
import type { Db } from './db.js';

/**
 * Project accounts, contract accounts, invoice requests and employee costs over the
 * SQL adapter: the invoice request's linked-record handler joins `linkedRecords`, so an approved
 * invoice request (23_1) is invoiced in the approval's transaction.
 */
export const accountModule = (db: Db, linkedRecords: LinkedRecordRegistry<Db>, clock: Clock) =>
  new ContainerModule(({ bind }) => {
    if (!linkedRecords.kinds().includes(INVOICE_RECORD_KIND))
      registerAccountRecords(linkedRecords, (trx, at) =>
        createAccountRepositories(trx, linkedRecords, clockAt(at, clock)),
      );
    bind(TOKENS.AccountRoutes)
      .toResolvedValue(() => {
        const uow = new KyselyUnitOfWork(db, (trx) =>
          createAccountRepositories(trx, linkedRecords, clock),
        );
        return [
          accountRoutes(
            new ProjectAccountService(uow, clock),
            new ContractAccountService(uow, clock),
          ),
          financeRoutes(new InvoiceService(uow, clock)),
          employeRoutes(new EmployeeCostService(uow, clock)),
        ];
      })
      .inSingletonScope();
  });
