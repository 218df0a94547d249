import {
  checkInvoiceRoom,
  INVOICE_RECORD_KIND,
  INVOICE_TYPE_CODE,
  MoneyDecimal,
  SIGNED_STAGES,
  moveInvoiceOnApproval,
  ok,
  toAmountString,
  type AccountContract,
  type AccountDirectory,
  type AccountParty,
  type AccountRepositories,
  type ContractAccount,
  type ContractAccountFields,
  type ContractAccountQuery,
  type ContractAccountRepository,
  type DataScope,
  type DatedAmount,
  type EngineClock,
  type Employee,
  type Invoice,
  type InvoiceApprovalPort,
  type InvoiceChanges,
  type InvoiceFields,
  type InvoiceFilter,
  type InvoicePurpose,
  type InvoiceQuery,
  type InvoiceRepository,
  type InvoiceStatus,
  type InvoiceType,
  type LinkedRecordRegistry,
  type ListPage,
  type ProjectAccountFilter,
  type ProjectAccountQuery,
  type ProjectAccountRepository,
  type ProjectAccountSums,
} from '@dpms/core';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../database/schema.js';
import { SqlIdempotencyRepository } from './sql-auth.repository.js';
import { submitRecordForApproval } from './sql-approval-submit.js';
import { SqlEmployeeCostRepository } from './sql-employe.repository.js';
import {
  containsPattern,
  countedSortedPage,
  deptInScope,
  listPage,
  pageBounds,
  scopeCondition,
  toCount,
} from './sql-helpers.js';
import { recordAuthor } from './record-author.js';

type Db = Kysely<Database>;
type AnyEb = ExpressionBuilder<Database, keyof Database>;

const amount = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint'
    ? toAmountString(new MoneyDecimal(String(v)))
    : '0';
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const time = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const dateText = (v: unknown): string =>
  v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' ? v.slice(0, 10) : '';

function scoped(eb: AnyEb, scope: DataScope, dept: string, owner: string): Expression<SqlBool> {
  return scopeCondition(eb, scope, eb.ref(dept as never), eb.ref(owner as never));
}

/** Conditions on a contract (alias c) that the project account filters put. */
function contractFilter(eb: AnyEb, f: ProjectAccountFilter, scope: DataScope): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [
    sql<SqlBool>`c.del_flag = '0'`,
    sql<SqlBool>`c.stage in (${sql.join([...SIGNED_STAGES])})`,
    scoped(eb, scope, 'c.dept_id', 'c.user_id'),
  ];
  if (f.contractId !== undefined) parts.push(sql<SqlBool>`c.contract_id = ${f.contractId}`);
  if (f.contractName !== undefined && f.contractName !== '')
    parts.push(sql<SqlBool>`c.contract_name ilike ${containsPattern(f.contractName)}`);
  if (f.contractNo !== undefined && f.contractNo !== '')
    parts.push(sql<SqlBool>`c.contract_no ilike ${containsPattern(f.contractNo)}`);
  if (f.deptId !== undefined) parts.push(sql<SqlBool>`c.dept_id = ${f.deptId}`);
  if (f.year !== undefined)
    parts.push(
      sql<SqlBool>`extract(year from coalesce(c.sign_date::timestamptz, c.create_time)) = ${f.year}`,
    );
  return eb.and(parts);
}

// ---- project accounts (read only) --------------------------------------------------------------

const PROJECT_SORT: Readonly<Record<string, string>> = {
  contractId: 'c.contract_id',
  totalAmount: 'c.total_amount',
  signDate: 'c.sign_date',
  contractNo: 'c.contract_no',
};

export class SqlProjectAccountRepository implements ProjectAccountRepository {
  constructor(private readonly db: Db) {}

