import {
  ALL_DATA,
  ApprovalEngine,
  clockAt,
  ContractAccountService,
  EmployeeCostService,
  InvoiceService,
  MoneyDecimal,
  registerAccountRecords,
  toAmountString,
  type AccountActor,
  type Result,
} from '@dpms/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database/schema.js';
import { KyselyUnitOfWork } from '../repositories/platform-repositories.js';
import {
  createApprovalRepositories,
  createLinkedRecordRegistry,
} from '../repositories/sql-approval.repository.js';
import { createAccountRepositories } from '../repositories/sql-account.repository.js';
import { claimSeed } from './seed-claim.js';

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`account demo seed: ${r.error.code} ${r.error.message}`);
  return r.value;
};

/** Monthly cost lines of the demo staff, by user id: salary, social insurance, housing fund, other. */
const COSTS: Readonly<Record<number, readonly [string, string, string, string]>> = {
  2: ['1.8', '0.42', '0.216', '0.05'],
  3: ['1.5', '0.35', '0.18', '0.04'],
  4: ['1.3', '0.3', '0.156', '0.03'],
  5: ['1.6', '0.38', '0.192', '0.05'],
  8: ['1.1', '0.26', '0.132', '0.02'],
  13: ['1.4', '0.33', '0.168', '0.04'],
  14: ['1.35', '0.32', '0.162', '0.03'],
  15: ['0.9', '0.21', '0.108', '0.02'],
  16: ['1.55', '0.37', '0.186', '0.05'],
};

const monthOf = (d: Date, back: number): string => {
  const m = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1));
  return `${String(m.getUTCFullYear())}-${String(m.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * Demo accounts, invoices and employee costs, after the fund demo: the bank accounts of
 * the parties of the demo formal contracts with back money; on each, an invoice request issued
 * through its 23_1 approval for half of what came back, and one more in approval on the first;
 * three months of cost lines for the demo staff. Claimed once by name; demo institute only.
 */
export async function seedAccountDemo(
  trx: Transaction<Database>,
  options: { readonly demo: boolean; readonly now?: Date },
): Promise<void> {
  if (!options.demo) return;
  const contracts = await trx
    .selectFrom('contract as c')
    .innerJoin('back_money as b', (j) =>
      j.onRef('b.contract_id', '=', 'c.contract_id').on('b.del_flag', '=', '0'),
    )
    .select(['c.contract_id', 'c.contract_name', 'c.total_amount', 'c.user_id', 'c.dept_id'])
    .select((eb) => eb.fn.sum<string>('b.back_amount').as('back'))
    .select((eb) => eb.fn.min<string>('b.back_date').as('first_back'))
    .where('c.stage', '=', 'formal')
    .where('c.del_flag', '=', '0')
    .groupBy(['c.contract_id', 'c.contract_name', 'c.total_amount', 'c.user_id', 'c.dept_id'])
    .orderBy('c.contract_id')
    .limit(3)
    .execute();
  if (!(await claimSeed(trx, 'account-demo'))) return;

  const now = options.now ?? new Date();
  const clock = { now: () => now };
  const db = trx as Kysely<Database>;
  const linked = createLinkedRecordRegistry();
  registerAccountRecords(linked, (t, at) =>
    createAccountRepositories(t, linked, clockAt(at, clock)),
  );
  const uow = new KyselyUnitOfWork(db, (t) => createAccountRepositories(t, linked, clock));
  const engine = new ApprovalEngine(
    new KyselyUnitOfWork(db, (t) => createApprovalRepositories(t, linked)),
    clock,
  );
  const finance: AccountActor = { userId: 8, userName: 'caiwu', deptId: 103, scope: ALL_DATA };
  const accounts = new ContractAccountService(uow, clock);
  const invoices = new InvoiceService(uow, clock);
  const costs = new EmployeeCostService(uow, clock);

  for (const [i, c] of contracts.entries()) {
    value(
      await accounts.add(
        {
          contractId: c.contract_id,
          party: '1',
          accountName: `${c.contract_name.slice(0, 6)}委托单位`,
          bankName: '中国工商银行杭州分行',
          accountNo: `62220212030012${String(3400 + i)}`,
          taxNo: '',
        },
        finance,
      ),
    );
    value(
      await accounts.add(
        {
          contractId: c.contract_id,
          party: '2',
          accountName: '某某建筑设计研究院有限公司',
          bankName: '中国建设银行杭州高新支行',
          accountNo: '33050161672700000123',
          taxNo: '',
        },
        finance,
      ),
    );
    const back = new MoneyDecimal(c.back ?? '0');
    const half = toAmountString(back.div(2));
    if (back.isZero()) continue;
    const date = (c.first_back ?? '').slice(0, 10) || now.toISOString().slice(0, 10);
    const issued = value(
      await invoices.add(
        {
          contractId: c.contract_id,
          invoiceAmount: half,
          invoiceType: '1',
          invoicePurpose: '1',
          invoiceTitle: `${c.contract_name.slice(0, 6)}委托单位`,
          invoiceDate: date,
          remark: '按回款开具',
        },
        finance,
        true,
      ),
    );
    // Approved by each node of 23_1 in turn, by whoever it waits on: 经营部 (jingying), then
    // 财务部, which the drafter (caiwu) holds: separation of duties escalates it to the head
    // above her (the general manager, who leads the institute).
    for (let step = 0; step < 4; step += 1) {
      const row = await trx
        .selectFrom('approval')
        .select(['version', 'status'])
        .where('approval_id', '=', Number(issued.approvalId))
        .executeTakeFirstOrThrow();
      if (row.status !== 0) break;
      const signer = await trx
        .selectFrom('approval_pending as p')
        .innerJoin('sys_user as u', 'u.user_id', 'p.user_id')
        .select(['u.user_id', 'u.dept_id'])
        .where('p.approval_id', '=', Number(issued.approvalId))
        .orderBy('u.user_id')
        .executeTakeFirstOrThrow();
      value(
        await engine.process(
          {
            approvalId: issued.approvalId ?? '',
            action: 'approve',
            version: row.version,
            opinion: '同意',
          },
          { userId: signer.user_id, deptId: signer.dept_id, scope: ALL_DATA },
          { route: 'seed' },
        ),
      );
    }
    if (i === 0) {
      const more = toAmountString(new MoneyDecimal(c.total_amount).minus(half).div(4));
      value(
        await invoices.add(
          {
            contractId: c.contract_id,
            invoiceAmount: more,
            invoiceType: '1',
            invoicePurpose: '1',
            invoiceTitle: `${c.contract_name.slice(0, 6)}委托单位`,
            invoiceDate: now.toISOString().slice(0, 10),
            remark: '第二期设计费',
          },
          finance,
          true,
        ),
      );
    }
  }

  for (let back = 2; back >= 0; back--) {
    const costMonth = monthOf(now, back);
    for (const [userId, [salary, socialInsurance, housingFund, otherCost]] of Object.entries(
      COSTS,
    )) {
      value(
        await costs.add(
          {
            employeeId: Number(userId),
            costMonth,
            salary,
            socialInsurance,
            housingFund,
            otherCost,
          },
          finance,
        ),
      );
    }
  }
}
