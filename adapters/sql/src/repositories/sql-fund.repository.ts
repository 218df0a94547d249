import {
  LOAN_RECORD_KIND,
  LOAN_TYPE_CODE,
  MoneyDecimal,
  accountKey,
  moveLoanOnApproval,
  sortAccounts,
  toAmountString,
  type BackMoney,
  type BackMoneyAllotment,
  type BackMoneyListFilter,
  type BackMoneyListQuery,
  type BackMoneyRepository,
  type BackMoneyTaskRow,
  type DataScope,
  type EngineClock,
  type FundAccount,
  type FundApprovalPort,
  type FundDirectory,
  type FundLedgerPort,
  type FundMovementKind,
  type FundRepositories,
  type LedgerEntry,
  type LedgerFilter,
  type LedgerMismatch,
  type LinkedRecordRegistry,
  type ListPage,
  type Loan,
  type LoanChanges,
  type LoanListFilter,
  type LoanListQuery,
  type LoanRepository,
  type LoanStatus,
  type NewAllotment,
  type NewBackMoney,
  type NewLoan,
  type NewMovement,
  type NewRepayment,
  type Posting,
  type Repayment,
  type RepaymentListFilter,
  type RepaymentListQuery,
  type RepaymentRepository,
} from '@dpms/core';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../database/schema.js';
import { submitRecordForApproval } from './sql-approval-submit.js';
import { recordAuthor } from './record-author.js';
import { lockBalances, postMovement, type LedgerOrder } from './sql-fund-ledger.js';
import {
  containsPattern,
  countedSortedPage,
  deptInScope,
  listPage,
  pageBounds,
  scopeCondition,
  toCount,
} from './sql-helpers.js';

type Db = Kysely<Database>;
type AnyEb = ExpressionBuilder<Database, keyof Database>;

const amount = (v: string | number | bigint | null | undefined): string =>
  v === null || v === undefined ? '0' : toAmountString(new MoneyDecimal(String(v)));
const dayOf = (col: string) => sql<string>`to_char(${sql.ref(col)}, 'YYYY-MM-DD')`;
const time = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

function scoped(eb: AnyEb, scope: DataScope, dept: string, owner: string): Expression<SqlBool> {
  return scopeCondition(eb, scope, eb.ref(dept as never), eb.ref(owner as never));
}

// ---- back money --------------------------------------------------------------------------------

const BACK_SORT: Readonly<Record<string, string>> = {
  backMoneyId: 'b.back_money_id',
  backDate: 'b.back_date',
  backAmount: 'b.back_amount',
};

export class SqlBackMoneyRepository implements BackMoneyRepository {
  constructor(private readonly db: Db) {}

  private base() {
    return this.db
      .selectFrom('back_money as b')
      .innerJoin('contract as c', 'c.contract_id', 'b.contract_id')
      .leftJoin('fund_balance as fb', (j) =>
        j.onRef('fb.account_id', '=', 'b.back_money_id').on('fb.account_kind', '=', 'backMoney'),
      )
      .where('b.del_flag', '=', '0');
  }

  private select() {
    return this.base().select([
      'b.back_money_id',
      'b.contract_id',
      'c.contract_name',
      'c.project_name',
      'c.contract_no',
      'b.dept_id',
      'b.user_id',
      'b.back_amount',
      'fb.balance',
      dayOf('b.back_date').as('back_date'),
      'b.remark',
      'b.create_by',
      'b.create_time',
      'b.version',
    ]);
  }

  private static view(r: {
    back_money_id: number;
    contract_id: number;
    contract_name: string;
    project_name: string;
    contract_no: string | null;
    dept_id: number | null;
    user_id: number;
    back_amount: string;
    balance: string | null;
    back_date: string;
    remark: string;
    create_by: string;
    create_time: Date;
    version: number;
  }): BackMoney {
    const back = amount(r.back_amount);
    const left = amount(r.balance);
    return {
      backMoneyId: r.back_money_id,
      contractId: r.contract_id,
      contractName: r.contract_name,
      projectName: r.project_name,
      contractNo: r.contract_no ?? '',
      deptId: r.dept_id,
      userId: r.user_id,
      backAmount: back,
      allottedAmount: toAmountString(new MoneyDecimal(back).minus(new MoneyDecimal(left))),
      unallottedAmount: left,
      backDate: r.back_date,
      remark: r.remark,
      createBy: r.create_by,
      createTime: time(r.create_time),
      version: r.version,
    };
  }

