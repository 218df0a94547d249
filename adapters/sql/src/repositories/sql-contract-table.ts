import { recordAuthor } from './record-author.js';
import { contractRecordPeople } from './record-people.js';
import {
  err,
  ok,
  personNameOf,
  type Contract,
  type ContractChanges,
  type ContractChartPoint,
  type ContractHistoryEntry,
  type ContractListFilter,
  type ContractListQuery,
  type ContractRepository,
  type ContractSortColumn,
  type ContractSummary,
  type DataScope,
  type DomainError,
  type ListPage,
  type NewContract,
  type Result,
} from '@dpms/core';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../database/schema.js';
import {
  containsPattern,
  isUniqueViolation,
  pageBounds,
  pageWithCount,
  scopeCondition,
  type Db,
  nickNameOf,
} from './sql-helpers.js';
import {
  amount,
  duplicateNo,
  fieldColumns,
  feeColumns,
  json,
  parsed,
  stateColumns,
  toContract,
} from './sql-contract-rows.js';
import { backSum, FIGURE_COLUMNS } from '../read-models/contract-figures.js';

type Eb = ExpressionBuilder<Database & { a: Database['approval'] }, 'contract' | 'a'>;

/**
 * The change (28_1) the contract waits on: released when its approval was rejected or withdrawn,
 * even before a handler hears of it.
 */
const changeExpr = sql<number | null>`case when contract.change_id is null then null
  when (select ca.status from contract_change cc join approval ca on ca.approval_id = cc.approval_id
        where cc.change_id = contract.change_id) in (2, 3) then null
  else contract.change_id end`;

/** The contract's status: a pending contract whose approval was rejected or withdrawn is unlocked. */
const statusExpr = sql<number>`case when contract.status = 0 and a.status in (2, 3) then a.status else contract.status end`;

const SORT: Readonly<Record<ContractSortColumn, string>> = {
  contractId: 'contract.contract_id',
  createTime: 'contract.create_time',
  updateTime: 'contract.update_time',
  signDate: 'contract.sign_date',
  totalAmount: 'contract.total_amount',
  contractNo: 'contract.contract_no',
};

/** Kysely over the contract tables (migration 0030_contracts). */
export class SqlContractRepository implements ContractRepository {
  constructor(private readonly db: Db) {}

  authorOf(recordId: string) {
    return recordAuthor(this.db, 'contract', recordId);
  }

  personOf(recordId: string, field: string) {
    return contractRecordPeople(this.db, recordId, field);
  }

  private base() {
    return this.db
      .selectFrom('contract')
      .leftJoin('approval as a', 'a.approval_id', 'contract.approval_id')
      .where('contract.del_flag', '=', '0');
  }

  private filters(eb: Eb, f: ContractListFilter, scope: DataScope) {
    const conds = [
      scopeCondition(eb as never, scope, eb.ref('contract.dept_id'), eb.ref('contract.user_id')),
    ];
    if (f.stages !== undefined) conds.push(eb('contract.stage', 'in', [...f.stages]));
    if (f.status !== undefined) conds.push(eb(statusExpr, '=', f.status));
    if (f.effective !== undefined) conds.push(eb('contract.effective', '=', f.effective));
    const text = [
      ['projectName', 'contract.project_name'],
      ['contractName', 'contract.contract_name'],
      ['contractNo', 'contract.contract_no'],
      ['entrustBusinessName', 'contract.entrust_business_name'],
    ] as const;
    for (const [key, column] of text) {
      const v = f[key];
      if (v !== undefined && v !== '') conds.push(eb(column, 'ilike', containsPattern(v)));
    }
    if (f.bizSource !== undefined) conds.push(eb('contract.biz_source', '=', f.bizSource));
    if (f.bizType !== undefined) conds.push(eb('contract.biz_type', '=', f.bizType));
    if (f.serviceManagerId !== undefined)
      conds.push(eb('contract.service_manager_id', '=', f.serviceManagerId));
    if (f.deptId !== undefined) conds.push(eb('contract.dept_id', '=', f.deptId));
    if (f.userId !== undefined) conds.push(eb('contract.user_id', '=', f.userId));
    if (f.signDateFrom !== undefined) conds.push(eb('contract.sign_date', '>=', f.signDateFrom));
    if (f.signDateTo !== undefined) conds.push(eb('contract.sign_date', '<=', f.signDateTo));
    return eb.and(conds);
  }

  private selectAll() {
    return this.base()
      .selectAll('contract')
      .select(statusExpr.as('effective_status'))
      .select(changeExpr.as('live_change_id'))
      .select(nickNameOf('contract.create_by').as('create_by_name'))
      .select(backSum('contract.contract_id').as(FIGURE_COLUMNS.backAmount));
  }

