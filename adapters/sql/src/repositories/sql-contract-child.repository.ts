import {
  childCanPay,
  type LinkedRecordRegistry,
  type ChildPay,
  type ChildPayFields,
  type ChildApprovalState,
  type ContractChild,
  type ContractChildFields,
  type ContractChildRepositories,
  type ContractChildRepository,
  type EngineClock,
  type ContractChildFilter,
  type ContractChildSortColumn,
  type ContractChildSummary,
  type ListPage,
  type ListQuery,
  type PayAttachment,
  type DataScope,
} from '@dpms/core';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../database/schema.js';
import { EngineRecordApprovalPort } from './sql-approval-submit.js';
import { SqlContractRepository, SqlRecordHistoryRepository } from './sql-contract.repository.js';
import { SqlIdempotencyRepository } from './sql-auth.repository.js';
import {
  containsPattern,
  nickNameOf,
  pageBounds,
  scopeCondition,
  type Db,
  pageWithCount,
} from './sql-helpers.js';
import { amount, toChild, toPay, type ChildRow } from './sql-contract-child-rows.js';
import { subContractPaidSum } from '../read-models/contract-figures.js';
import { recordAuthor } from './record-author.js';
import { contractChildPeople } from './record-people.js';

/** A sub-contract waiting on an approval that was rejected or withdrawn reads as unlocked. */
const liveStatus = sql<number>`case when contract_child.status = 0 and (select a.status from approval a
  where a.approval_id = contract_child.approval_id) in (2, 3)
  then (select a.status from approval a where a.approval_id = contract_child.approval_id)
  else contract_child.status end`;

const CHILD_SORT: Readonly<Record<ContractChildSortColumn, string>> = {
  createTime: 'cc.create_time',
  contractChildId: 'cc.contract_child_id',
  totalAmount: 'cc.total_amount',
};

function toSummary(
  r: ChildRow & { parent_name: string; paid: string; items: string; extended: string },
): ContractChildSummary {
  const child = toChild(r);
  return {
    ...child,
    contractName: r.parent_name,
    paidAmount: amount(r.paid),
    payItemsAmount: amount(r.items),
    extendAmount: amount(r.extended),
    canPayAmount: childCanPay(r.total_amount, r.extended, r.items),
  };
}

/** Sub-contracts and pay items (migration 0030_contracts), scoped like contracts. */
export class SqlContractChildRepository implements ContractChildRepository {
  constructor(private readonly db: Db) {}

  authorOf(recordId: string) {
    return recordAuthor(this.db, 'contract_child', recordId);
  }

  personOf(recordId: string, field: string) {
    return contractChildPeople(this.db, recordId, field);
  }

  async lockApprovalState(contractChildId: number): Promise<ChildApprovalState | null> {
    const row = await this.db
      .selectFrom('contract_child')
      .select(['contract_child_id', 'status', 'approval_id', 'history', 'version'])
      .where('contract_child_id', '=', contractChildId)
      .where('del_flag', '=', '0')
      .forUpdate()
      .executeTakeFirst();
    return row === undefined
      ? null
      : {
          contractChildId: row.contract_child_id,
          status: row.status as ChildApprovalState['status'],
          approvalId: row.approval_id === null ? null : String(row.approval_id),
          history: row.history,
          version: row.version,
        };
  }

  private live(scope: DataScope) {
    return this.db
      .selectFrom('contract_child')
      .selectAll()
      .select(nickNameOf('contract_child.create_by').as('create_by_name'))
      .select(liveStatus.as('live_status'))
      .where('del_flag', '=', '0')
      .where(
        (eb) => scopeCondition(eb as never, scope, eb.ref('dept_id'), eb.ref('user_id')) as never,
      );
  }