  private filtered(f: BackMoneyListFilter, scope: DataScope) {
    return this.select().where((eb) => {
      const c: Expression<SqlBool>[] = [
        scoped(eb as unknown as AnyEb, scope, 'b.dept_id', 'b.user_id'),
      ];
      if (f.contractId !== undefined) c.push(eb('b.contract_id', '=', f.contractId));
      if (f.projectName) c.push(eb('c.project_name', 'ilike', containsPattern(f.projectName)));
      if (f.contractName) c.push(eb('c.contract_name', 'ilike', containsPattern(f.contractName)));
      if (f.backDateFrom) c.push(eb('b.back_date', '>=', f.backDateFrom));
      if (f.backDateTo) c.push(eb('b.back_date', '<=', f.backDateTo));
      if (f.unallotted === true) c.push(eb('fb.balance', '>', '0'));
      return eb.and(c);
    });
  }

  async insert(n: NewBackMoney): Promise<number> {
    const c = await this.db
      .selectFrom('contract')
      .select(['dept_id', 'user_id'])
      .where('contract_id', '=', n.contractId)
      .executeTakeFirstOrThrow();
    const r = await this.db
      .insertInto('back_money')
      .values({
        contract_id: n.contractId,
        back_amount: n.backAmount,
        back_date: n.backDate,
        remark: n.remark,
        dept_id: c.dept_id,
        user_id: c.user_id,
        create_by: n.createBy,
        create_time: n.at,
        update_time: n.at,
      })
      .returning('back_money_id')
      .executeTakeFirstOrThrow();
    return r.back_money_id;
  }

  async get(backMoneyId: number): Promise<BackMoney | null> {
    const r = await this.select().where('b.back_money_id', '=', backMoneyId).executeTakeFirst();
    return r === undefined ? null : SqlBackMoneyRepository.view(r);
  }

  async list(q: BackMoneyListQuery, scope: DataScope): Promise<ListPage<BackMoney>> {
    const where = this.filtered(q.filter, scope);
    const { total, rows } = await countedSortedPage(
      where,
      {
        column: BACK_SORT[q.sort?.column ?? 'backMoneyId'] ?? 'b.back_money_id',
        idColumn: 'b.back_money_id',
        direction: q.sort?.direction ?? 'desc',
      },
      q.page,
    );
    return listPage(
      total,
      rows.map((r) => SqlBackMoneyRepository.view(r)),
    );
  }