  /** The page and count queries of a list (exposed for the EXPLAIN checks). */
  listQueries(query: ContractListQuery, scope: DataScope) {
    const where = (eb: Eb) => this.filters(eb, query.filter, scope);
    const column = SORT[query.sort?.column ?? 'createTime'];
    const dir = query.sort?.direction ?? 'desc';
    const { limit, offset } = pageBounds(query.page);
    let page = this.selectAll()
      .where(where as never)
      .orderBy(sql.ref(column), dir)
      .orderBy('contract.contract_id', dir);
    if (limit !== undefined) page = page.limit(limit).offset(offset ?? 0);
    // Only the status filter reads the approval: without it the count leaves the join out, so
    // PostgreSQL can count with an index-only scan (see pageWithCount).
    // (The cast only widens the builder's table list: these filters never name the approval.)
    const counted =
      query.filter.status === undefined
        ? (this.db
            .selectFrom('contract')
            .where('contract.del_flag', '=', '0') as unknown as ReturnType<typeof this.base>)
        : this.base();
    const count = counted.where(where as never).select((eb) => eb.fn.countAll().as('n'));
    return { page, count };
  }

  async list(query: ContractListQuery, scope: DataScope): Promise<ListPage<Contract>> {
    const { page, count } = this.listQueries(query, scope);
    return pageWithCount(page, count, (rows) => rows.map(toContract));
  }

  async listBatch(
    filter: ContractListFilter,
    scope: DataScope,
    afterId: number,
    limit: number,
  ): Promise<readonly Contract[]> {
    const rows = await this.selectAll()
      .where((eb) => this.filters(eb as never, filter, scope) as never)
      .where('contract.contract_id', '>', afterId)
      .orderBy('contract.contract_id')
      .limit(limit)
      .execute();
    return rows.map(toContract);
  }

  async findById(contractId: number, scope: DataScope): Promise<Contract | null> {
    const row = await this.selectAll()
      .where('contract.contract_id', '=', contractId)
      .where(
        (eb) =>
          scopeCondition(
            eb as never,
            scope,
            eb.ref('contract.dept_id'),
            eb.ref('contract.user_id'),
          ) as never,
      )
      .executeTakeFirst();
    return row === undefined ? null : toContract(row);
  }

  async lockById(contractId: number, scope: DataScope | null): Promise<Contract | null> {
    // Lock the contract row alone (FOR UPDATE OF), then read it with its approval's status.
    const locked = await this.db
      .selectFrom('contract')
      .select('contract_id')
      .where('contract_id', '=', contractId)
      .where('del_flag', '=', '0')
      .forUpdate()
      .executeTakeFirst();
    if (locked === undefined) return null;
    return this.findById(contractId, scope ?? { kind: 'all' });
  }

  async insert(r: NewContract, now: Date): Promise<Result<Contract, DomainError>> {
    try {
      const row = await this.db
        .insertInto('contract')
        .values({
          ...fieldColumns(r.fields),
          ...feeColumns(r.fees),
          ...stateColumns(r.state),
          fee_rates: json(r.feeRates),
          dept_id: r.deptId,
          user_id: r.userId,
          create_by: r.createBy,
          create_time: now,
          update_time: now,
        })
        .returning('contract_id')
        .executeTakeFirstOrThrow();
      const c = await this.findById(row.contract_id, { kind: 'all' });
      if (c === null) throw new Error('inserted contract not found');
      return ok(c);
    } catch (e) {
      if (isUniqueViolation(e)) return err(duplicateNo());
      throw e;
    }
  }

  async save(
    contractId: number,
    expectedVersion: number,
    changes: ContractChanges,
    now: Date,
  ): Promise<Result<Contract | null, DomainError>> {
    try {
      const result = await this.db
        .updateTable('contract')
        .set({
          ...(changes.fields ? fieldColumns(changes.fields) : {}),
          ...(changes.fees ? feeColumns(changes.fees) : {}),
          ...(changes.feeRates ? { fee_rates: json(changes.feeRates) } : {}),
          ...(changes.state ? stateColumns(changes.state) : {}),
          ...(changes.state?.deleted ? { del_flag: '2' as const } : {}),
          ...(changes.contractName !== undefined ? { contract_name: changes.contractName } : {}),
          ...(changes.changeId !== undefined ? { change_id: changes.changeId } : {}),
          version: expectedVersion + 1,
          update_time: now,
        })
        .where('contract_id', '=', contractId)
        .where('version', '=', expectedVersion)
        .where('del_flag', '=', '0')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return ok(null);
      if (changes.state?.deleted) {
        const gone = await this.db
          .selectFrom('contract')
          .leftJoin('approval as a', 'a.approval_id', 'contract.approval_id')
          .selectAll('contract')
          .select(statusExpr.as('effective_status'))
          .select(changeExpr.as('live_change_id'))
          .select(nickNameOf('contract.create_by').as('create_by_name'))
          .select(backSum('contract.contract_id').as(FIGURE_COLUMNS.backAmount))
          .where('contract.contract_id', '=', contractId)
          .executeTakeFirstOrThrow();
        return ok(toContract(gone));
      }
      return ok(await this.findById(contractId, { kind: 'all' }));
    } catch (e) {
      if (isUniqueViolation(e)) return err(duplicateNo());
      throw e;
    }
  }