  private select(filter: ProjectAccountFilter, scope: DataScope) {
    return this.db
      .selectFrom('contract as c')
      .leftJoin('sys_dept as d', 'd.dept_id', 'c.dept_id')
      .where((eb) => contractFilter(eb as unknown as AnyEb, filter, scope))
      .select([
        'c.contract_id',
        'c.contract_no',
        'c.contract_name',
        'c.project_name',
        'c.dept_id',
        'd.dept_name',
        'c.user_id',
        'c.total_amount',
        sql<string | null>`to_char(c.sign_date, 'YYYY-MM-DD')`.as('sign_date'),
        sql<string>`(select coalesce(sum(b.back_amount), 0) from back_money b
          where b.contract_id = c.contract_id and b.del_flag = '0')`.as('back_sum'),
        sql<string>`(select coalesce(sum(a.allot_amount), 0) from back_money_allot a
          where a.contract_id = c.contract_id)`.as('allot_sum'),
        sql<string>`(select coalesce(sum(l.loan_amount - l.repaid_amount), 0) from fund_loan l
          where l.contract_id = c.contract_id and l.status = 2 and l.del_flag = '0')`.as(
          'loan_sum',
        ),
        sql<string>`(select coalesce(sum(p.pay_amount), 0) from contract_child_pay p
          join contract_child ch on ch.contract_child_id = p.contract_child_id and ch.del_flag = '0'
          where ch.contract_id = c.contract_id and p.del_flag = '0')`.as('paid_sum'),
        sql<string>`(select coalesce(sum(i.invoice_amount), 0) from finance_invoice i
          where i.contract_id = c.contract_id and i.status = 2 and i.del_flag = '0')`.as(
          'invoiced_sum',
        ),
        sql<string>`(select coalesce(sum(i.invoice_amount), 0) from finance_invoice i
          where i.contract_id = c.contract_id and i.status = 1 and i.del_flag = '0')`.as(
          'invoicing_sum',
        ),
      ]);
  }

  private static view(r: Record<string, unknown>): ProjectAccountSums {
    return {
      contractId: Number(r.contract_id),
      contractNo: str(r.contract_no),
      contractName: str(r.contract_name),
      projectName: str(r.project_name),
      deptId: r.dept_id === null ? null : Number(r.dept_id),
      deptName: str(r.dept_name),
      userId: Number(r.user_id),
      signDate: typeof r.sign_date === 'string' ? r.sign_date : null,
      totalAmount: amount(r.total_amount),
      backAmount: amount(r.back_sum),
      allottedAmount: amount(r.allot_sum),
      loanOutstandingAmount: amount(r.loan_sum),
      paidAmount: amount(r.paid_sum),
      invoicedAmount: amount(r.invoiced_sum),
      invoicingAmount: amount(r.invoicing_sum),
    };
  }

  async list(q: ProjectAccountQuery, scope: DataScope): Promise<ListPage<ProjectAccountSums>> {
    const total = await this.db
      .selectFrom('contract as c')
      .where((eb) => contractFilter(eb as unknown as AnyEb, q.filter, scope))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageBounds(q.page);
    const dir = q.sort?.direction ?? 'desc';
    let rows = this.select(q.filter, scope)
      .orderBy(sql.ref(PROJECT_SORT[q.sort?.column ?? 'contractId'] ?? 'c.contract_id'), dir)
      .orderBy('c.contract_id', dir);
    if (limit !== undefined) rows = rows.limit(limit).offset(offset ?? 0);
    return listPage(
      toCount(total.n),
      (await rows.execute()).map((r) => SqlProjectAccountRepository.view(r)),
    );
  }

  async get(contractId: number, scope: DataScope): Promise<ProjectAccountSums | null> {
    const r = await this.select({ contractId }, scope).executeTakeFirst();
    return r === undefined ? null : SqlProjectAccountRepository.view(r);
  }

