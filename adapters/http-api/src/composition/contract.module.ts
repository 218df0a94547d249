import { ContainerModule } from 'inversify';
import {
  clockAt,
  CONTRACT_RECORD_KIND,
  ContractChildService,
  CONTRACT_CHANGE_RECORD_KIND,
  CONTRACT_CHILD_RECORD_KIND,
  ContractExportService,
  ContractFileService,
  ExtendSubContractService,
  ContractService,
  LIXIANG_RECORD_KIND,
  LixiangChangeService,
  LixiangService,
  registerContractChangeRecords,
  registerContractChildRecords,
  registerContractRecords,
  registerLixiangRecords,
  type LinkedRecordRegistry,
} from '@dpms/core';
import {
  createContractChildRepositories,
  createContractRepositories,
  createLixiangRepositories,
  KyselyUnitOfWork,
  createContractExportRepositories,
  createContractFileRepositories,
  createExtendSubContractRepositories,
} from '@dpms/sql';
import type { Clock } from '../identity/clock.js';
import { contractRoutes } from '../routes/contract/index.js';
import { contractChildRoutes } from '../routes/contract-child.routes.js';
import { lixiangRoutes } from '../routes/lixiang.routes.js';
import { extendSubContractRoutes } from '../routes/extend-sub-contract.routes.js';
import type { RouteModule } from '../routes/route-module.js';
import { TOKENS } from './tokens.js';
import type { Db } from './db.js';

/**
 * Contracts over the SQL adapter: the use cases' unit of work binds the contract ports,
 * with the approval engine in the same transaction, and the contract's linked-record handler
 * joins `linkedRecords` so an approved review makes the contract formal.
 */
export const contractModule = (db: Db, linkedRecords: LinkedRecordRegistry<Db>, clock: Clock) =>
  new ContainerModule(({ bind }) => {
    const contractRepositories = (trx: Db, at?: Date) =>
      createContractRepositories(trx, linkedRecords, clockAt(at, clock));
    if (!linkedRecords.kinds().includes(CONTRACT_RECORD_KIND))
      registerContractRecords(linkedRecords, contractRepositories);
    if (!linkedRecords.kinds().includes(LIXIANG_RECORD_KIND))
      registerLixiangRecords(linkedRecords, (trx, at) =>
        createLixiangRepositories(trx, linkedRecords, clockAt(at, clock)),
      );
    if (!linkedRecords.kinds().includes(CONTRACT_CHILD_RECORD_KIND))
      registerContractChildRecords(linkedRecords, (trx) => createContractChildRepositories(trx));
    if (!linkedRecords.kinds().includes(CONTRACT_CHANGE_RECORD_KIND))
      registerContractChangeRecords(linkedRecords, contractRepositories);
    bind(TOKENS.ContractRoutes)
      .toResolvedValue(() => {
        const uow = new KyselyUnitOfWork(db, (trx) =>
          createContractRepositories(trx, linkedRecords, clock),
        );
        const exports = new ContractExportService(
          new KyselyUnitOfWork(db, createContractExportRepositories),
        );
        const contracts = contractRoutes(new ContractService(uow, clock), {
          files: new ContractFileService(
            new KyselyUnitOfWork(db, createContractFileRepositories),
            clock,
          ),
          exports,
        });
        const children = contractChildRoutes(
          new ContractChildService(
            new KyselyUnitOfWork(db, (trx) =>
              createContractChildRepositories(trx, linkedRecords, clock),
            ),
            clock,
          ),
        );
        const filingUow = new KyselyUnitOfWork(db, (trx) =>
          createLixiangRepositories(trx, linkedRecords, clock),
        );
        const filings = lixiangRoutes(
          new LixiangService(filingUow, clock),
          exports,
          new LixiangChangeService(filingUow, clock),
        );
        const extensions = extendSubContractRoutes(
          new ExtendSubContractService(
            new KyselyUnitOfWork(db, createExtendSubContractRepositories),
            clock,
          ),
        );
        const family: RouteModule = {
          name: 'contracts',
          register(book) {
            contracts.register(book);
            children.register(book);
            filings.register(book);
            extensions.register(book);
          },
        };
        return family;
      })
      .inSingletonScope();
  });
