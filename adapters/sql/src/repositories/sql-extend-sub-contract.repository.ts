import {
  personNameOf,
  MoneyDecimal,
  toAmountString,
  type DataScope,
  type ExtendSortColumn,
  type ExtendSubContract,
  type ExtendSubContractFields,
  type ExtendSubContractFilter,
  type ExtendSubContractRepositories,
  type ExtendSubContractRepository,
  type ExtendSubContractRow,
  type ListPage,
  type ListQuery,
} from '@dpms/core';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../database/schema.js';
import { SqlIdempotencyRepository } from './sql-auth.repository.js';
import { SqlContractChildRepository } from './sql-contract-child.repository.js';
import { SqlRecordHistoryRepository } from './sql-contract.repository.js';
import {
  nickNameOf,
  containsPattern,
  pageBounds,
  scopeCondition,
  type Db,
  pageWithCount,
} from './sql-helpers.js';

const amount = (v: string | null | undefined): string =>
  v === null || v === undefined ? '0' : toAmountString(new MoneyDecimal(v));

const SORT: Readonly<Record<ExtendSortColumn, string>> = {
  createTime: 'e.create_time',
  extendId: 'e.extend_id',
  extendAmount: 'e.extend_amount',
  signDate: 'e.sign_date',
};

interface Row {
  extend_id: number;
  contract_child_id: number;
  contract_id: number;
  extend_no: string;
  content: string;
  reason: string;
  extend_amount: string;
  sign_date: string | null;
  files: unknown;
  version: number;
  dept_id: number | null;
  user_id: number;
  create_by: string;
  create_by_name?: string | null;
  create_time: Date;
  update_time: Date;
}

