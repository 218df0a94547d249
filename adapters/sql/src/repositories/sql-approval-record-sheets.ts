import {
  ALL_DATA,
  ARCHIVE_BORROW_RECORD_KIND,
  CONTRACT_CHANGE_RECORD_KIND,
  CONTRACT_CHILD_RECORD_KIND,
  CONTRACT_DOCUMENT_RECORD_KIND,
  CONTRACT_RECORD_KIND,
  INVOICE_RECORD_KIND,
  LIXIANG_CHANGE_RECORD_KIND,
  LIXIANG_RECORD_KIND,
  RESULT_SEAL_RECORD_KIND,
  TASK_RECORD_KIND,
  contractFiguresOf,
  instituteDay,
  type ContractFigures,
  type SheetFacts,
} from '@dpms/core';
import { backSum, contractFigureColumns, figureSumsOf } from '../read-models/contract-figures.js';
import { SqlApprovalOptionSources } from './sql-approval-directory.js';
import { SqlArchiveBorrowRepository } from './sql-archive-borrow.repository.js';
import { SqlContractChangeRepository } from './sql-contract-change.repository.js';
import { SqlContractChildRepository } from './sql-contract-child.repository.js';
import { SqlContractDocumentRepository } from './sql-contract-document.repository.js';
import { SqlContractRepository } from './sql-contract-table.js';
import { amount, type Db } from './sql-fund-shared.js';
import { SqlInvoiceRepository } from './sql-invoice.repository.js';
import { SqlLixiangRepository } from './sql-lixiang.repository.js';
import { SqlLixiangChangeRepository } from './sql-lixiang-change.repository.js';
import { SqlResultSealRepository } from './sql-task-seal.repository.js';
import { SqlTaskRepository } from './sql-task-sheet.repository.js';

/*
 * The sheets' reads of the contract, task and office records, each through the record's own
 * repository (and the contract figures read model for money), in any data scope: the engine
 * checked that the viewer may see the approval, and whoever may see it reads its record.
 */

/** A contract's figures from the one read model; null when the contract is gone. */
async function contractFigures(db: Db, contractId: number): Promise<ContractFigures | null> {
  const r = await db
    .selectFrom('contract as c')
    .select(['c.total_amount', ...contractFigureColumns('c.contract_id')])
    .where('c.contract_id', '=', contractId)
    .executeTakeFirst();
  return r === undefined ? null : contractFiguresOf(amount(r.total_amount), figureSumsOf(r));
}

type Reader = (db: Db, id: number, zone: () => Promise<string>) => Promise<SheetFacts | null>;

/** The project managers of a contract's live design tasks, by name, in the order first named. */
async function projectManagerNames(db: Db, contractId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('design_task as t')
    .innerJoin('sys_user as u', 'u.user_id', 't.project_manager_id')
    .select(['u.nick_name', (eb) => eb.fn.min('t.task_id').as('first')])
    .where('t.contract_id', '=', contractId)
    .where('t.del_flag', '=', '0')
    .groupBy('u.nick_name')
    .orderBy('first')
    .execute();
  return rows.map((r) => r.nick_name);
}

const contract: Reader = async (db, id) => {
  const c = await new SqlContractRepository(db).findById(id, ALL_DATA);
  if (c === null) return null;
  return {
    kind: 'contract',
    facts: {
      contract: c,
      figures: await contractFigures(db, id),
      projectManagerNames: await projectManagerNames(db, id),
    },
  };
};

const lixiang: Reader = async (db, id) => {
  const l = await new SqlLixiangRepository(db).findById(id, null);
  return l === null ? null : { kind: 'lixiang', facts: l };
};

const lixiangChange: Reader = async (db, id) => {
  const change = await new SqlLixiangChangeRepository(db).findById(id);
  return change === null ? null : { kind: 'lixiangChange', facts: change };
};