  async exportBatch(
    filter: BackMoneyListFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly BackMoney[]> {
    const rows = await this.filtered(filter, scope)
      .where('b.back_money_id', '<', before)
      .orderBy('b.back_money_id', 'desc')
      .limit(batch)
      .execute();
    return rows.map((r) => SqlBackMoneyRepository.view(r));
  }

  async update(
    backMoneyId: number,
    version: number,
    changes: { backAmount: string; backDate: string; remark: string },
    at: Date,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('back_money')
      .set({
        back_amount: changes.backAmount,
        back_date: changes.backDate,
        remark: changes.remark,
        update_time: at,
        version: (eb) => eb('version', '+', 1),
      })
      .where('back_money_id', '=', backMoneyId)
      .where('version', '=', version)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async remove(backMoneyId: number, at: Date): Promise<void> {
    await this.db
      .updateTable('back_money')
      .set({ del_flag: '2', update_time: at, version: (eb) => eb('version', '+', 1) })
      .where('back_money_id', '=', backMoneyId)
      .execute();
  }

  async insertAllotment(n: NewAllotment): Promise<number> {
    const r = await this.db
      .insertInto('back_money_allot')
      .values({
        back_money_id: n.backMoneyId,
        contract_id: n.contractId,
        dept_id: n.deptId,
        task_id: n.taskId,
        allot_amount: n.allotAmount,
        remark: n.remark,
        allot_version: n.allotVersion,
        create_by: n.createBy,
        create_time: n.at,
      })
      .returning('allot_id')
      .executeTakeFirstOrThrow();
    return r.allot_id;
  }

  async allotments(backMoneyId: number): Promise<readonly BackMoneyAllotment[]> {
    const rows = await this.db
      .selectFrom('back_money_allot as a')
      .leftJoin('sys_dept as d', 'd.dept_id', 'a.dept_id')
      .leftJoin('design_task as t', 't.task_id', 'a.task_id')
      .select([
        'a.allot_id',
        'a.back_money_id',
        'a.contract_id',
        'a.dept_id',
        'd.dept_name',
        'a.task_id',
        't.task_no',
        't.task_name',
        'a.allot_amount',
        'a.remark',
        'a.allot_version',
        'a.create_by',
        'a.create_time',
      ])
      .where('a.back_money_id', '=', backMoneyId)
      .orderBy('a.allot_id')
      .execute();
    return rows.map((r) => ({
      allotId: r.allot_id,
      backMoneyId: r.back_money_id,
      contractId: r.contract_id,
      deptId: r.dept_id,
      deptName: r.dept_name ?? '',
      taskId: r.task_id,
      taskNo: r.task_no ?? '',
      taskName: r.task_name ?? '',
      allotAmount: amount(r.allot_amount),
      remark: r.remark,
      allotVersion: r.allot_version === 2 ? 2 : 1,
      createBy: r.create_by,
      createTime: time(r.create_time),
    }));
  }
}

// ---- loans -------------------------------------------------------------------------------------

const LOAN_SORT: Readonly<Record<string, string>> = {
  loanId: 'l.loan_id',
  loanAmount: 'l.loan_amount',
  refundDate: 'l.refund_date',
};

export class SqlLoanRepository implements LoanRepository {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db
      .selectFrom('fund_loan as l')
      .leftJoin('sys_dept as d', 'd.dept_id', 'l.loan_dept_id')
      .leftJoin('fund_balance as fb', (j) =>
        j.onRef('fb.account_id', '=', 'l.loan_id').on('fb.account_kind', '=', 'loan'),
      )
      .where('l.del_flag', '=', '0')
      .select([
        'l.loan_id',
        'l.loan_dept_id',
        'd.dept_name',
        'l.contract_id',
        'l.task_id',
        'l.loan_amount',
        'l.repaid_amount',
        'fb.balance',
        dayOf('l.refund_date').as('refund_date'),
        'l.reason',
        'l.total_should_receive_amt',
        'l.total_receive_amt',
        'l.total_allot_confirm_amt',
        'l.status',
        'l.approval_id',
        'l.user_id',
        'l.create_by',
        'l.create_time',
        'l.approved_time',
        'l.version',
      ]);
  }

  private static view(r: {
    loan_id: number;
    loan_dept_id: number;
    dept_name: string | null;
    contract_id: number | null;
    task_id: number | null;
    loan_amount: string;
    repaid_amount: string;
    balance: string | null;
    refund_date: string;
    reason: string;
    total_should_receive_amt: string;
    total_receive_amt: string;
    total_allot_confirm_amt: string;
    status: number;
    approval_id: number | null;
    user_id: number;
    create_by: string;
    create_time: Date;
    approved_time: Date | string | null;
    version: number;
  }): Loan {
    return {
      loanId: r.loan_id,
      loanDeptId: r.loan_dept_id,
      loanDeptName: r.dept_name ?? '',
      contractId: r.contract_id,
      taskId: r.task_id,
      loanAmount: amount(r.loan_amount),
      repaidAmount: amount(r.repaid_amount),
      outstandingAmount: amount(r.balance),
      refundDate: r.refund_date,
      reason: r.reason,
      totalShouldReceAmt: amount(r.total_should_receive_amt),
      totalReceiveAmt: amount(r.total_receive_amt),
      totalAllotConfirmAmt: amount(r.total_allot_confirm_amt),
      status: r.status as LoanStatus,
      approvalId: r.approval_id === null ? null : String(r.approval_id),
      userId: r.user_id,
      createBy: r.create_by,
      createTime: time(r.create_time),
      approvedTime: r.approved_time === null ? null : time(r.approved_time),
      version: r.version,
    };
  }

  private filtered(f: LoanListFilter, scope: DataScope) {
    return this.select().where((eb) => {
      const c: Expression<SqlBool>[] = [
        scoped(eb as unknown as AnyEb, scope, 'l.loan_dept_id', 'l.user_id'),
      ];
      if (f.loanDeptId !== undefined) c.push(eb('l.loan_dept_id', '=', f.loanDeptId));
      if (f.contractId !== undefined) c.push(eb('l.contract_id', '=', f.contractId));
      if (f.taskId !== undefined) c.push(eb('l.task_id', '=', f.taskId));
      if (f.status !== undefined) c.push(eb('l.status', '=', f.status));
      return eb.and(c);
    });
  }

  async insert(n: NewLoan): Promise<number> {
    const r = await this.db
      .insertInto('fund_loan')
      .values({
        loan_dept_id: n.loanDeptId,
        contract_id: n.contractId,
        task_id: n.taskId,
        loan_amount: n.loanAmount,
        refund_date: n.refundDate,
        reason: n.reason,
        total_should_receive_amt: n.totalShouldReceAmt,
        total_receive_amt: n.totalReceiveAmt,
        total_allot_confirm_amt: n.totalAllotConfirmAmt,
        user_id: n.userId,
        create_by: n.createBy,
        create_time: n.at,
        update_time: n.at,
        approved_time: null,
        approval_id: null,
      })
      .returning('loan_id')
      .executeTakeFirstOrThrow();
    return r.loan_id;
  }

  async get(loanId: number, forUpdate = false): Promise<Loan | null> {
    if (forUpdate) {
      await this.db
        .selectFrom('fund_loan')
        .select('loan_id')
        .where('loan_id', '=', loanId)
        .forUpdate()
        .execute();
    }
    const r = await this.select().where('l.loan_id', '=', loanId).executeTakeFirst();
    return r === undefined ? null : SqlLoanRepository.view(r);
  }

  async list(q: LoanListQuery, scope: DataScope): Promise<ListPage<Loan>> {
    const where = this.filtered(q.filter, scope);
    const { total, rows } = await countedSortedPage(
      where,
      {
        column: LOAN_SORT[q.sort?.column ?? 'loanId'] ?? 'l.loan_id',
        idColumn: 'l.loan_id',
        direction: q.sort?.direction ?? 'desc',
      },
      q.page,
    );
    return listPage(
      total,
      rows.map((r) => SqlLoanRepository.view(r)),
    );
  }

  async exportBatch(
    filter: LoanListFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly Loan[]> {
    const rows = await this.filtered(filter, scope)
      .where('l.loan_id', '<', before)
      .orderBy('l.loan_id', 'desc')
      .limit(batch)
      .execute();
    return rows.map((r) => SqlLoanRepository.view(r));
  }

  async update(loanId: number, c: LoanChanges, at: Date): Promise<void> {
    await this.db
      .updateTable('fund_loan')
      .set({
        ...(c.loanAmount === undefined ? {} : { loan_amount: c.loanAmount }),
        ...(c.refundDate === undefined ? {} : { refund_date: c.refundDate }),
        ...(c.reason === undefined ? {} : { reason: c.reason }),
        ...(c.status === undefined ? {} : { status: c.status }),
        ...(c.approvalId === undefined
          ? {}
          : { approval_id: c.approvalId === null ? null : Number(c.approvalId) }),
        ...(c.approvedTime === undefined ? {} : { approved_time: c.approvedTime }),
        ...(c.totalShouldReceAmt === undefined
          ? {}
          : { total_should_receive_amt: c.totalShouldReceAmt }),
        ...(c.totalReceiveAmt === undefined ? {} : { total_receive_amt: c.totalReceiveAmt }),
        ...(c.totalAllotConfirmAmt === undefined
          ? {}
          : { total_allot_confirm_amt: c.totalAllotConfirmAmt }),
        update_time: at,
        version: (eb) => eb('version', '+', 1),
      })
      .where('loan_id', '=', loanId)
      .execute();
  }

  async remove(loanId: number, at: Date): Promise<void> {
    await this.db
      .updateTable('fund_loan')
      .set({ del_flag: '2', update_time: at, version: (eb) => eb('version', '+', 1) })
      .where('loan_id', '=', loanId)
      .execute();
  }

  async addRepaid(loanId: number, value: string): Promise<void> {
    await this.db
      .updateTable('fund_loan')
      .set({ repaid_amount: (eb) => eb('repaid_amount', '+', value) })
      .where('loan_id', '=', loanId)
      .execute();
  }
}

// ---- repayments --------------------------------------------------------------------------------

export class SqlRepaymentRepository implements RepaymentRepository {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db
      .selectFrom('fund_repayment as p')
      .innerJoin('fund_loan as l', 'l.loan_id', 'p.loan_id')
      .leftJoin('sys_dept as d', 'd.dept_id', 'l.loan_dept_id')
      .select([
        'p.repayment_id',
        'p.loan_id',
        'l.loan_dept_id',
        'd.dept_name',
        'p.repayment_amount',
        dayOf('p.repayment_date').as('repayment_date'),
        'p.remark',
        'p.user_id',
        'p.create_by',
        'p.create_time',
      ]);
  }

  private static view(r: {
    repayment_id: number;
    loan_id: number;
    loan_dept_id: number;
    dept_name: string | null;
    repayment_amount: string;
    repayment_date: string;
    remark: string;
    user_id: number;
    create_by: string;
    create_time: Date;
  }): Repayment {
    return {
      repaymentId: r.repayment_id,
      loanId: r.loan_id,
      loanDeptId: r.loan_dept_id,
      loanDeptName: r.dept_name ?? '',
      repaymentAmount: amount(r.repayment_amount),
      repaymentDate: r.repayment_date,
      remark: r.remark,
      userId: r.user_id,
      createBy: r.create_by,
      createTime: time(r.create_time),
    };
  }

  private filtered(f: RepaymentListFilter, scope: DataScope) {
    return this.select().where((eb) => {
      const c: Expression<SqlBool>[] = [
        scoped(eb as unknown as AnyEb, scope, 'l.loan_dept_id', 'l.user_id'),
      ];
      if (f.loanId !== undefined) c.push(eb('p.loan_id', '=', f.loanId));
      if (f.loanDeptId !== undefined) c.push(eb('l.loan_dept_id', '=', f.loanDeptId));
      return eb.and(c);
    });
  }

  async insert(n: NewRepayment): Promise<number> {
    const r = await this.db
      .insertInto('fund_repayment')
      .values({
        loan_id: n.loanId,
        repayment_amount: n.repaymentAmount,
        repayment_date: n.repaymentDate,
        remark: n.remark,
        user_id: n.userId,
        create_by: n.createBy,
        create_time: n.at,
      })
      .returning('repayment_id')
      .executeTakeFirstOrThrow();
    return r.repayment_id;
  }

  async get(repaymentId: number): Promise<Repayment | null> {
    const r = await this.select().where('p.repayment_id', '=', repaymentId).executeTakeFirst();
    return r === undefined ? null : SqlRepaymentRepository.view(r);
  }

  async list(q: RepaymentListQuery, scope: DataScope): Promise<ListPage<Repayment>> {
    const where = this.filtered(q.filter, scope);
    const total = await where
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const { limit, offset } = pageBounds(q.page);
    let rows = where.orderBy('p.repayment_id', q.sort?.direction ?? 'desc');
    if (limit !== undefined) rows = rows.limit(limit).offset(offset ?? 0);
    return listPage(
      toCount(total.n),
      (await rows.execute()).map((r) => SqlRepaymentRepository.view(r)),
    );
  }

  async exportBatch(
    filter: RepaymentListFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly Repayment[]> {
    const rows = await this.filtered(filter, scope)
      .where('p.repayment_id', '<', before)
      .orderBy('p.repayment_id', 'desc')
      .limit(batch)
      .execute();
    return rows.map((r) => SqlRepaymentRepository.view(r));
  }
}

// ---- the ledger --------------------------------------------------------------------------------

const FUND_ORDER: LedgerOrder<FundAccount> = { sort: sortAccounts, key: accountKey };

export class SqlFundLedger implements FundLedgerPort {
  constructor(private readonly db: Db) {}

  /**
   * Takes the balances for the rest of the transaction: missing rows are created at zero, then all
   * are read FOR UPDATE in one order, so a second server's movement on the same balance waits.
   */
  async lock(accounts: readonly FundAccount[]): Promise<Map<string, string>> {
    return lockBalances(this.db, accounts, FUND_ORDER);
  }

  async post(
    m: NewMovement,
    postings: readonly Posting[],
    balances: ReadonlyMap<string, string>,
  ): Promise<void> {
    await postMovement(
      this.db,
      postings.map((p) => ({
        movement: m.kind,
        account_kind: p.account.kind,
        account_id: p.account.id,
        amount: p.amount,
        back_money_id: m.backMoneyId ?? null,
        allot_id: m.allotId ?? null,
        loan_id: m.loanId ?? null,
        repayment_id: m.repaymentId ?? null,
        dept_id: m.deptId ?? null,
        contract_id: m.contractId ?? null,
        task_id: m.taskId ?? null,
        create_by: m.createBy,
        create_time: m.at,
      })),
      postings.map((p) => p.account),
      balances,
      m.at,
      FUND_ORDER,
    );
  }

  async entries(f: LedgerFilter): Promise<readonly LedgerEntry[]> {
    const rows = await this.db
      .selectFrom('fund_ledger')
      .selectAll()
      .where((eb) => {
        const c: Expression<SqlBool>[] = [];
        if (f.backMoneyId !== undefined) c.push(eb('back_money_id', '=', f.backMoneyId));
        if (f.loanId !== undefined) c.push(eb('loan_id', '=', f.loanId));
        if (f.taskId !== undefined) c.push(eb('task_id', '=', f.taskId));
        if (f.deptId !== undefined) c.push(eb('dept_id', '=', f.deptId));
        return eb.and(c);
      })
      .orderBy('entry_id')
      .limit(10_000)
      .execute();
    return rows.map((r) => ({
      entryId: Number(r.entry_id),
      movementId: r.movement_id,
      movement: r.movement as FundMovementKind,
      accountKind: r.account_kind,
      accountId: r.account_id,
      amount: amount(r.amount),
      backMoneyId: r.back_money_id,
      allotId: r.allot_id,
      loanId: r.loan_id,
      repaymentId: r.repayment_id,
      deptId: r.dept_id,
      contractId: r.contract_id,
      taskId: r.task_id,
      createBy: r.create_by,
      createTime: time(r.create_time),
    }));
  }

  async reconcile(): Promise<readonly LedgerMismatch[]> {
    const rows = await sql<{
      account_kind: string;
      account_id: number;
      balance: string;
      ledger_sum: string;
    }>`select b.account_kind, b.account_id, b.balance, coalesce(s.total, 0) as ledger_sum
         from fund_balance b
         left join (select account_kind, account_id, sum(amount) as total
                      from fund_ledger group by account_kind, account_id) s
           on s.account_kind = b.account_kind and s.account_id = b.account_id
        where b.balance <> coalesce(s.total, 0) or b.balance < 0
        order by b.account_kind, b.account_id`.execute(this.db);
    return rows.rows.map((r) => ({
      accountKind: r.account_kind,
      accountId: r.account_id,
      balance: amount(r.balance),
      ledgerSum: amount(r.ledger_sum),
    }));
  }
}

// ---- directory ---------------------------------------------------------------------------------

export class SqlFundDirectory implements FundDirectory {
  constructor(private readonly db: Db) {}

  async contract(contractId: number) {
    const r = await this.db
      .selectFrom('contract')
      .select(['contract_id', 'dept_id', 'user_id'])
      .where('contract_id', '=', contractId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return r === undefined
      ? null
      : { contractId: r.contract_id, deptId: r.dept_id, userId: r.user_id };
  }

  async task(taskId: number) {
    const r = await this.db
      .selectFrom('design_task')
      .select([
        'task_id',
        'contract_id',
        'dept_id',
        'task_no',
        'task_name',
        'task_amount',
        'confirm_finish_amount',
      ])
      .where('task_id', '=', taskId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return r === undefined
      ? null
      : {
          taskId: r.task_id,
          contractId: r.contract_id,
          deptId: r.dept_id,
          taskNo: r.task_no,
          taskName: r.task_name,
          taskAmount: amount(r.task_amount),
          confirmFinishAmount: amount(r.confirm_finish_amount),
        };
  }

  async deptName(deptId: number): Promise<string | null> {
    const r = await this.db
      .selectFrom('sys_dept')
      .select('dept_name')
      .where('dept_id', '=', deptId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return r?.dept_name ?? null;
  }

  async visible(scope: DataScope, deptId: number | null, ownerId: number): Promise<boolean> {
    if (scope.kind === 'own') return scope.userId === ownerId;
    return deptInScope(this.db, deptId, scope);
  }

  async teamOwed(deptId: number) {
    const r = await this.db
      .selectFrom('design_task')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<string>('task_amount'), sql<string>`0`).as('should'),
        eb.fn.coalesce(eb.fn.sum<string>('confirm_finish_amount'), sql<string>`0`).as('confirmed'),
      ])
      .where('dept_id', '=', deptId)
      .where('del_flag', '=', '0')
      .executeTakeFirstOrThrow();
    return { totalShouldReceAmt: amount(r.should), totalAllotConfirmAmt: amount(r.confirmed) };
  }

  async pendingLoans(deptId: number, exceptLoanId?: number): Promise<string> {
    let q = this.db
      .selectFrom('fund_loan')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('loan_amount'), sql<string>`0`).as('n'))
      .where('loan_dept_id', '=', deptId)
      .where('status', '=', 1)
      .where('del_flag', '=', '0');
    if (exceptLoanId !== undefined) q = q.where('loan_id', '<>', exceptLoanId);
    return amount((await q.executeTakeFirstOrThrow()).n);
  }

