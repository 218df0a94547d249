import { ALL_DATA, clockAt, FundPayService, FundService, registerFundPayRecords } from '@dpms/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { createLinkedRecordRegistry } from './sql-approval.repository.js';
import { KyselyUnitOfWork } from './platform-repositories.js';
import { createFundPayRepositories } from './sql-fund-pay.repository.js';
import { createFundRepositories } from './sql-fund.repository.js';
import { value } from '../testing/results.js';

const finance = { userId: 8, userName: 'caiwu', deptId: 103, scope: ALL_DATA };

describe.each(testDatabaseKinds())('fund payment repositories on %s', (kind) => {
  let handle: DatabaseHandle;
  const linked = createLinkedRecordRegistry();
  const clock = { now: () => new Date() };
  registerFundPayRecords(linked, (trx, at) =>
    createFundPayRepositories(trx, linked, clockAt(at, clock)),
  );
  const mismatches = async () =>
    (
      await sql<{ n: string }>`select count(*) as n from fund_balance b
        left join (select account_kind, account_id, sum(amount) as s from fund_ledger
                    group by account_kind, account_id) l
          on l.account_kind = b.account_kind and l.account_id = b.account_id
       where b.balance <> coalesce(l.s, 0) or b.balance < 0`.execute(handle.db)
    ).rows[0]?.n;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.close());

  it('seeds demo plans and payments whose paid net pay reconciles with the ledger', async () => {
    const pays = await handle.db
      .selectFrom('fund_pay')
      .select(['status', 'real_pay_amount'])
      .orderBy('pay_id')
      .execute();
    expect(pays.map((p) => p.status)).toEqual([2, 2, 0]);
    const paidLedger = await sql<{ s: string }>`select sum(amount) as s from fund_ledger
       where movement = 'fundPay.pay' and account_kind = 'fundPay'`.execute(handle.db);
    expect(Number(paidLedger.rows[0]?.s)).toBe(13.46); // 6 × 0.95 + 8 × 0.97
    expect(Number(await mismatches())).toBe(0);
    const plans = await handle.db.selectFrom('payment_plan').select('payment_plan_id').execute();
    expect(plans).toHaveLength(4);
  });

  it('draws a payment from the oldest back money record first, across records', async () => {
    const c = await handle.db
      .insertInto('contract')
      .values({
        stage: 'formal',
        status: 1,
        project_name: '付款仓储测试项目',
        contract_name: '付款仓储测试合同',
        biz_source: '1',
        total_amount: '100',
        dept_id: 110,
        user_id: 3,
      })
      .returning('contract_id')
      .executeTakeFirstOrThrow();
    const fund = new FundService(
      new KyselyUnitOfWork(handle.db, (t) => createFundRepositories(t, linked, clock)),
      clock,
    );
    const pays = new FundPayService(
      new KyselyUnitOfWork(handle.db, (t) => createFundPayRepositories(t, linked, clock)),
      clock,
    );
    const b1 = value(
      await fund.addBackMoney(
        { contractId: c.contract_id, backAmount: '3', backDate: '2026-01-05' },
        finance,
      ),
    );
    const b2 = value(
      await fund.addBackMoney(
        { contractId: c.contract_id, backAmount: '4', backDate: '2026-02-05' },
        finance,
      ),
    );
    const plan = value(
      await pays.addPlan(
        {
          contractId: c.contract_id,
          planMonth: '2026-03',
          receiveCompanyName: '某公司',
          planPayAmount: '10',
        },
        finance,
      ),
    );
    const pay = value(
      await pays.addPay(
        { paymentPlanId: plan.paymentPlanId, reason: '付款', payAmount: '5', taxRate: '0.06' },
        finance,
      ),
    );
    // The approval's end, as the engine reports it in its transaction (the switch is not read
    // here: the gate answers from the demo config, so turn it off for this record).
    await handle.db
      .updateTable('sys_config')
      .set({ config_value: '0' })
      .where('config_key', '=', 'fund_plan_switch')
      .execute();
    await handle.db
      .updateTable('fund_pay')
      .set({ status: 1 })
      .where('pay_id', '=', pay.payId)
      .execute();
    const ended = await handle.db.transaction().execute((trx) =>
      linked.bind(trx).approvalEnded({
        approvalId: '987654',
        typeCode: '20_1',
        recordKind: 'fund.pay',
        recordId: String(pay.payId),
        status: 1,
        content: {},
        drafterId: '8',
        at: new Date(),
      }),
    );
    expect(ended.ok).toBe(true);
    await handle.db
      .updateTable('sys_config')
      .set({ config_value: 'true' })
      .where('config_key', '=', 'fund_plan_switch')
      .execute();
    const left = await handle.db
      .selectFrom('fund_balance')
      .select(['account_kind', 'account_id', 'balance'])
      .where((eb) =>
        eb.or([
          eb.and([
            eb('account_kind', '=', 'backMoney'),
            eb('account_id', 'in', [b1.backMoneyId, b2.backMoneyId]),
          ]),
          eb.and([eb('account_kind', '=', 'fundPay'), eb('account_id', '=', pay.payId)]),
        ]),
      )
      .orderBy('account_kind')
      .orderBy('account_id')
      .execute();
    expect(left.map((r) => [r.account_kind, Number(r.balance)])).toEqual([
      ['backMoney', 0],
      ['backMoney', 2],
      ['fundPay', 5],
    ]);
    expect(value(await pays.getPay(pay.payId, finance))).toMatchObject({
      status: 2,
      approvalId: '987654',
    });
    expect(Number(await mismatches())).toBe(0);
  });
});
