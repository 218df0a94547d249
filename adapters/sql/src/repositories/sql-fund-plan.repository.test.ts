import {
  ALL_DATA,
  clockAt,
  FundPlanService,
  registerFundPlanRecords,
  type FundPlanActor,
  type FundPlanInput,
} from '@dpms/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { createLinkedRecordRegistry } from './sql-approval.repository.js';
import { KyselyUnitOfWork } from './platform-repositories.js';
import { SqlFundLedger } from './sql-fund.repository.js';
import { createFundPlanRepositories } from './sql-fund-plan.repository.js';
import { value, failure } from '../testing/results.js';

const finance: FundPlanActor = { userId: 8, userName: 'caiwu', deptId: 103, scope: ALL_DATA };
const stranger: FundPlanActor = {
  userId: 16,
  userName: 'bmfzr2',
  deptId: 112,
  scope: { kind: 'deptAndBelow', deptId: 112 },
};

describe.each(testDatabaseKinds())('fund plan repositories on %s', (kind) => {
  let handle: DatabaseHandle;
  let service: FundPlanService;
  let contractId: number;
  const linked = createLinkedRecordRegistry();
  const clock = { now: () => new Date() };
  registerFundPlanRecords(linked, (trx, at) =>
    createFundPlanRepositories(trx, linked, clockAt(at, clock)),
  );

  const end = (recordKind: string, recordId: number, approvalId: string, status: 1 | 2 | 3) =>
    handle.db.transaction().execute((trx) =>
      linked.bind(trx).approvalEnded({
        approvalId,
        typeCode: '8_1',
        recordKind,
        recordId: String(recordId),
        status,
        content: {},
        drafterId: '8',
        at: new Date(),
      }),
    );

  const plan = (month: string, extra: Partial<FundPlanInput> = {}): FundPlanInput => ({
    deptId: 110,
    planMonth: month,
    reason: '月度资金安排',
    lines: [
      {
        lineKind: 'income',
        subjectName: '合同回款',
        contractId,
        amount: '50',
        paybackRate: '0.4',
        allotAmount: '20',
      },
      { lineKind: 'rigid', subjectName: '工资', amount: '12.5' },
      { lineKind: 'rigid', subjectName: '房租', amount: '3' },
      { lineKind: 'payment', subjectName: '分包付款', amount: '10' },
    ],
    ...extra,
  });

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    service = new FundPlanService(
      new KyselyUnitOfWork(handle.db, (trx) => createFundPlanRepositories(trx, linked, clock)),
      clock,
    );
    const c = await handle.db
      .selectFrom('contract')
      .select('contract_id')
      .where('del_flag', '=', '0')
      .orderBy('contract_id')
      .executeTakeFirstOrThrow();
    contractId = c.contract_id;
  });
  afterAll(async () => {
    await handle.close();
  });

  it('the demo seed holds approved plans with execution, and the ledger still reconciles', async () => {
    const plans = await handle.db
      .selectFrom('fund_plan')
      .select(['dept_id', 'plan_month', 'status', 'executed_amount'])
      .where('del_flag', '=', '0')
      .where('plan_month', '<', '2031-01')
      .execute();
    expect(plans.filter((p) => p.status === 2).length).toBeGreaterThanOrEqual(4);
    expect(plans.some((p) => p.status === 0)).toBe(true);
    expect(plans.filter((p) => p.status === 2 && Number(p.executed_amount) > 0).length).toBe(
      plans.filter((p) => p.status === 2).length,
    );
    const lines = await handle.db
      .selectFrom('fund_plan_line as l')
      .innerJoin('contract as c', 'c.contract_id', 'l.contract_id')
      .select(['l.line_kind', 'c.stage'])
      .execute();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.line_kind === 'income' && l.stage === 'formal')).toBe(true);
    const over = await handle.db
      .selectFrom('fund_plan_line')
      .select('line_id')
      .whereRef('executed_amount', '>', 'amount')
      .execute();
    expect(over).toEqual([]);
    expect(await new SqlFundLedger(handle.db).reconcile()).toEqual([]);
  });

  it('keeps the column contract the fund payment checks read', async () => {
    const p = value(await service.savePlan(plan('2031-01'), finance));
    const row = await handle.db
      .selectFrom('fund_plan')
      .select(['id', 'dept_id', 'plan_month', 'status', 'total_amount'])
      .where('id', '=', p.planId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id: p.planId, dept_id: 110, plan_month: '2031-01', status: 0 });
    expect(Number(row.total_amount)).toBe(25.5);
    expect(p).toMatchObject({
      totalAmount: '25.5',
      incomeAmount: '50',
      reserveAmount: '31',
      confirmAmount: '8',
      balanceAmount: '24.5',
      deptName: '建筑一所',
    });
    expect(p.lines.map((l) => l.confirmAmount)).toEqual(['8', '0', '0', '0']);
  });

  it('approves one plan per department and month and locks it', async () => {
    const a = value(await service.savePlan(plan('2031-02'), finance));
    const b = value(await service.savePlan(plan('2031-02'), finance));
    const sent = value(await service.submitPlan(a.planId, finance));
    expect(sent.status).toBe(1);
    expect(sent.approvalKind).toBe('8_1');
    expect(failure(await service.submitPlan(b.planId, finance))).toBe(
      'FUND_PLAN.MONTH_TAKEN|planMonth',
    );
    value(await end('fund.plan', a.planId, sent.approvalId ?? '', 1));
    const approved = value(await service.detailPlan(a.planId, finance));
    expect(approved.status).toBe(2);
    expect(failure(await service.savePlan(plan('2031-02'), finance, a.planId))).toBe(
      'FUND_PLAN.LOCKED|',
    );
    expect(failure(await service.removePlan(a.planId, finance))).toBe('FUND_PLAN.LOCKED|');
    expect(failure(await service.submitPlan(b.planId, finance))).toBe(
      'FUND_PLAN.MONTH_TAKEN|planMonth',
    );
    // The export walks every plan of the month, newest first, one batch at a time.
    const exported: number[] = [];
    for await (const row of service.exportPlans({ planMonth: '2031-02' }, finance, 1))
      exported.push(row.planId);
    expect(exported).toEqual([b.planId, a.planId]);
    // The database refuses a second approved plan even past the rules.
    await expect(
      handle.db.updateTable('fund_plan').set({ status: 2 }).where('id', '=', b.planId).execute(),
    ).rejects.toThrow();
  });

  it('unlocks a rejected plan and a deficit plan travels on 8_2', async () => {
    const p = value(
      await service.savePlan(
        plan('2031-03', { lines: [{ lineKind: 'rigid', subjectName: '工资', amount: '1' }] }),
        finance,
      ),
    );
    const sent = value(await service.submitPlan(p.planId, finance));
    expect(sent.approvalKind).toBe('8_2');
    value(await end('fund.plan', p.planId, sent.approvalId ?? '', 2));
    expect(value(await service.detailPlan(p.planId, finance)).status).toBe(3);
    const edited = value(
      await service.savePlan(plan('2031-03'), finance, p.planId, { version: sent.version + 1 }),
    );
    expect(edited.lines).toHaveLength(4);
    expect(edited.status).toBe(3);
  });

  it('keeps other departments out of scope', async () => {
    const p = value(await service.savePlan(plan('2031-04'), finance));
    expect(failure(await service.detailPlan(p.planId, stranger))).toBe(
      'FUND_PLAN.PLAN_NOT_FOUND|planId',
    );
    expect(failure(await service.savePlan(plan('2031-04'), stranger))).toBe(
      'FUND_PLAN.OUT_OF_SCOPE|deptId',
    );
    const list = await service.listPlans({ filter: { planMonth: '2031-04' } }, stranger);
    expect(list.total).toBe(0);
  });

  it('records approved execution within the plan and refuses more unless over-plan', async () => {
    const p = value(await service.savePlan(plan('2031-05'), finance));
    const sent = value(await service.submitPlan(p.planId, finance));
    value(await end('fund.plan', p.planId, sent.approvalId ?? '', 1));
    const wages = p.lines.find((l) => l.subjectName === '工资')?.lineId ?? 0;
    const rent = p.lines.find((l) => l.subjectName === '房租')?.lineId ?? 0;
    const draft = value(
      await service.savePerform(
        {
          planId: p.planId,
          lineKind: 'rigid',
          performDate: '2031-05-10',
          lines: [
            { planLineId: wages, amount: '12' },
            { planLineId: rent, amount: '3' },
          ],
        },
        finance,
      ),
    );
    expect(draft.totalAmount).toBe('15');
    const perf = value(await service.submitPerform(draft.performId, finance));
    expect(perf.approvalKind).toBe('26_1');
    // Held by the sheet in approval: another sheet may take only what is left.
    expect(
      failure(
        await service.savePerform(
          {
            planId: p.planId,
            lineKind: 'rigid',
            performDate: '2031-05-20',
            lines: [{ planLineId: wages, amount: '0.500001' }],
          },
          finance,
        ),
      ),
    ).toBe('FUND_PLAN.OVER_PLAN|lines[0].amount');
    value(await end('fund.perform', perf.performId, perf.approvalId ?? '', 1));
    const after = value(await service.detailPlan(p.planId, finance));
    expect(after.executedAmount).toBe('15');
    expect(after.lines.find((l) => l.lineId === wages)?.executedAmount).toBe('12');
    const over = value(
      await service.savePerform(
        {
          planId: p.planId,
          lineKind: 'rigid',
          performDate: '2031-05-28',
          overPlan: true,
          lines: [{ planLineId: wages, amount: '2' }],
        },
        finance,
        undefined,
        { submit: true },
      ),
    );
    expect(over.approvalKind).toBe('9_2');
    expect(over.status).toBe(1);
    expect(failure(await service.removePerform(over.performId, finance))).toBe('FUND_PLAN.LOCKED|');
    expect(failure(await service.removePlan(p.planId, finance))).toBe('FUND_PLAN.LOCKED|');
    const sheets: number[] = [];
    for await (const row of service.exportPerforms({ planId: p.planId }, finance, 1))
      sheets.push(row.performId);
    expect(sheets).toEqual([over.performId, perf.performId]);
    const chart = value(await service.chart('2031-05', finance, 110));
    expect(chart.at(-1)).toEqual({
      month: '2031-05',
      planIncome: '50',
      planSpend: '25.5',
      performIncome: '0',
      performSpend: '15',
    });
    // Execution moves no balance the fund ledger keeps: it still reconciles.
    expect(await new SqlFundLedger(handle.db).reconcile()).toEqual([]);
  });

  it('refuses execution on a plan not yet approved', async () => {
    const p = value(await service.savePlan(plan('2031-06'), finance));
    expect(
      failure(
        await service.savePerform(
          {
            planId: p.planId,
            lineKind: 'rigid',
            performDate: '2031-06-01',
            lines: [{ planLineId: p.lines[1]?.lineId ?? 0, amount: '1' }],
          },
          finance,
        ),
      ),
    ).toBe('FUND_PLAN.PLAN_NOT_APPROVED|planId');
  });
});