  async contractTasks(contractId: number): Promise<readonly BackMoneyTaskRow[]> {
    const rows = await this.db
      .selectFrom('design_task as t')
      .leftJoin('sys_dept as d', 'd.dept_id', 't.dept_id')
      .select((eb) => [
        't.task_id',
        't.contract_id',
        't.dept_id',
        'd.dept_name',
        't.task_no',
        't.task_name',
        't.task_amount',
        't.confirm_finish_amount',
        eb
          .selectFrom('back_money_allot as a')
          .select((e) => e.fn.coalesce(e.fn.sum<string>('a.allot_amount'), sql<string>`0`).as('s'))
          .whereRef('a.task_id', '=', 't.task_id')
          .as('allotted'),
      ])
      .where('t.contract_id', '=', contractId)
      .where('t.del_flag', '=', '0')
      .orderBy('t.task_id')
      .execute();
    return rows.map((r) => ({
      taskId: r.task_id,
      contractId: r.contract_id,
      deptId: r.dept_id,
      deptName: r.dept_name ?? '',
      taskNo: r.task_no,
      taskName: r.task_name,
      taskAmount: amount(r.task_amount),
      confirmFinishAmount: amount(r.confirm_finish_amount),
      allottedAmount: amount(r.allotted),
    }));
  }
}