  /** Sub-contracts with paid, extended and payable amounts and the contract's name. */
  private summaries(scope: DataScope) {
    return this.db
      .selectFrom('contract_child as cc')
      .innerJoin('contract as c', 'c.contract_id', 'cc.contract_id')
      .selectAll('cc')
      .select([
        'c.contract_name as parent_name',
        nickNameOf('cc.create_by').as('create_by_name'),
        sql<number>`case when cc.status = 0 and (select a.status from approval a where a.approval_id = cc.approval_id) in (2, 3)
          then (select a.status from approval a where a.approval_id = cc.approval_id) else cc.status end`.as(
          'live_status',
        ),
        sql<string>`coalesce((select sum(p.pay_amount) from contract_child_pay p
          where p.contract_child_id = cc.contract_child_id and p.del_flag = '0'), 0)`.as('items'),
        // 已付 is the figures read model's: the paid fund payments, not the pay items.
        subContractPaidSum('cc.contract_child_id').as('paid'),
        sql<string>`coalesce((select sum(e.extend_amount) from extend_sub_contract e
          where e.contract_child_id = cc.contract_child_id and e.del_flag = '0'), 0)`.as(
          'extended',
        ),
      ])
      .where('cc.del_flag', '=', '0')
      .where(
        (eb) =>
          scopeCondition(eb as never, scope, eb.ref('cc.dept_id'), eb.ref('cc.user_id')) as never,
      );
  }

  private summaryFilter(f: ContractChildFilter) {
    return (eb: ExpressionBuilder<Database & { cc: Database['contract_child'] }, 'cc'>) => {
      const conds: Expression<SqlBool>[] = [];
      if (f.contractId !== undefined) conds.push(eb('cc.contract_id', '=', f.contractId));
      if (f.childType !== undefined) conds.push(eb('cc.child_type', '=', f.childType));
      if (f.status !== undefined) conds.push(eb('cc.status', '=', f.status));
      if (f.contractChildNo !== undefined && f.contractChildNo !== '')
        conds.push(eb('cc.contract_child_no', 'ilike', containsPattern(f.contractChildNo)));
      if (f.receiveCompanyName !== undefined && f.receiveCompanyName !== '')
        conds.push(eb('cc.receive_company_name', 'ilike', containsPattern(f.receiveCompanyName)));
      if (f.canPay === true) {
        conds.push(eb.or([eb('cc.status', '=', 1), eb('cc.history', '=', true)]));
        conds.push(
          sql<SqlBool>`cc.total_amount + coalesce((select sum(e.extend_amount) from extend_sub_contract e
            where e.contract_child_id = cc.contract_child_id and e.del_flag = '0'), 0)
            > coalesce((select sum(p.pay_amount) from contract_child_pay p
            where p.contract_child_id = cc.contract_child_id and p.del_flag = '0'), 0)`,
        );
      }
      return eb.and(conds);
    };
  }

  async list(
    query: ListQuery<ContractChildFilter, ContractChildSortColumn>,
    scope: DataScope,
  ): Promise<ListPage<ContractChildSummary>> {
    const column = CHILD_SORT[query.sort?.column ?? 'createTime'];
    const dir = query.sort?.direction ?? 'desc';
    const { limit, offset } = pageBounds(query.page);
    let page = this.summaries(scope)
      .where(this.summaryFilter(query.filter) as never)
      .orderBy(sql.ref(column), dir)
      .orderBy('cc.contract_child_id', dir);
    if (limit !== undefined) page = page.limit(limit).offset(offset ?? 0);
    const count = this.db
      .selectFrom('contract_child as cc')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('cc.del_flag', '=', '0')
      .where(
        (eb) =>
          scopeCondition(eb as never, scope, eb.ref('cc.dept_id'), eb.ref('cc.user_id')) as never,
      )
      .where(this.summaryFilter(query.filter) as never);
    return pageWithCount(page, count, (rows) => rows.map(toSummary));
  }

  async listBatch(
    filter: ContractChildFilter,
    scope: DataScope,
    afterId: number,
    limit: number,
  ): Promise<readonly ContractChildSummary[]> {
    const rows = await this.summaries(scope)
      .where(this.summaryFilter(filter) as never)
      .where('cc.contract_child_id', '>', afterId)
      .orderBy('cc.contract_child_id')
      .limit(limit)
      .execute();
    return rows.map(toSummary);
  }

  async summaryById(
    contractChildId: number,
    scope: DataScope,
  ): Promise<ContractChildSummary | null> {
    const row = await this.summaries(scope)
      .where('cc.contract_child_id', '=', contractChildId)
      .executeTakeFirst();
    return row === undefined ? null : toSummary(row);
  }

