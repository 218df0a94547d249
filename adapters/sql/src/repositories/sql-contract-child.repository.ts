import {
  MoneyDecimal,
  toAmountString,
  type ChildPay,
  type ChildPayFields,
  type ContractChild,
  type ContractChildFields,
  type ContractChildRepositories,
  type ContractChildRepository,
  type DataScope,
} from '@dpms/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { SqlContractRepository } from './sql-contract.repository.js';
import { scopeCondition, type Db } from './sql-helpers.js';

const amount = (v: string | null | undefined): string =>
  v === null || v === undefined ? '0' : toAmountString(new MoneyDecimal(v));

type ChildRow = {
  contract_child_id: number;
  contract_id: number;
  contract_child_no: string;
  child_type: number;
  payment_method: string;
  content: string;
  receive_company_name: string;
  total_amount: string;
  history: boolean;
  status: number;
  version: number;
  dept_id: number | null;
  user_id: number;
  create_by: string;
  create_time: Date;
  update_time: Date;
};

const toChild = (r: ChildRow): ContractChild => ({
  contractChildId: r.contract_child_id,
  contractId: r.contract_id,
  contractChildNo: r.contract_child_no,
  childType: r.child_type as ContractChild['childType'],
  paymentMethod: r.payment_method,
  content: r.content,
  receiveCompanyName: r.receive_company_name,
  totalAmount: amount(r.total_amount),
  history: r.history,
  status: r.status as ContractChild['status'],
  version: r.version,
  deptId: r.dept_id,
  userId: r.user_id,
  createBy: r.create_by,
  createTime: r.create_time,
  updateTime: r.update_time,
});

type PayRow = {
  pay_id: number;
  contract_child_id: number;
  pay_amount: string;
  tax_rate: string;
  real_pay_amount: string;
  pay_date: string | null;
  remark: string;
  create_time: Date;
};

const toPay = (r: PayRow): ChildPay => ({
  payId: r.pay_id,
  contractChildId: r.contract_child_id,
  payAmount: amount(r.pay_amount),
  taxRate: toAmountString(new MoneyDecimal(r.tax_rate)),
  realPayAmount: amount(r.real_pay_amount),
  payDate: r.pay_date,
  remark: r.remark,
  createTime: r.create_time,
});

/** Sub-contracts and pay items (migration 0030_contracts), scoped like contracts. */
export class SqlContractChildRepository implements ContractChildRepository {
  constructor(private readonly db: Db) {}

  private live(scope: DataScope) {
    return this.db
      .selectFrom('contract_child')
      .selectAll()
      .where('del_flag', '=', '0')
      .where(
        (eb) => scopeCondition(eb as never, scope, eb.ref('dept_id'), eb.ref('user_id')) as never,
      );
  }

  async listByContract(contractId: number, scope: DataScope): Promise<readonly ContractChild[]> {
    const rows = await this.live(scope)
      .where('contract_id', '=', contractId)
      .orderBy('create_time', 'desc')
      .orderBy('contract_child_id', 'desc')
      .execute();
    return rows.map(toChild);
  }

  async findById(contractChildId: number, scope: DataScope): Promise<ContractChild | null> {
    const row = await this.live(scope)
      .where('contract_child_id', '=', contractChildId)
      .executeTakeFirst();
    return row === undefined ? null : toChild(row);
  }

  async insert(
    f: ContractChildFields,
    meta: {
      history: boolean;
      status: -1 | 1;
      deptId: number | null;
      userId: number;
      createBy: string;
    },
    now: Date,
  ): Promise<ContractChild> {
    const row = await this.db
      .insertInto('contract_child')
      .values({
        contract_id: f.contractId,
        contract_child_no: f.contractChildNo,
        child_type: f.childType,
        payment_method: f.paymentMethod,
        content: f.content,
        receive_company_name: f.receiveCompanyName,
        total_amount: f.totalAmount,
        history: meta.history,
        status: meta.status,
        dept_id: meta.deptId,
        user_id: meta.userId,
        create_by: meta.createBy,
        create_time: now,
        update_time: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toChild(row);
  }

  async softDelete(contractChildId: number): Promise<void> {
    await this.db
      .updateTable('contract_child')
      .set({ del_flag: '2', version: sql`version + 1` })
      .where('contract_child_id', '=', contractChildId)
      .execute();
  }

  async listPays(contractChildId: number): Promise<readonly ChildPay[]> {
    const rows = await this.db
      .selectFrom('contract_child_pay')
      .selectAll()
      .where('contract_child_id', '=', contractChildId)
      .where('del_flag', '=', '0')
      .orderBy('pay_id')
      .execute();
    return rows.map(toPay);
  }

  async findPay(payId: number): Promise<ChildPay | null> {
    const row = await this.db
      .selectFrom('contract_child_pay')
      .selectAll()
      .where('pay_id', '=', payId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return row === undefined ? null : toPay(row);
  }

  async insertPay(
    contractChildId: number,
    p: ChildPayFields & { realPayAmount: string },
    userId: number,
    now: Date,
  ): Promise<ChildPay> {
    const row = await this.db
      .insertInto('contract_child_pay')
      .values({
        contract_child_id: contractChildId,
        pay_amount: p.payAmount,
        tax_rate: p.taxRate,
        real_pay_amount: p.realPayAmount,
        pay_date: p.payDate,
        remark: p.remark,
        files: '[]',
        user_id: userId,
        create_time: now,
        update_time: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPay(row);
  }

  async updatePay(
    payId: number,
    p: ChildPayFields & { realPayAmount: string },
    now: Date,
  ): Promise<ChildPay> {
    const row = await this.db
      .updateTable('contract_child_pay')
      .set({
        pay_amount: p.payAmount,
        tax_rate: p.taxRate,
        real_pay_amount: p.realPayAmount,
        pay_date: p.payDate,
        remark: p.remark,
        update_time: now,
      })
      .where('pay_id', '=', payId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPay(row);
  }

  async deletePay(payId: number): Promise<void> {
    await this.db
      .updateTable('contract_child_pay')
      .set({ del_flag: '2' })
      .where('pay_id', '=', payId)
      .execute();
  }

  async paidTotal(contractChildId: number, exceptPayId?: number): Promise<string> {
    let q = this.db
      .selectFrom('contract_child_pay')
      .select(sql<string>`coalesce(sum(pay_amount), 0)`.as('paid'))
      .where('contract_child_id', '=', contractChildId)
      .where('del_flag', '=', '0');
    if (exceptPayId !== undefined) q = q.where('pay_id', '<>', exceptPayId);
    const row = await q.executeTakeFirstOrThrow();
    return amount(row.paid);
  }
}

/** The sub-contract ports bound to one connection or transaction. */
export function createContractChildRepositories(db: Kysely<Database>): ContractChildRepositories {
  return { contracts: new SqlContractRepository(db), children: new SqlContractChildRepository(db) };
}