// ---- approvals ---------------------------------------------------------------------------------

/** Sends loan agreements through the approval engine inside the fund's transaction. */
export class EngineFundApprovalPort implements FundApprovalPort {
  constructor(
    private readonly trx: Db,
    private readonly linked: LinkedRecordRegistry<Db>,
    private readonly clock: EngineClock,
  ) {}

  async submitLoan(request: Parameters<FundApprovalPort['submitLoan']>[0]) {
    return submitRecordForApproval(
      this.trx,
      this.linked,
      this.clock,
      { ...request, kind: 'Common', typeCode: LOAN_TYPE_CODE, recordKind: LOAN_RECORD_KIND },
      'fund.submitLoan',
    );
  }
}

/** The fund ports bound to one connection or transaction. */
export function createFundRepositories(
  db: Db,
  linked: LinkedRecordRegistry<Db>,
  clock: EngineClock,
): FundRepositories {
  return {
    backMoney: new SqlBackMoneyRepository(db),
    loans: new SqlLoanRepository(db),
    repayments: new SqlRepaymentRepository(db),
    ledger: new SqlFundLedger(db),
    directory: new SqlFundDirectory(db),
    approvals: new EngineFundApprovalPort(db, linked, clock),
  };
}

/**
 * Registers the loan's handler: an approved loan agreement posts the loan in its transaction, and
 * the loan's applicant (its `user_id`) is its author, kept off its approval even when a colleague
 * sends it (separation of duties).
 */
export function registerFundRecords(linked: LinkedRecordRegistry<Db>): LinkedRecordRegistry<Db> {
  return linked.register(LOAN_RECORD_KIND, (trx) => ({
    approvalEnded: (event) =>
      moveLoanOnApproval(createFundRepositories(trx, linked, { now: () => event.at }), event),
    authorOf: (recordId) => recordAuthor(trx, 'fund_loan', recordId),
  }));
}
