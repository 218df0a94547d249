import {
  CONFIG_KEYS,
  FUND_PAY_MOVEMENT,
  payAccountKey,
  sortPayAccounts,
  type BackMoneySource,
  type FundPayLedgerPort,
  type FundPlanGate,
  type PayAccount,
  type PayPosting,
} from '@dpms/core';
import { sql } from 'kysely';
import { lockBalances, postMovement, type LedgerOrder } from './sql-fund-ledger.js';

import { type Db, amount } from './sql-fund-pay-rows.js';

// ---- the fund plan gate -----------------------------------------------------------------------

/**
 * fund_plan_switch from sys_config, and the fund plans of migration 0061 read by their agreed
 * columns only (dept_id, plan_month 'YYYY-MM', status 2 = approved).
 */
export class SqlFundPlanGate implements FundPlanGate {
  constructor(private readonly db: Db) {}

  async switchValue(): Promise<string | null> {
    const r = await this.db
      .selectFrom('sys_config')
      .select('config_value')
      .where('config_key', '=', CONFIG_KEYS.fundPlanSwitch)
      .executeTakeFirst();
    return r?.config_value ?? null;
  }

  async planApproved(deptId: number, planMonth: string): Promise<boolean> {
    const r = await sql<{ n: number }>`select 1 as n from fund_plan
       where dept_id = ${deptId} and plan_month = ${planMonth} and status = 2 limit 1`.execute(
      this.db,
    );
    return r.rows.length > 0;
  }
}

// ---- the ledger -------------------------------------------------------------------------------

const PAY_ORDER: LedgerOrder<PayAccount> = { sort: sortPayAccounts, key: payAccountKey };

/**
 * The fund ledger of 0060 as payments write it: the same protocol as the fund slice's ledger —
 * missing balances are created at zero, then all are read FOR UPDATE in one order (kind, id) —
 * so a payment and a back money movement on another server wait for each other, never cross.
 */
export class SqlFundPayLedger implements FundPayLedgerPort {
  constructor(private readonly db: Db) {}

  async backMoneySources(contractId: number): Promise<readonly BackMoneySource[]> {
    const rows = await this.db
      .selectFrom('back_money as b')
      .innerJoin('fund_balance as fb', (j) =>
        j.onRef('fb.account_id', '=', 'b.back_money_id').on('fb.account_kind', '=', 'backMoney'),
      )
      .select(['b.back_money_id', 'fb.balance'])
      .where('b.contract_id', '=', contractId)
      .where('b.del_flag', '=', '0')
      .where('fb.balance', '>', '0')
      .orderBy('b.back_money_id')
      .execute();
    return rows.map((r) => ({ backMoneyId: r.back_money_id, balance: amount(r.balance) }));
  }

  async lock(accounts: readonly PayAccount[]): Promise<Map<string, string>> {
    return lockBalances(this.db, accounts, PAY_ORDER);
  }

  async post(
    m: Parameters<FundPayLedgerPort['post']>[0],
    postings: readonly PayPosting[],
    balances: ReadonlyMap<string, string>,
  ): Promise<void> {
    await postMovement(
      this.db,
      postings.map((p) => ({
        movement: FUND_PAY_MOVEMENT,
        account_kind: p.accountKind,
        account_id: p.accountId,
        amount: p.amount,
        back_money_id: p.accountKind === 'backMoney' ? p.accountId : null,
        allot_id: null,
        loan_id: null,
        repayment_id: null,
        dept_id: m.deptId,
        contract_id: m.contractId,
        task_id: null,
        create_by: m.createBy,
        create_time: m.at,
      })),
      postings.map((p) => ({ kind: p.accountKind, id: p.accountId })),
      balances,
      m.at,
      PAY_ORDER,
    );
  }
}
