import {
  ALL_DATA,
  approveLoanPostings,
  FundService,
  loanAccount,
  moveBalances,
  ok,
  teamLoanAccount,
  teamReceivedAccount,
  type FundActor,
  type Result,
} from '@dpms/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database/schema.js';
import { KyselyUnitOfWork } from '../repositories/platform-repositories.js';
import { createLinkedRecordRegistry } from '../repositories/sql-approval.repository.js';
import { createFundRepositories } from '../repositories/sql-fund.repository.js';
import { claimSeed } from './seed-claim.js';

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`fund demo seed: ${r.error.code} ${r.error.message}`);
  return r.value;
};

/**
 * Back money, allotments, loans and repayments on the demo design tasks: every amount
 * goes through the fund rules and the ledger, so balances and ledger reconcile at first start.
 * Loans are on 结构所 (112); 建筑一所 (110) has back money allotted but owes nothing. Claimed once
 * by name; only on a demo institute with the demo task sheets.
 */
export async function seedFundDemo(
  trx: Transaction<Database>,
  options: { readonly demo: boolean; readonly now?: Date },
): Promise<void> {
  if (!options.demo) return;
  const tasks = await trx
    .selectFrom('design_task as t')
    .innerJoin('contract as c', 'c.contract_id', 't.contract_id')
    .select(['t.task_id', 't.task_name', 't.dept_id', 'c.contract_id', 'c.contract_no'])
    .where('c.contract_no', 'like', 'RW-DEMO-HT-%')
    .orderBy('t.task_id')
    .execute();
  const finance = await trx
    .selectFrom('sys_user')
    .select(['user_id', 'user_name', 'dept_id'])
    .where('user_name', '=', 'caiwu')
    .executeTakeFirst();
  if (tasks.length === 0 || finance === undefined) return;
  if (!(await claimSeed(trx, 'fund-demo'))) return;

  const now = options.now ?? new Date();
  const year = now.toISOString().slice(0, 4);
  const db = trx as Kysely<Database>;
  const clock = { now: () => now };
  const linked = createLinkedRecordRegistry();
  const service = new FundService(
    new KyselyUnitOfWork(db, (t) => createFundRepositories(t, linked, clock)),
    clock,
  );
  const actor: FundActor = {
    userId: finance.user_id,
    userName: finance.user_name,
    deptId: finance.dept_id,
    scope: ALL_DATA,
  };
  const task = (name: string) => {
    const t = tasks.find((x) => x.task_name === name);
    if (t === undefined || t.dept_id === null) throw new Error(`fund demo seed: no task ${name}`);
    return { ...t, dept_id: t.dept_id };
  };
  const contractOf = (no: string) => {
    const t = tasks.find((x) => x.contract_no === no);
    if (t === undefined) throw new Error(`fund demo seed: no contract ${no}`);
    return t.contract_id;
  };

  // Back money on each demo contract, allotted in part to the teams and tasks.
  const b1 = value(
    await service.addBackMoney(
      {
        contractId: contractOf('RW-DEMO-HT-001'),
        backAmount: '120',
        backDate: `${year}-03-15`,
        remark: '一期进度款',
      },
      actor,
    ),
  );
  const k1 = task('科创园一期方案设计');
  value(
    await service.allot(
      b1.backMoneyId,
      [
        { deptId: k1.dept_id, taskId: k1.task_id, allotAmount: '20', remark: '方案设计分配' },
        { deptId: k1.dept_id, allotAmount: '30', remark: '部门统筹' },
      ],
      2,
      actor,
    ),
  );
  const b2 = value(
    await service.addBackMoney(
      {
        contractId: contractOf('RW-DEMO-HT-002'),
        backAmount: '60',
        backDate: `${year}-04-20`,
        remark: '施工图完成回款',
      },
      actor,
    ),
  );
  const v1 = task('游客中心施工图设计');
  value(
    await service.allot(
      b2.backMoneyId,
      [{ deptId: v1.dept_id, taskId: v1.task_id, allotAmount: '15.5' }],
      1,
      actor,
    ),
  );
  const b3 = value(
    await service.addBackMoney(
      {
        contractId: contractOf('RW-DEMO-HT-003'),
        backAmount: '40',
        backDate: `${year}-05-10`,
        remark: '首付款',
      },
      actor,
    ),
  );
  const s1 = task('实验学校结构初步设计');
  value(
    await service.allot(
      b3.backMoneyId,
      [{ deptId: s1.dept_id, taskId: s1.task_id, allotAmount: '10' }],
      1,
      actor,
    ),
  );

  // 结构所 borrows against what it is owed: one loan in effect and partly repaid, one draft.
  const loan = value(
    await service.addLoan(
      {
        taskId: s1.task_id,
        loanAmount: '20',
        refundDate: `${year}-12-31`,
        reason: '支付外协结构计算费',
      },
      actor,
    ),
  );
  // The demo loan is seeded as already approved (no approval sheet of its own): post it as the
  // loan agreement's approval would.
  const repos = createFundRepositories(db, linked, clock);
  value(
    await moveBalances(repos.ledger, {
      accounts: [
        loanAccount(loan.loanId),
        teamLoanAccount(loan.loanDeptId),
        teamReceivedAccount(loan.loanDeptId),
      ],
      movement: {
        kind: 'loan.approve',
        loanId: loan.loanId,
        deptId: loan.loanDeptId,
        ...(loan.contractId === null ? {} : { contractId: loan.contractId }),
        taskId: loan.taskId,
        createBy: actor.userName,
        at: now,
      },
      plan: () => ok(approveLoanPostings(loan.loanId, loan.loanDeptId, loan.loanAmount)),
    }),
  );
  await repos.loans.update(loan.loanId, { status: 2, approvedTime: now }, now);
  value(
    await service.repay(
      {
        loanId: loan.loanId,
        repaymentAmount: '5',
        repaymentDate: `${year}-06-30`,
        remark: '首期还款',
      },
      actor,
    ),
  );
  value(
    await service.addLoan(
      { loanDeptId: s1.dept_id, loanAmount: '8', refundDate: `${year}-12-31`, reason: '备用金' },
      actor,
    ),
  );
}