const files = (v: unknown): string[] =>
  (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as string[];

const toExtend = (r: Row): ExtendSubContract => ({
  extendId: r.extend_id,
  contractChildId: r.contract_child_id,
  contractId: r.contract_id,
  extendNo: r.extend_no,
  content: r.content,
  reason: r.reason,
  extendAmount: amount(r.extend_amount),
  signDate: r.sign_date,
  files: files(r.files),
  version: r.version,
  deptId: r.dept_id,
  userId: r.user_id,
  createBy: r.create_by,
  createByName: personNameOf(r.create_by, r.create_by_name),
  createTime: r.create_time,
  updateTime: r.update_time,
});

const toRow = (
  r: Row & {
    contract_child_no: string;
    child_type: number;
    receive_company_name: string;
    child_total: string;
    contract_name: string;
  },
): ExtendSubContractRow => ({
  ...toExtend(r),
  contractChildNo: r.contract_child_no,
  childType: r.child_type,
  receiveCompanyName: r.receive_company_name,
  childTotalAmount: amount(r.child_total),
  contractName: r.contract_name,
});

type Eb = ExpressionBuilder<Database & { e: Database['extend_sub_contract'] }, 'e'>;

/** Extended sub-contracts (migration 0031), scoped by their department and owner. */
export class SqlExtendSubContractRepository implements ExtendSubContractRepository {
  constructor(private readonly db: Db) {}

  private rows(scope: DataScope, f: ExtendSubContractFilter) {
    return this.db
      .selectFrom('extend_sub_contract as e')
      .innerJoin('contract_child as cc', 'cc.contract_child_id', 'e.contract_child_id')
      .innerJoin('contract as c', 'c.contract_id', 'e.contract_id')
      .where('e.del_flag', '=', '0')
      .where(
        (eb) =>
          scopeCondition(eb as never, scope, eb.ref('e.dept_id'), eb.ref('e.user_id')) as never,
      )
      .where((eb) => {
        const e = eb as unknown as Eb;
        const conds: Expression<SqlBool>[] = [];
        if (f.contractChildId !== undefined)
          conds.push(e('e.contract_child_id', '=', f.contractChildId));
        if (f.contractId !== undefined) conds.push(e('e.contract_id', '=', f.contractId));
        if (f.extendNo !== undefined && f.extendNo !== '')
          conds.push(e('e.extend_no', 'ilike', containsPattern(f.extendNo)));
        return e.and(conds) as never;
      });
  }

  private withLabels(scope: DataScope, f: ExtendSubContractFilter) {
    return this.rows(scope, f)
      .selectAll('e')
      .select(nickNameOf('e.create_by').as('create_by_name'))
      .select([
        'cc.contract_child_no',
        'cc.child_type',
        'cc.receive_company_name',
        'cc.total_amount as child_total',
        'c.contract_name',
      ]);
  }

  async list(
    query: ListQuery<ExtendSubContractFilter, ExtendSortColumn>,
    scope: DataScope,
  ): Promise<ListPage<ExtendSubContractRow>> {
    const dir = query.sort?.direction ?? 'desc';
    const { limit, offset } = pageBounds(query.page);
    let page = this.withLabels(scope, query.filter)
      .orderBy(sql.ref(SORT[query.sort?.column ?? 'createTime']), dir)
      .orderBy('e.extend_id', dir);
    if (limit !== undefined) page = page.limit(limit).offset(offset ?? 0);
    const count = this.rows(scope, query.filter).select((eb) => eb.fn.countAll().as('n'));
    return pageWithCount(page, count, (rows) => rows.map(toRow));
  }

  async listBatch(
    filter: ExtendSubContractFilter,
    scope: DataScope,
    afterId: number,
    limit: number,
  ): Promise<readonly ExtendSubContractRow[]> {
    const rows = await this.withLabels(scope, filter)
      .where('e.extend_id', '>', afterId)
      .orderBy('e.extend_id')
      .limit(limit)
      .execute();
    return rows.map(toRow);
  }

  async findById(extendId: number, scope: DataScope): Promise<ExtendSubContractRow | null> {
    const row = await this.withLabels(scope, {})
      .where('e.extend_id', '=', extendId)
      .executeTakeFirst();
    return row === undefined ? null : toRow(row);
  }

  async insert(
    r: Parameters<ExtendSubContractRepository['insert']>[0],
    now: Date,
  ): Promise<ExtendSubContract> {
    const row = await this.db
      .insertInto('extend_sub_contract')
      .values({
        contract_child_id: r.contractChildId,
        contract_id: r.contractId,
        extend_no: r.extendNo,
        content: r.content,
        reason: r.reason,
        extend_amount: r.extendAmount,
        sign_date: r.signDate,
        files: JSON.stringify(r.files),
        dept_id: r.deptId,
        user_id: r.userId,
        create_by: r.createBy,
        create_time: now,
        update_time: now,
      })
      .returningAll()
      .returning(nickNameOf('extend_sub_contract.create_by').as('create_by_name'))
      .executeTakeFirstOrThrow();
    return toExtend(row);
  }

  async save(
    extendId: number,
    expectedVersion: number,
    f: ExtendSubContractFields,
    now: Date,
  ): Promise<ExtendSubContract | null> {
    const row = await this.db
      .updateTable('extend_sub_contract')
      .set({
        extend_no: f.extendNo,
        content: f.content,
        reason: f.reason,
        extend_amount: f.extendAmount,
        sign_date: f.signDate,
        files: JSON.stringify(f.files),
        version: expectedVersion + 1,
        update_time: now,
      })
      .where('extend_id', '=', extendId)
      .where('version', '=', expectedVersion)
      .where('del_flag', '=', '0')
      .returningAll()
      .returning(nickNameOf('extend_sub_contract.create_by').as('create_by_name'))
      .executeTakeFirst();
    return row === undefined ? null : toExtend(row);
  }

  async softDelete(extendId: number): Promise<void> {
    await this.db
      .updateTable('extend_sub_contract')
      .set({ del_flag: '2', version: sql`version + 1` })
      .where('extend_id', '=', extendId)
      .execute();
  }
}

/** The extended sub-contract ports bound to one connection or transaction. */
export function createExtendSubContractRepositories(
  db: Kysely<Database>,
): ExtendSubContractRepositories {
  return {
    extensions: new SqlExtendSubContractRepository(db),
    children: new SqlContractChildRepository(db),
    history: new SqlRecordHistoryRepository(db),
    idempotency: new SqlIdempotencyRepository(db),
  };
}