  async save(
    contractChildId: number,
    expectedVersion: number,
    changes: Parameters<ContractChildRepository['save']>[2],
    now: Date,
  ): Promise<ContractChild | null> {
    const f = changes.fields;
    const result = await this.db
      .updateTable('contract_child')
      .set({
        ...(f
          ? {
              contract_child_no: f.contractChildNo,
              child_type: f.childType,
              payment_method: f.paymentMethod,
              content: f.content,
              receive_company_name: f.receiveCompanyName,
              total_amount: f.totalAmount,
            }
          : {}),
        ...(changes.status !== undefined ? { status: changes.status } : {}),
        ...(changes.approvalId !== undefined
          ? { approval_id: changes.approvalId === null ? null : Number(changes.approvalId) }
          : {}),
        ...(changes.taxRate !== undefined ? { tax_rate: changes.taxRate } : {}),
        version: expectedVersion + 1,
        update_time: now,
      })
      .where('contract_child_id', '=', contractChildId)
      .where('version', '=', expectedVersion)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    return this.findById(contractChildId, { kind: 'all' });
  }

  async retaxPay(payId: number, taxRate: string, realPayAmount: string, now: Date): Promise<void> {
    await this.db
      .updateTable('contract_child_pay')
      .set({ tax_rate: taxRate, real_pay_amount: realPayAmount, update_time: now })
      .where('pay_id', '=', payId)
      .execute();
  }

  async setPayFiles(payId: number, files: readonly string[]): Promise<void> {
    await this.db
      .updateTable('contract_child_pay')
      .set({ files: JSON.stringify(files) })
      .where('pay_id', '=', payId)
      .execute();
  }

  async payAttachments(payId: number): Promise<readonly PayAttachment[]> {
    const pay = await this.findPay(payId);
    if (pay === null || pay.files.length === 0) return [];
    const rows = await this.db
      .selectFrom('file_object')
      .select(['file_id', 'original_name', 'size', 'created_at'])
      .where('file_id', 'in', [...pay.files])
      .where('deleted_at', 'is', null)
      .execute();
    const byId = new Map(rows.map((r) => [r.file_id, r]));
    return pay.files.flatMap((id) => {
      const r = byId.get(id);
      return r === undefined
        ? []
        : [
            {
              fileId: r.file_id,
              fileName: r.original_name,
              size: Number(r.size),
              createTime: r.created_at,
            },
          ];
    });
  }

  async existingFiles(
    fileIds: readonly string[],
    ownerId: number | null,
  ): Promise<readonly string[]> {
    const ids = fileIds.filter((f) => /^[0-9a-f]{32}$/.test(f));
    if (ids.length === 0) return [];
    let q = this.db
      .selectFrom('file_object')
      .select('file_id')
      .where('file_id', 'in', ids)
      .where('deleted_at', 'is', null);
    if (ownerId !== null) q = q.where('owner_user_id', '=', ownerId);
    return (await q.execute()).map((r) => r.file_id);
  }

  async extendTotal(contractChildId: number): Promise<string> {
    const row = await this.db
      .selectFrom('extend_sub_contract')
      .select(sql<string>`coalesce(sum(extend_amount), 0)`.as('total'))
      .where('contract_child_id', '=', contractChildId)
      .where('del_flag', '=', '0')
      .executeTakeFirstOrThrow();
    return amount(row.total);
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
        tax_rate: '0.06',
        history: meta.history,
        status: meta.status,
        dept_id: meta.deptId,
        user_id: meta.userId,
        create_by: meta.createBy,
        create_time: now,
        update_time: now,
      })
      .returningAll()
      .returning(nickNameOf('contract_child.create_by').as('create_by_name'))
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
export function createContractChildRepositories(
  db: Kysely<Database>,
  linked?: LinkedRecordRegistry<Kysely<Database>>,
  clock?: EngineClock,
): ContractChildRepositories {
  return {
    contracts: new SqlContractRepository(db),
    children: new SqlContractChildRepository(db),
    history: new SqlRecordHistoryRepository(db),
    idempotency: new SqlIdempotencyRepository(db),
    ...(linked && clock ? { approvals: new EngineRecordApprovalPort(db, linked, clock) } : {}),
  };
}