  async appendHistory(e: ContractHistoryEntry): Promise<void> {
    await this.db
      .insertInto('contract_history')
      .values({
        record_kind: 'contract',
        record_id: e.contractId,
        action: e.action,
        changes: json(e.changes),
        user_id: e.userId,
        user_name: e.userName,
        at: e.at,
      })
      .execute();
  }

  async listHistory(contractId: number): Promise<readonly ContractHistoryEntry[]> {
    const rows = await this.db
      .selectFrom('contract_history')
      .selectAll()
      .select(nickNameOf('contract_history.user_name').as('create_by_name'))
      .where('record_kind', '=', 'contract')
      .where('record_id', '=', contractId)
      .orderBy('history_id')
      .execute();
    return rows.map((r) => ({
      contractId: r.record_id,
      action: r.action,
      changes: parsed(r.changes, {}),
      userId: r.user_id,
      userName: r.user_name,
      createByName: personNameOf(r.user_name, r.create_by_name),
      at: r.at,
    }));
  }

  async summary(scope: DataScope): Promise<ContractSummary> {
    const row = await this.db
      .selectFrom('contract')
      .where('del_flag', '=', '0')
      .where('stage', 'in', ['stay', 'declare'])
      .where(
        (eb) => scopeCondition(eb as never, scope, eb.ref('dept_id'), eb.ref('user_id')) as never,
      )
      .select([
        sql<string>`coalesce(sum(total_amount) filter (where stage = 'stay' and not effective), 0)`.as(
          'un_eff',
        ),
        sql<string>`coalesce(sum(total_amount) filter (where stage = 'stay'), 0)`.as('stay_total'),
        sql<string>`coalesce(sum(${backSum('contract.contract_id')}) filter (where stage = 'stay'), 0)`.as(
          'stay_receive',
        ),
        sql<string>`coalesce(sum(total_amount) filter (where stage = 'declare'), 0)`.as(
          'decl_total',
        ),
        sql<string>`coalesce(sum(design_fee) filter (where stage = 'declare'), 0)`.as(
          'decl_design',
        ),
        sql<string>`coalesce(sum(operate_fee) filter (where stage = 'declare'), 0)`.as(
          'decl_operate',
        ),
      ])
      .executeTakeFirstOrThrow();
    return {
      unEffectiveTotalAmount: amount(row.un_eff),
      stayTotalAmount: amount(row.stay_total),
      stayReceiveAmount: amount(row.stay_receive),
      declTotalAmount: amount(row.decl_total),
      declDesignFee: amount(row.decl_design),
      declOperateFee: amount(row.decl_operate),
    };
  }

  async chart(year: number, scope: DataScope): Promise<readonly ContractChartPoint[]> {
    const rows = await this.db
      .selectFrom('contract')
      .where('del_flag', '=', '0')
      .where('stage', '=', 'formal')
      .where('sign_date', '>=', `${String(year)}-01-01`)
      .where('sign_date', '<=', `${String(year)}-12-31`)
      .where(
        (eb) => scopeCondition(eb as never, scope, eb.ref('dept_id'), eb.ref('user_id')) as never,
      )
      .select([
        sql<string>`to_char(sign_date, 'YYYY-MM')`.as('month'),
        sql<string>`count(*)`.as('n'),
        sql<string>`sum(total_amount)`.as('total'),
        sql<string>`sum(${backSum('contract.contract_id')})`.as('receive'),
      ])
      .groupBy(sql`to_char(sign_date, 'YYYY-MM')`)
      .execute();
    const byMonth = new Map(rows.map((r) => [r.month, r]));
    return Array.from({ length: 12 }, (_, i) => {
      const month = `${String(year)}-${String(i + 1).padStart(2, '0')}`;
      const r = byMonth.get(month);
      return {
        month,
        contractCount: r ? Number(r.n) : 0,
        totalAmount: amount(r?.total),
        receiveAmount: amount(r?.receive),
      };
    });
  }
}
