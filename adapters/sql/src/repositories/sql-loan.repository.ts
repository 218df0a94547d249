import { recordAuthor } from './record-author.js';
import { nickNameOf, scoped } from './sql-helpers.js';
import {
  personNameOf,
  type DataScope,
  type ListPage,
  type Loan,
  type LoanChanges,
  type LoanListFilter,
  type LoanListQuery,
  type LoanRepository,
  type LoanStatus,
  type NewLoan,
  type NewRepayment,
  type Repayment,
  type RepaymentListFilter,
  type RepaymentListQuery,
  type RepaymentRepository,
} from '@dpms/core';
import { type Expression, type SqlBool } from 'kysely';
import { countedSortedPage, listPage, pageBounds, toCount } from './sql-helpers.js';
import { amount, dayOf, time, type AnyEb, type Db } from './sql-fund-shared.js';

// ---- loans -------------------------------------------------------------------------------------

const LOAN_SORT: Readonly<Record<string, string>> = {
  loanId: 'l.loan_id',
  loanAmount: 'l.loan_amount',
  refundDate: 'l.refund_date',
};

export class SqlLoanRepository implements LoanRepository {
  constructor(private readonly db: Db) {}

  authorOf(recordId: string) {
    return recordAuthor(this.db, 'fund_loan', recordId);
  }

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
        nickNameOf('l.create_by').as('create_by_name'),
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
    create_by_name?: string | null;
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
      createByName: personNameOf(r.create_by, r.create_by_name),
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
        nickNameOf('p.create_by').as('create_by_name'),
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
    create_by_name?: string | null;
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
      createByName: personNameOf(r.create_by, r.create_by_name),
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
