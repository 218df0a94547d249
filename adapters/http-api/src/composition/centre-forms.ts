import {
  ARCHIVE_BORROW_RECORD_KIND,
  ArchiveBorrowService,
  archiveBorrowCentreForm,
  CentreForms,
  CLOSING_RECORD_KIND,
  ClosingService,
  closingCentreForm,
  FundService,
  FUND_PAY_RECORD_KIND,
  FundPayService,
  fundPayCentreForm,
  LOAN_RECORD_KIND,
  loanCentreForm,
  CONTRACT_CHANGE_RECORD_KIND,
  contractChangeCentreForm,
  ContractService,
  INVOICE_RECORD_KIND,
  InvoiceService,
  invoiceCentreForm,
  LIXIANG_CHANGE_RECORD_KIND,
  LixiangChangeService,
  lixiangChangeCentreForm,
  RESULT_SEAL_RECORD_KIND,
  resultSealCentreForm,
  TASK_VALUE_RECORD_KIND,
  TaskService,
  TaskValueApprovals,
  taskValueCentreForm,
  type ApprovalEngine,
  type LinkedRecordRegistry,
} from '@dpms/core';
import {
  createAccountRepositories,
  createArchiveRepositories,
  createClosedCaseRepositories,
  createContractRepositories,
  createFundRepositories,
  createFundPayRepositories,
  createLixiangRepositories,
  createTaskRepositories,
  KyselyUnitOfWork,
} from '@dpms/sql';
import type { Clock } from '../identity/clock.js';
import type { Principal } from '../identity/principal.js';
import { accountActorOf } from '../routes/account.routes.js';
import { actorOf } from '../routes/approval/shared.js';
import { archiveActorOf } from '../routes/archives.routes.js';
import { closingActorOf } from '../routes/closed-case.routes.js';
import { actorOf as fundActorOf } from '../routes/fund/shared.js';
import { actorOf as fundPayActorOf } from '../routes/fund-pay.routes.js';
import { actorOf as contractActorOf } from '../routes/contract-route-helpers.js';
import { actorOf as taskActorOf } from '../routes/task/kit.js';
import type { Db } from './db.js';

/**
 * 发起审批's forms whose record the centre creates, each through the record's own use case (the
 * one its screen calls), over the same database and linked-record registry as the engine.
 */
export function centreForms(
  db: Db,
  linkedRecords: LinkedRecordRegistry<Db>,
  clock: Clock,
  engine: ApprovalEngine,
): CentreForms<Principal> {
  const invoices = new InvoiceService(
    new KyselyUnitOfWork(db, (trx) => createAccountRepositories(trx, linkedRecords, clock)),
    clock,
  );
  const contracts = new ContractService(
    new KyselyUnitOfWork(db, (trx) => createContractRepositories(trx, linkedRecords, clock)),
    clock,
  );
  const borrows = new ArchiveBorrowService(
    new KyselyUnitOfWork(db, (trx) => createArchiveRepositories(trx, linkedRecords, clock)),
    clock,
  );
  const values = new TaskValueApprovals(
    new KyselyUnitOfWork(db, (trx) => createTaskRepositories(trx, linkedRecords, clock)),
    clock,
  );
  const filingChanges = new LixiangChangeService(
    new KyselyUnitOfWork(db, (trx) => createLixiangRepositories(trx, linkedRecords, clock)),
    clock,
  );
  const tasks = new TaskService(
    new KyselyUnitOfWork(db, (trx) => createTaskRepositories(trx, linkedRecords, clock)),
    clock,
  );
  // A loan (10_1) and a settlement or closed case (11_x): the same services 借款管理 and 结算结案
  // build, so the team's limit and the back-money ceiling hold on the centre's path too.
  const loans = new FundService(
    new KyselyUnitOfWork(db, (trx) => createFundRepositories(trx, linkedRecords, clock)),
    clock,
  );
  const closings = new ClosingService(
    new KyselyUnitOfWork(db, (trx) => createClosedCaseRepositories(trx, linkedRecords, clock)),
    clock,
  );
  // A payment (16_x on a pay item, 20_1 on a plan line): 资金支付's own service.
  const pays = new FundPayService(
    new KyselyUnitOfWork(db, (trx) => createFundPayRepositories(trx, linkedRecords, clock)),
    clock,
  );
  return new CentreForms<Principal>(engine, actorOf, {
    [FUND_PAY_RECORD_KIND]: fundPayCentreForm(pays, fundPayActorOf),
    [LOAN_RECORD_KIND]: loanCentreForm(loans, fundActorOf),
    [CLOSING_RECORD_KIND]: closingCentreForm(closings, closingActorOf),
    [RESULT_SEAL_RECORD_KIND]: resultSealCentreForm(tasks, taskActorOf),
    [LIXIANG_CHANGE_RECORD_KIND]: lixiangChangeCentreForm(filingChanges, contractActorOf),
    [TASK_VALUE_RECORD_KIND]: taskValueCentreForm(values, taskActorOf),
    [INVOICE_RECORD_KIND]: invoiceCentreForm(invoices, accountActorOf),
    [CONTRACT_CHANGE_RECORD_KIND]: contractChangeCentreForm(contracts, contractActorOf),
    [ARCHIVE_BORROW_RECORD_KIND]: archiveBorrowCentreForm(borrows, archiveActorOf),
  });
}