  async exportBatch(
    filter: ProjectAccountFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly ProjectAccountSums[]> {
    const rows = await this.select(filter, scope)
      .where('c.contract_id', '<', before)
      .orderBy('c.contract_id', 'desc')
      .limit(batch)
      .execute();
    return rows.map((r) => SqlProjectAccountRepository.view(r));
  }

  async invoicedLines(
    filter: ProjectAccountFilter,
    scope: DataScope,
    year: number,
  ): Promise<readonly DatedAmount[]> {
    const rows = await this.db
      .selectFrom('finance_invoice as i')
      .innerJoin('contract as c', 'c.contract_id', 'i.contract_id')
      .where((eb) => contractFilter(eb as unknown as AnyEb, { ...filter, year: undefined }, scope))
      .where('i.del_flag', '=', '0')
      .where('i.status', '=', 2)
      .where('i.invoice_date', '>=', `${String(year)}-01-01`)
      .where('i.invoice_date', '<=', `${String(year)}-12-31`)
      .select([
        sql<string>`to_char(i.invoice_date, 'YYYY-MM')`.as('month'),
        sql<string>`sum(i.invoice_amount)`.as('total'),
      ])
      .groupBy(sql`to_char(i.invoice_date, 'YYYY-MM')`)
      .execute();
    return rows.map((r) => ({ date: r.month, amount: amount(r.total) }));
  }

  async backMoneyLines(
    filter: ProjectAccountFilter,
    scope: DataScope,
    year: number,
  ): Promise<readonly DatedAmount[]> {
    const rows = await this.db
      .selectFrom('back_money as b')
      .innerJoin('contract as c', 'c.contract_id', 'b.contract_id')
      .where((eb) => contractFilter(eb as unknown as AnyEb, { ...filter, year: undefined }, scope))
      .where('b.del_flag', '=', '0')
      .where('b.back_date', '>=', `${String(year)}-01-01`)
      .where('b.back_date', '<=', `${String(year)}-12-31`)
      .select([
        sql<string>`to_char(b.back_date, 'YYYY-MM')`.as('month'),
        sql<string>`sum(b.back_amount)`.as('total'),
      ])
      .groupBy(sql`to_char(b.back_date, 'YYYY-MM')`)
      .execute();
    return rows.map((r) => ({ date: r.month, amount: amount(r.total) }));
  }
}

// ---- contract accounts -------------------------------------------------------------------------

export class SqlContractAccountRepository implements ContractAccountRepository {
  constructor(private readonly db: Db) {}

  private base(scope: DataScope) {
    return this.db
      .selectFrom('contract_account as a')
      .innerJoin('contract as c', 'c.contract_id', 'a.contract_id')
      .where('a.del_flag', '=', '0')
      .where((eb) => scoped(eb as unknown as AnyEb, scope, 'a.dept_id', 'a.user_id'))
      .select([
        'a.account_id',
        'a.contract_id',
        'a.party',
        'a.account_name',
        'a.bank_name',
        'a.account_no',
        'a.tax_no',
        'a.remark',
        'a.dept_id',
        'a.user_id',
        'a.create_by',
        'a.create_time',
        'a.version',
        'c.contract_no',
        'c.contract_name',
      ]);
  }

  private static view(r: Record<string, unknown>): ContractAccount {
    return {
      accountId: Number(r.account_id),
      contractId: Number(r.contract_id),
      contractNo: str(r.contract_no),
      contractName: str(r.contract_name),
      party: str(r.party) as AccountParty,
      accountName: str(r.account_name),
      bankName: str(r.bank_name),
      accountNo: str(r.account_no),
      taxNo: str(r.tax_no),
      remark: str(r.remark),
      deptId: r.dept_id === null ? null : Number(r.dept_id),
      userId: Number(r.user_id),
      createBy: str(r.create_by),
      createTime: time(r.create_time),
      version: Number(r.version),
    };
  }

