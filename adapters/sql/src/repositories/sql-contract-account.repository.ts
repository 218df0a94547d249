import { nickNameOf, scoped } from './sql-helpers.js';
import {
  personNameOf,
  type AccountContract,
  type AccountParty,
  type ContractAccount,
  type ContractAccountFields,
  type ContractAccountQuery,
  type ContractAccountRepository,
  type DataScope,
  type ListPage,
} from '@dpms/core';
import { containsPattern, listPage, pageBounds, pageWithCount } from './sql-helpers.js';

import { str, time, type AnyEb, type Db } from './sql-account-rows.js';

// ---- contract accounts -------------------------------------------------------------------------

export class SqlContractAccountRepository implements ContractAccountRepository {
  constructor(private readonly db: Db) {}

  private base(scope: DataScope) {
    return this.db
      .selectFrom('contract_account as a')
      .innerJoin('contract as c', 'c.contract_id', 'a.contract_id')
      .where('a.del_flag', '=', '0')
      .where((eb) => scoped(eb as unknown as AnyEb, scope, 'a.dept_id', 'a.user_id'))
      .select([
        'a.account_id',
        'a.contract_id',
        'a.party',
        'a.account_name',
        'a.bank_name',
        'a.account_no',
        'a.tax_no',
        'a.remark',
        'a.dept_id',
        'a.user_id',
        'a.create_by',
        nickNameOf('a.create_by').as('create_by_name'),
        'a.create_time',
        'a.version',
        'c.contract_no',
        'c.contract_name',
      ]);
  }

  private static view(r: Record<string, unknown>): ContractAccount {
    return {
      accountId: Number(r.account_id),
      contractId: Number(r.contract_id),
      contractNo: str(r.contract_no),
      contractName: str(r.contract_name),
      party: str(r.party) as AccountParty,
      accountName: str(r.account_name),
      bankName: str(r.bank_name),
      accountNo: str(r.account_no),
      taxNo: str(r.tax_no),
      remark: str(r.remark),
      deptId: r.dept_id === null ? null : Number(r.dept_id),
      userId: Number(r.user_id),
      createBy: str(r.create_by),
      createByName: personNameOf(str(r.create_by), str(r.create_by_name)),
      createTime: time(r.create_time),
      version: Number(r.version),
    };
  }

  async list(q: ContractAccountQuery, scope: DataScope): Promise<ListPage<ContractAccount>> {
    const f = q.filter;
    const where = this.base(scope)
      .$if(f.contractId !== undefined, (w) => w.where('a.contract_id', '=', f.contractId ?? 0))
      .$if(f.party !== undefined, (w) => w.where('a.party', '=', f.party ?? '1'))
      .$if(f.accountName !== undefined && f.accountName !== '', (w) =>
        w.where((eb) =>
          eb.or([
            eb('a.account_name', 'ilike', containsPattern(f.accountName ?? '')),
            eb('a.bank_name', 'ilike', containsPattern(f.accountName ?? '')),
          ]),
        ),
      );
    const count = where.clearSelect().select((eb) => eb.fn.countAll().as('n'));
    const { limit, offset } = pageBounds(q.page);
    let rows = where.orderBy('a.account_id', q.sort?.direction ?? 'desc');
    if (limit !== undefined) rows = rows.limit(limit).offset(offset ?? 0);
    const { total, rows: page } = await pageWithCount(rows, count, (r) =>
      r.map((row) => SqlContractAccountRepository.view(row)),
    );
    return listPage(total, page);
  }

  async get(
    accountId: number,
    scope: DataScope,
    forUpdate = false,
  ): Promise<ContractAccount | null> {
    let q = this.base(scope).where('a.account_id', '=', accountId);
    if (forUpdate) q = q.forUpdate('a');
    const r = await q.executeTakeFirst();
    return r === undefined ? null : SqlContractAccountRepository.view(r);
  }

  async insert(
    contract: AccountContract,
    fields: ContractAccountFields,
    actor: { userId: number; userName: string },
    at: Date,
  ): Promise<number> {
    const r = await this.db
      .insertInto('contract_account')
      .values({
        contract_id: contract.contractId,
        party: fields.party,
        account_name: fields.accountName,
        bank_name: fields.bankName,
        account_no: fields.accountNo,
        tax_no: fields.taxNo,
        remark: fields.remark,
        dept_id: contract.deptId,
        user_id: actor.userId,
        create_by: actor.userName,
        create_time: at,
        update_time: at,
      })
      .returning('account_id')
      .executeTakeFirstOrThrow();
    return r.account_id;
  }

  async update(
    accountId: number,
    version: number,
    fields: ContractAccountFields,
    at: Date,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('contract_account')
      .set({
        party: fields.party,
        account_name: fields.accountName,
        bank_name: fields.bankName,
        account_no: fields.accountNo,
        tax_no: fields.taxNo,
        remark: fields.remark,
        version: version + 1,
        update_time: at,
      })
      .where('account_id', '=', accountId)
      .where('version', '=', version)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async remove(accountId: number, at: Date): Promise<void> {
    await this.db
      .updateTable('contract_account')
      .set({ del_flag: '2', update_time: at })
      .where('account_id', '=', accountId)
      .execute();
  }
}
