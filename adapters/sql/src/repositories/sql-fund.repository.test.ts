import {
  ALL_DATA,
  clockAt,
  FundService,
  registerFundRecords,
  type FundActor,
  type Result,
} from '@dpms/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { createLinkedRecordRegistry } from './sql-approval.repository.js';
import { KyselyUnitOfWork } from './platform-repositories.js';
import { createFundRepositories } from './sql-fund.repository.js';
import { value } from '../testing/results.js';

const code = (r: Result<unknown>): string => (r.ok ? 'ok' : r.error.code);

// Demo institute: caiwu 8 (finance, all data), xmjl 3 (建筑一所 110), bmfzr2 16 (head of 结构所 112).
const finance: FundActor = { userId: 8, userName: 'caiwu', deptId: 103, scope: ALL_DATA };
const manager: FundActor = { userId: 3, userName: 'xmjl', deptId: 110, scope: ALL_DATA };
const stranger: FundActor = {
  userId: 16,
  userName: 'bmfzr2',
  deptId: 112,
  scope: { kind: 'deptAndBelow', deptId: 112 },
};

describe.each(testDatabaseKinds())('fund repositories on %s', (kind) => {
  let handle: DatabaseHandle;
  let service: FundService;
  let contractId: number;
  let taskId: number;
  const linked = createLinkedRecordRegistry();
  const clock = { now: () => new Date() };
  registerFundRecords(linked, (trx, at) => createFundRepositories(trx, linked, clockAt(at, clock)));

  const approve = (loanId: number, approvalId: string, status: 1 | 2 = 1) =>
    handle.db.transaction().execute((trx) =>
      linked.bind(trx).approvalEnded({
        approvalId,
        typeCode: '10_1',
        recordKind: 'fund.loan',
        recordId: String(loanId),
        status,
        content: {},
        drafterId: '3',
        at: new Date(),
      }),
    );

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    service = new FundService(
      new KyselyUnitOfWork(handle.db, (trx) => createFundRepositories(trx, linked, clock)),
      clock,
    );
    const c = await handle.db
      .insertInto('contract')
      .values({
        stage: 'formal',
        status: 1,
        project_name: '资金测试项目',
        contract_name: '资金测试合同',
        biz_source: '1',
        total_amount: '500',
        dept_id: 110,
        user_id: 3,
      })
      .returning('contract_id')
      .executeTakeFirstOrThrow();
    contractId = c.contract_id;
    const t = await handle.db
      .insertInto('design_task')
      .values({
        contract_id: contractId,
        task_no: `FUND-${kind}-1`,
        task_name: '资金测试任务',
        design_stage_id: '3',
        design_user_id: 4,
        project_manager_id: 3,
        plan_finish_date: '2026-12-31',
        task_amount: '100',
        confirm_finish_amount: '40',
        major_list: '[]',
        dept_id: 110,
        user_id: 3,
      })
      .returning('task_id')
      .executeTakeFirstOrThrow();
    taskId = t.task_id;
  });
  afterAll(() => handle.close());

  it('the demo data reconciles at first start: back money, allotments, a loan in effect', async () => {
    expect(await service.reconcile()).toEqual([]);
    const backs = await service.listBackMoney({ filter: {} }, finance);
    expect(backs.rows.map((b) => b.backAmount).sort()).toEqual(['120', '40', '60']);
    // 50 of the 120 is allotted to teams; the demo payments may draw on what is left, so the
    // unallotted figure is whatever its ledger says (reconciled above) and at most 70.
    const first = backs.rows.find((b) => b.backAmount === '120');
    const allotted = await service.allotments(first?.backMoneyId ?? 0, finance);
    expect(value(allotted).map((a) => a.allotAmount)).toEqual(['20', '30']);
    expect(Number(first?.unallottedAmount)).toBeLessThanOrEqual(70);
    const loans = await service.listLoans({ filter: { loanDeptId: 112 } }, finance);
    expect(loans.rows.map((l) => [l.status, l.loanAmount, l.outstandingAmount])).toEqual([
      [0, '8', '0'],
      [2, '20', '15'],
    ]);
    const pos = value(await service.teamPosition({ deptId: 112 }, finance));
    expect(pos).toMatchObject({ totalReceiveAmt: '10', outstandingLoanAmt: '15' });
  });

  it('records back money, allots it, refuses over-allotting, and the ledger reconciles', async () => {
    const b = value(
      await service.addBackMoney(
        { contractId, backAmount: '30', backDate: '2026-03-01', remark: '首笔' },
        finance,
      ),
    );
    expect(b).toMatchObject({ backAmount: '30', unallottedAmount: '30', allottedAmount: '0' });
    const lines = value(
      await service.allot(
        b.backMoneyId,
        [
          { deptId: 110, taskId, allotAmount: '20' },
          { deptId: 112, allotAmount: '5' },
        ],
        2,
        finance,
      ),
    );
    expect(lines.map((l) => l.allotAmount)).toEqual(['20', '5']);
    expect(lines[0]?.taskName).toBe('资金测试任务');
    const over = await service.allot(
      b.backMoneyId,
      [{ deptId: 110, allotAmount: '5.000001' }],
      1,
      finance,
    );
    expect(code(over)).toBe('FUND.OVER_ALLOT');
    expect(value(await service.getBackMoney(b.backMoneyId, finance)).unallottedAmount).toBe('5');
    expect(
      code(
        await service.modifyBackMoney(
          { backMoneyId: b.backMoneyId, contractId, backAmount: '24', backDate: '2026-03-01' },
          finance,
        ),
      ),
    ).toBe('FUND.BACK_BELOW_ALLOTTED');
    expect(code(await service.deleteBackMoney(b.backMoneyId, finance))).toBe(
      'FUND.BACK_MONEY_IN_USE',
    );
    const history = value(await service.backMoneyHistory(b.backMoneyId, finance));
    expect(history.map((e) => e.movement)).toEqual([
      'backMoney.record',
      'allot',
      'allot',
      'allot',
      'allot',
    ]);
    expect(await service.reconcile()).toEqual([]);
  });

  it('lends within what the team is owed, only after approval, and refuses repaying more', async () => {
    // 建筑一所 is owed Σ task amounts (100 plus any seeded) less what it received.
    const pos = value(await service.teamPosition({ deptId: 110 }, finance));
    const room = pos.borrowableAmt;
    const tooMuch = await service.addLoan(
      { loanDeptId: 110, loanAmount: (Number(room) + 1).toFixed(0), refundDate: '2026-12-31' },
      manager,
    );
    expect(code(tooMuch)).toBe('FUND.LOAN_LIMIT');
    const loan = value(
      await service.addLoan(
        { taskId, loanAmount: '10', refundDate: '2026-12-31', reason: '周转' },
        manager,
        true,
      ),
    );
    expect(loan).toMatchObject({ status: 1, loanDeptId: 110, outstandingAmount: '0' });
    expect(
      code(
        await service.repay(
          { loanId: loan.loanId, repaymentAmount: '1', repaymentDate: '2026-04-01' },
          finance,
        ),
      ),
    ).toBe('FUND.LOAN_NOT_APPROVED');
    expect(code(await service.modifyLoan({ loanId: loan.loanId, loanAmount: '1' }, manager))).toBe(
      'FUND.LOAN_LOCKED',
    );
    expect((await approve(loan.loanId, loan.approvalId ?? '')).ok).toBe(true);
    const approved = value(await service.getLoan(loan.loanId, finance));
    expect(approved).toMatchObject({ status: 2, outstandingAmount: '10' });
    value(
      await service.repay(
        { loanId: loan.loanId, repaymentAmount: '4', repaymentDate: '2026-04-01' },
        finance,
      ),
    );
    const over = await service.repay(
      { loanId: loan.loanId, repaymentAmount: '6.000001', repaymentDate: '2026-04-02' },
      finance,
    );
    expect(code(over)).toBe('FUND.OVER_REPAY');
    expect(!over.ok && over.error.field).toBe('repaymentAmount');
    const after = value(await service.getLoan(loan.loanId, finance));
    expect(after).toMatchObject({ repaidAmount: '4', outstandingAmount: '6' });
    const trans = value(await service.taskTransactions(taskId, finance));
    expect(trans.map((e) => e.movement)).toContain('repayment');
    expect(await service.reconcile()).toEqual([]);
  });

  it('a turned-down loan moves nothing and can be changed and deleted', async () => {
    const loan = value(
      await service.addLoan(
        { loanDeptId: 110, loanAmount: '1', refundDate: '2026-12-31' },
        manager,
        true,
      ),
    );
    expect((await approve(loan.loanId, loan.approvalId ?? '', 2)).ok).toBe(true);
    expect(value(await service.getLoan(loan.loanId, finance))).toMatchObject({
      status: 3,
      outstandingAmount: '0',
    });
    expect(
      value(await service.modifyLoan({ loanId: loan.loanId, loanAmount: '2' }, manager)).loanAmount,
    ).toBe('2');
    value(await service.deleteLoan(loan.loanId, manager));
    expect(code(await service.getLoan(loan.loanId, finance))).toBe('FUND.LOAN_NOT_FOUND');
  });

  it('keeps another department out', async () => {
    const b = value(
      await service.addBackMoney({ contractId, backAmount: '1', backDate: '2026-03-02' }, finance),
    );
    expect(code(await service.getBackMoney(b.backMoneyId, stranger))).toBe('FUND.OUT_OF_SCOPE');
    expect(
      code(await service.allot(b.backMoneyId, [{ deptId: 112, allotAmount: '1' }], 1, stranger)),
    ).toBe('FUND.OUT_OF_SCOPE');
    const page = await service.listBackMoney({ filter: { contractId } }, stranger);
    expect(page.total).toBe(0);
  });

  it('exports page by page, newest first, every row once', async () => {
    const all = await service.listBackMoney({ filter: { contractId } }, finance);
    const rows = [];
    for await (const b of service.exportBackMoney({ contractId }, finance, 1)) rows.push(b);
    expect(rows.map((b) => b.backMoneyId)).toEqual(all.rows.map((b) => b.backMoneyId));
    expect(all.total).toBeGreaterThan(1);
  });

  it('the ledger refuses updates and deletes, and no balance may go below zero', async () => {
    await expect(sql`update fund_ledger set amount = 1`.execute(handle.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from fund_ledger`.execute(handle.db)).rejects.toThrow(/append-only/);
    await expect(
      sql`update fund_balance set balance = -1 where account_kind = 'backMoney'`.execute(handle.db),
    ).rejects.toThrow();
  });

  it('concurrent allotments of one back money never both pass the check', async () => {
    const b = value(
      await service.addBackMoney({ contractId, backAmount: '10', backDate: '2026-03-03' }, finance),
    );
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        service.allot(b.backMoneyId, [{ deptId: 110, allotAmount: '3' }], 1, finance),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok).map(code)).toEqual([
      'FUND.OVER_ALLOT',
      'FUND.OVER_ALLOT',
      'FUND.OVER_ALLOT',
    ]);
    expect(value(await service.getBackMoney(b.backMoneyId, finance)).unallottedAmount).toBe('1');
    expect(await service.reconcile()).toEqual([]);
  });
});