  async list(q: ContractAccountQuery, scope: DataScope): Promise<ListPage<ContractAccount>> {
    const f = q.filter;
    const where = this.base(scope)
      .$if(f.contractId !== undefined, (w) => w.where('a.contract_id', '=', f.contractId ?? 0))
      .$if(f.party !== undefined, (w) => w.where('a.party', '=', f.party ?? '1'))
      .$if(f.accountName !== undefined && f.accountName !== '', (w) =>
        w.where((eb) =>
          eb.or([
            eb('a.account_name', 'ilike', containsPattern(f.accountName ?? '')),
            eb('a.bank_name', 'ilike', containsPattern(f.accountName ?? '')),
          ]),
        ),
      );
    const total = await where
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageBounds(q.page);
    let rows = where.orderBy('a.account_id', q.sort?.direction ?? 'desc');
    if (limit !== undefined) rows = rows.limit(limit).offset(offset ?? 0);
    return listPage(
      toCount(total.n),
      (await rows.execute()).map((r) => SqlContractAccountRepository.view(r)),
    );
  }

  async get(
    accountId: number,
    scope: DataScope,
    forUpdate = false,
  ): Promise<ContractAccount | null> {
    let q = this.base(scope).where('a.account_id', '=', accountId);
    if (forUpdate) q = q.forUpdate('a');
    const r = await q.executeTakeFirst();
    return r === undefined ? null : SqlContractAccountRepository.view(r);
  }

  async insert(
    contract: AccountContract,
    fields: ContractAccountFields,
    actor: { userId: number; userName: string },
    at: Date,
  ): Promise<number> {
    const r = await this.db
      .insertInto('contract_account')
      .values({
        contract_id: contract.contractId,
        party: fields.party,
        account_name: fields.accountName,
        bank_name: fields.bankName,
        account_no: fields.accountNo,
        tax_no: fields.taxNo,
        remark: fields.remark,
        dept_id: contract.deptId,
        user_id: actor.userId,
        create_by: actor.userName,
        create_time: at,
        update_time: at,
      })
      .returning('account_id')
      .executeTakeFirstOrThrow();
    return r.account_id;
  }

  async update(
    accountId: number,
    version: number,
    fields: ContractAccountFields,
    at: Date,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('contract_account')
      .set({
        party: fields.party,
        account_name: fields.accountName,
        bank_name: fields.bankName,
        account_no: fields.accountNo,
        tax_no: fields.taxNo,
        remark: fields.remark,
        version: version + 1,
        update_time: at,
      })
      .where('account_id', '=', accountId)
      .where('version', '=', version)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async remove(accountId: number, at: Date): Promise<void> {
    await this.db
      .updateTable('contract_account')
      .set({ del_flag: '2', update_time: at })
      .where('account_id', '=', accountId)
      .execute();
  }
}

// ---- invoices ----------------------------------------------------------------------------------

const INVOICE_SORT: Readonly<Record<string, string>> = {
  invoiceId: 'i.invoice_id',
  invoiceAmount: 'i.invoice_amount',
  invoiceDate: 'i.invoice_date',
};

export class SqlInvoiceRepository implements InvoiceRepository {
  constructor(private readonly db: Db) {}

  private base(scope: DataScope) {
    return this.db
      .selectFrom('finance_invoice as i')
      .innerJoin('contract as c', 'c.contract_id', 'i.contract_id')
      .where('i.del_flag', '=', '0')
      .where((eb) => scoped(eb as unknown as AnyEb, scope, 'i.dept_id', 'i.user_id'))
      .select([
        'i.invoice_id',
        'i.contract_id',
        'i.invoice_amount',
        'i.invoice_type',
        'i.invoice_purpose',
        'i.invoice_title',
        'i.tax_no',
        sql<string>`to_char(i.invoice_date, 'YYYY-MM-DD')`.as('invoice_date'),
        'i.remark',
        'i.status',
        'i.approval_id',
        'i.approved_time',
        'i.dept_id',
        'i.user_id',
        'i.create_by',
        'i.create_time',
        'i.version',
        'c.contract_no',
        'c.contract_name',
        'c.project_name',
        'c.total_amount',
      ]);
  }