const contractChange: Reader = async (db, id) => {
  const change = await new SqlContractChangeRepository(db).findById(id);
  if (change === null) return null;
  const c = await new SqlContractRepository(db).findById(change.contractId, ALL_DATA);
  return { kind: 'contractChange', facts: { change, contractNo: c?.contractNo ?? '' } };
};

const contractChild: Reader = async (db, id) => {
  const child = await new SqlContractChildRepository(db).summaryById(id, ALL_DATA);
  if (child === null) return null;
  const c = await new SqlContractRepository(db).findById(child.contractId, ALL_DATA);
  return { kind: 'contractChild', facts: { child, contractNo: c?.contractNo ?? '' } };
};

const designTask: Reader = async (db, id) => {
  const t = await new SqlTaskRepository(db).findById(id, null);
  return t === null ? null : { kind: 'designTask', facts: t };
};

const resultSeal: Reader = async (db, id) => {
  const seal = await new SqlResultSealRepository(db).findById(id);
  if (seal === null) return null;
  // The seals and the category by the names the dictionaries give them now.
  const options = await new SqlApprovalOptionSources(db).load([
    'sealTypeStore',
    'sealCatetoryStore',
  ]);
  return {
    kind: 'resultSeal',
    facts: {
      seal,
      task: await new SqlTaskRepository(db).findById(seal.taskId, null),
      sealTypeOptions: options.sealTypeStore ?? [],
      sealCategoryOptions: options.sealCatetoryStore ?? [],
    },
  };
};

const invoice: Reader = async (db, id) => {
  const invoices = new SqlInvoiceRepository(db);
  const i = await invoices.get(id, ALL_DATA);
  if (i === null) return null;
  // The invoice cap's own sums, this request left out, so the sheet says what the rule checks.
  const others = await invoices.contractTotals(i.contractId, i.invoiceId);
  const back = await db
    .selectFrom('contract as c')
    .select(backSum('c.contract_id').as('back'))
    .where('c.contract_id', '=', i.contractId)
    .executeTakeFirst();
  return {
    kind: 'invoice',
    facts: {
      invoice: i,
      invoicedAmount: others.invoiced,
      invoicingAmount: others.invoicing,
      backAmount: amount(back?.back),
    },
  };
};

const archiveBorrow: Reader = async (db, id, zone) => {
  const b = await new SqlArchiveBorrowRepository(db).get(id);
  if (b === null) return null;
  // The borrowing keeps the borrower's login; the sheet names him as people know him.
  const user = await db
    .selectFrom('sys_user')
    .select('nick_name')
    .where('user_id', '=', b.userId)
    .executeTakeFirst();
  const borrow = { ...b, userName: user?.nick_name || b.userName };
  // Its state (未到借阅期, 借阅中, 已逾期) is that of the institute's day the sheet is read on.
  return {
    kind: 'archiveBorrow',
    facts: { borrow, today: instituteDay(new Date(), await zone()) },
  };
};

const contractDocument: Reader = async (db, id) => {
  const doc = await new SqlContractDocumentRepository(db).findById(id, null);
  return doc === null ? null : { kind: 'contractDocument', facts: doc };
};

/** The readers by record kind. */
export const RECORD_SHEET_READERS: Readonly<Record<string, Reader>> = {
  [CONTRACT_RECORD_KIND]: contract,
  [LIXIANG_RECORD_KIND]: lixiang,
  [CONTRACT_CHANGE_RECORD_KIND]: contractChange,
  [LIXIANG_CHANGE_RECORD_KIND]: lixiangChange,
  [CONTRACT_CHILD_RECORD_KIND]: contractChild,
  [TASK_RECORD_KIND]: designTask,
  [RESULT_SEAL_RECORD_KIND]: resultSeal,
  [INVOICE_RECORD_KIND]: invoice,
  [ARCHIVE_BORROW_RECORD_KIND]: archiveBorrow,
  [CONTRACT_DOCUMENT_RECORD_KIND]: contractDocument,
};
