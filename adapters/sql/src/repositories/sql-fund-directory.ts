import {
  personNameOf,
  accountKey,
  sortAccounts,
  type BackMoneyTaskRow,
  type DataScope,
  type FundAccount,
  type FundDirectory,
  type FundLedgerPort,
  type FundMovementKind,
  type LedgerEntry,
  type LedgerFilter,
  type LedgerMismatch,
  type NewMovement,
  type Posting,
} from '@dpms/core';
import { taskAllottedSum } from '../read-models/contract-figures.js';
import { sql, type Expression, type SqlBool } from 'kysely';
import { lockBalances, postMovement, type LedgerOrder } from './sql-fund-ledger.js';
import { nickNameOf, deptInScope } from './sql-helpers.js';
import { amount, time, type Db } from './sql-fund-shared.js';

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
      .select(nickNameOf('fund_ledger.create_by').as('create_by_name'))
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
      createByName: personNameOf(r.create_by, r.create_by_name),
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
      .select([
        't.task_id',
        't.contract_id',
        't.dept_id',
        'd.dept_name',
        't.task_no',
        't.task_name',
        't.task_amount',
        't.confirm_finish_amount',
        taskAllottedSum('t.task_id').as('allotted'),
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