  private filtered(f: InvoiceFilter, scope: DataScope) {
    return this.base(scope)
      .$if(f.contractId !== undefined, (w) => w.where('i.contract_id', '=', f.contractId ?? 0))
      .$if(f.status !== undefined, (w) => w.where('i.status', '=', f.status ?? 0))
      .$if(f.invoiceType !== undefined, (w) => w.where('i.invoice_type', '=', f.invoiceType ?? '1'))
      .$if(f.contractName !== undefined && f.contractName !== '', (w) =>
        w.where('c.contract_name', 'ilike', containsPattern(f.contractName ?? '')),
      )
      .$if(f.dateFrom !== undefined, (w) => w.where('i.invoice_date', '>=', f.dateFrom ?? ''))
      .$if(f.dateTo !== undefined, (w) => w.where('i.invoice_date', '<=', f.dateTo ?? ''));
  }

  private static view(r: Record<string, unknown>): Invoice {
    return {
      invoiceId: Number(r.invoice_id),
      contractId: Number(r.contract_id),
      contractNo: str(r.contract_no),
      contractName: str(r.contract_name),
      projectName: str(r.project_name),
      totalAmount: amount(r.total_amount),
      invoiceAmount: amount(r.invoice_amount),
      invoiceType: str(r.invoice_type) as InvoiceType,
      invoicePurpose: str(r.invoice_purpose) as InvoicePurpose,
      invoiceTitle: str(r.invoice_title),
      taxNo: str(r.tax_no),
      invoiceDate: dateText(r.invoice_date),
      remark: str(r.remark),
      status: Number(r.status) as InvoiceStatus,
      approvalId: r.approval_id === null ? null : String(Number(r.approval_id)),
      deptId: r.dept_id === null ? null : Number(r.dept_id),
      userId: Number(r.user_id),
      createBy: str(r.create_by),
      createTime: time(r.create_time),
      approvedTime: r.approved_time === null ? null : time(r.approved_time),
      version: Number(r.version),
    };
  }

  async list(q: InvoiceQuery, scope: DataScope): Promise<ListPage<Invoice>> {
    const where = this.filtered(q.filter, scope);
    const { total, rows } = await countedSortedPage(
      where,
      {
        column: INVOICE_SORT[q.sort?.column ?? 'invoiceId'] ?? 'i.invoice_id',
        idColumn: 'i.invoice_id',
        direction: q.sort?.direction ?? 'desc',
      },
      q.page,
    );
    return listPage(
      total,
      rows.map((r) => SqlInvoiceRepository.view(r)),
    );
  }

  async get(invoiceId: number, scope: DataScope, forUpdate = false): Promise<Invoice | null> {
    let q = this.base(scope).where('i.invoice_id', '=', invoiceId);
    if (forUpdate) q = q.forUpdate('i');
    const r = await q.executeTakeFirst();
    return r === undefined ? null : SqlInvoiceRepository.view(r);
  }

  async exportBatch(
    filter: InvoiceFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly Invoice[]> {
    const rows = await this.filtered(filter, scope)
      .where('i.invoice_id', '<', before)
      .orderBy('i.invoice_id', 'desc')
      .limit(batch)
      .execute();
    return rows.map((r) => SqlInvoiceRepository.view(r));
  }

  async insert(
    contract: AccountContract,
    f: InvoiceFields,
    actor: { userId: number; userName: string },
    at: Date,
  ): Promise<number> {
    const r = await this.db
      .insertInto('finance_invoice')
      .values({
        contract_id: contract.contractId,
        invoice_amount: f.invoiceAmount,
        invoice_type: f.invoiceType,
        invoice_purpose: f.invoicePurpose,
        invoice_title: f.invoiceTitle,
        tax_no: f.taxNo,
        invoice_date: f.invoiceDate,
        remark: f.remark,
        dept_id: contract.deptId,
        user_id: actor.userId,
        create_by: actor.userName,
        create_time: at,
        update_time: at,
      })
      .returning('invoice_id')
      .executeTakeFirstOrThrow();
    return r.invoice_id;
  }

  async update(invoiceId: number, version: number, c: InvoiceChanges, at: Date): Promise<boolean> {
    const r = await this.db
      .updateTable('finance_invoice')
      .set({
        ...(c.invoiceAmount === undefined ? {} : { invoice_amount: c.invoiceAmount }),
        ...(c.invoiceType === undefined ? {} : { invoice_type: c.invoiceType }),
        ...(c.invoicePurpose === undefined ? {} : { invoice_purpose: c.invoicePurpose }),
        ...(c.invoiceTitle === undefined ? {} : { invoice_title: c.invoiceTitle }),
        ...(c.taxNo === undefined ? {} : { tax_no: c.taxNo }),
        ...(c.invoiceDate === undefined ? {} : { invoice_date: c.invoiceDate }),
        ...(c.remark === undefined ? {} : { remark: c.remark }),
        ...(c.status === undefined ? {} : { status: c.status }),
        ...(c.approvalId === undefined
          ? {}
          : { approval_id: c.approvalId === null ? null : Number(c.approvalId) }),
        ...(c.approvedTime === undefined ? {} : { approved_time: c.approvedTime }),
        version: version + 1,
        update_time: at,
      })
      .where('invoice_id', '=', invoiceId)
      .where('version', '=', version)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async remove(invoiceId: number, at: Date): Promise<void> {
    await this.db
      .updateTable('finance_invoice')
      .set({ del_flag: '2', update_time: at })
      .where('invoice_id', '=', invoiceId)
      .execute();
  }

  async contractTotals(
    contractId: number,
    exceptInvoiceId?: number,
  ): Promise<{ invoiced: string; invoicing: string }> {
    const r = await this.db
      .selectFrom('finance_invoice')
      .where('contract_id', '=', contractId)
      .where('del_flag', '=', '0')
      .$if(exceptInvoiceId !== undefined, (w) => w.where('invoice_id', '<>', exceptInvoiceId ?? 0))
      .select([
        sql<string>`coalesce(sum(invoice_amount) filter (where status = 2), 0)`.as('invoiced'),
        sql<string>`coalesce(sum(invoice_amount) filter (where status = 1), 0)`.as('invoicing'),
      ])
      .executeTakeFirstOrThrow();
    return { invoiced: amount(r.invoiced), invoicing: amount(r.invoicing) };
  }
}

// ---- directory ---------------------------------------------------------------------------------

export class SqlAccountDirectory implements AccountDirectory {
  constructor(private readonly db: Db) {}

  private contracts() {
    return this.db
      .selectFrom('contract as c')
      .where('c.del_flag', '=', '0')
      .select([
        'c.contract_id',
        'c.contract_no',
        'c.contract_name',
        'c.project_name',
        'c.stage',
        'c.total_amount',
        'c.dept_id',
        'c.user_id',
      ]);
  }

  private static view(r: Record<string, unknown>): AccountContract {
    return {
      contractId: Number(r.contract_id),
      contractNo: str(r.contract_no),
      contractName: str(r.contract_name),
      projectName: str(r.project_name),
      stage: str(r.stage),
      totalAmount: amount(r.total_amount),
      deptId: r.dept_id === null ? null : Number(r.dept_id),
      userId: Number(r.user_id),
    };
  }

  async contract(contractId: number, scope: DataScope): Promise<AccountContract | null> {
    const r = await this.contracts()
      .where('c.contract_id', '=', contractId)
      .where((eb) => scoped(eb as unknown as AnyEb, scope, 'c.dept_id', 'c.user_id'))
      .executeTakeFirst();
    return r === undefined ? null : SqlAccountDirectory.view(r);
  }

  async lockContract(contractId: number): Promise<AccountContract | null> {
    const r = await this.contracts()
      .where('c.contract_id', '=', contractId)
      .forUpdate()
      .executeTakeFirst();
    return r === undefined ? null : SqlAccountDirectory.view(r);
  }

  async employee(userId: number): Promise<Employee | null> {
    const r = await this.db
      .selectFrom('sys_user')
      .select(['user_id', 'nick_name', 'dept_id'])
      .where('user_id', '=', userId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return r === undefined ? null : { userId: r.user_id, userName: r.nick_name, deptId: r.dept_id };
  }

  async deptName(deptId: number): Promise<string | null> {
    const r = await this.db
      .selectFrom('sys_dept')
      .select('dept_name')
      .where('dept_id', '=', deptId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return r === undefined ? null : r.dept_name;
  }

  async deptVisible(scope: DataScope, deptId: number, ownerId: number): Promise<boolean> {
    if (scope.kind === 'own') return scope.userId === ownerId;
    return deptInScope(this.db, deptId, scope);
  }
}

// ---- approvals ---------------------------------------------------------------------------------

/** Sends invoice requests (23_1) through the approval engine inside the account's transaction. */
export class EngineInvoiceApprovalPort implements InvoiceApprovalPort {
  constructor(
    private readonly trx: Db,
    private readonly linked: LinkedRecordRegistry<Db>,
    private readonly clock: EngineClock,
  ) {}

  async submitInvoice(request: Parameters<InvoiceApprovalPort['submitInvoice']>[0]) {
    return submitRecordForApproval(
      this.trx,
      this.linked,
      this.clock,
      { ...request, kind: 'Invoice', typeCode: INVOICE_TYPE_CODE, recordKind: INVOICE_RECORD_KIND },
      'account.submitInvoice',
    );
  }
}

/** The account ports bound to one connection or transaction. */
export function createAccountRepositories(
  db: Db,
  linked: LinkedRecordRegistry<Db>,
  clock: EngineClock,
): AccountRepositories {
  return {
    projectAccounts: new SqlProjectAccountRepository(db),
    contractAccounts: new SqlContractAccountRepository(db),
    invoices: new SqlInvoiceRepository(db),
    employeeCosts: new SqlEmployeeCostRepository(db),
    directory: new SqlAccountDirectory(db),
    approvals: new EngineInvoiceApprovalPort(db, linked, clock),
    idempotency: new SqlIdempotencyRepository(db),
  };
}

/**
 * The invoice request's handler, in the approval's transaction: approved invoices the request;
 * rejected or withdrawn unlock it; a resubmission from the approval centre locks it again.
 */
export function registerAccountRecords(linked: LinkedRecordRegistry<Db>): LinkedRecordRegistry<Db> {
  return linked.register(INVOICE_RECORD_KIND, (trx) => ({
    approvalEnded: (event) =>
      moveInvoiceOnApproval(createAccountRepositories(trx, linked, { now: () => event.at }), event),
    approvalSent: async (event) => {
      if (event.round <= 1) return ok(undefined);
      const repo = new SqlInvoiceRepository(trx);
      const i = await repo.get(Number(event.recordId), { kind: 'all' }, true);
      if (i === null || i.approvalId !== event.approvalId || i.status !== 3) return ok(undefined);
      // Sent again: the room is checked again, under the contract's lock.
      const c = await new SqlAccountDirectory(trx).lockContract(i.contractId);
      const t = await repo.contractTotals(i.contractId, i.invoiceId);
      const room = checkInvoiceRoom(
        i.invoiceAmount,
        c?.totalAmount ?? '0',
        t.invoiced,
        t.invoicing,
      );
      if (!room.ok) return room;
      await repo.update(i.invoiceId, i.version, { status: 1 }, event.at);
      return ok(undefined);
    },
    // Separation of duties: who made the request never signs it, whoever sends it.
    authorOf: (recordId) => recordAuthor(trx, 'finance_invoice', recordId),
  }));
}
