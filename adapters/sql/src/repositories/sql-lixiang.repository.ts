import {
  personNameOf,
  type LixiangChangeRepositories,
  MoneyDecimal,
  toAmountString,
  type ApprovalStatus,
  type DataScope,
  type EngineClock,
  type LinkedRecordRegistry,
  type ListPage,
  type ListQuery,
  type Lixiang,
  type LixiangFilter,
  type LixiangRepository,
  type LixiangSortColumn,
} from '@dpms/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { EngineRecordApprovalPort } from './sql-approval-submit.js';
import { SqlFeeRateSource, SqlRecordHistoryRepository } from './sql-contract.repository.js';
import { SqlIdempotencyRepository } from './sql-auth.repository.js';
import {
  nickNameOf,
  containsPattern,
  pageBounds,
  scopeCondition,
  type Db,
  pageWithCount,
} from './sql-helpers.js';
import { recordAuthor } from './record-author.js';
import { SqlLixiangChangeRepository } from './sql-lixiang-change.repository.js';

const amount = (v: string | null | undefined): string =>
  v === null || v === undefined ? '0' : toAmountString(new MoneyDecimal(v));

/** A pending filing whose approval was rejected or withdrawn is unlocked (as for contracts). */
const statusExpr = sql<number>`case when lixiang.status = 0 and a.status in (2, 3) then a.status else lixiang.status end`;

const SORT: Readonly<Record<LixiangSortColumn, string>> = {
  createTime: 'lixiang.create_time',
  lxId: 'lixiang.lx_id',
  totalAmount: 'lixiang.total_amount',
};

interface Row {
  lx_id: number;
  contract_id: number | null;
  lx_no: string;
  project_name: string;
  biz_source: string;
  total_amount: string;
  clean_amount: string;
  real_amount: string;
  direct_fee: string;
  technical_fee: string;
  expert_fee: string;
  operate_fee: string;
  design_fee: string;
  fee_rates: unknown;
  content: unknown;
  history: boolean;
  approval_id: number | null;
  version: number;
  dept_id: number | null;
  user_id: number;
  create_by: string;
  create_by_name?: string | null;
  create_time: Date;
  update_time: Date;
  effective_status: number;
}

const parsed = <T>(v: unknown, fallback: T): T =>
  v === null || v === undefined
    ? fallback
    : typeof v === 'string'
      ? (JSON.parse(v) as T)
      : (v as T);

const toLixiang = (r: Row): Lixiang => ({
  lxId: r.lx_id,
  contractId: r.contract_id,
  lxNo: r.lx_no,
  projectName: r.project_name,
  bizSource: r.biz_source as Lixiang['bizSource'],
  totalAmount: amount(r.total_amount),
  cleanAmount: amount(r.clean_amount),
  realAmount: amount(r.real_amount),
  directFee: amount(r.direct_fee),
  technicalFee: amount(r.technical_fee),
  expertFee: amount(r.expert_fee),
  operateFee: amount(r.operate_fee),
  designFee: amount(r.design_fee),
  feeRates: parsed(r.fee_rates, {}),
  remark: parsed<{ remark?: string }>(r.content, {}).remark ?? '',
  history: r.history,
  status: Number(r.effective_status) as ApprovalStatus,
  approvalId: r.approval_id === null ? null : String(r.approval_id),
  version: r.version,
  deptId: r.dept_id,
  userId: r.user_id,
  createBy: r.create_by,
  createByName: personNameOf(r.create_by, r.create_by_name),
  createTime: r.create_time,
  updateTime: r.update_time,
});

/** Project filings (lixiang), scoped by department and owner like contracts. */
export class SqlLixiangRepository implements LixiangRepository {
  constructor(private readonly db: Db) {}

  authorOf(recordId: string) {
    return recordAuthor(this.db, 'lixiang', recordId);
  }

  private base(scope: DataScope | null) {
    return this.db
      .selectFrom('lixiang')
      .leftJoin('approval as a', 'a.approval_id', 'lixiang.approval_id')
      .where('lixiang.del_flag', '=', '0')
      .where((eb) =>
        scope === null
          ? sql<boolean>`true`
          : (scopeCondition(
              eb as never,
              scope,
              eb.ref('lixiang.dept_id'),
              eb.ref('lixiang.user_id'),
            ) as never),
      );
  }

  async listBatch(
    f: LixiangFilter,
    scope: DataScope,
    afterId: number,
    limit: number,
  ): Promise<readonly Lixiang[]> {
    let q = this.base(scope);
    if (f.projectName) q = q.where('lixiang.project_name', 'ilike', containsPattern(f.projectName));
    if (f.lxNo) q = q.where('lixiang.lx_no', 'ilike', containsPattern(f.lxNo));
    if (f.bizSource) q = q.where('lixiang.biz_source', '=', f.bizSource);
    if (f.contractId !== undefined) q = q.where('lixiang.contract_id', '=', f.contractId);
    if (f.status !== undefined) q = q.where(statusExpr, '=', f.status);
    const rows = await q
      .selectAll('lixiang')
      .select(nickNameOf('lixiang.create_by').as('create_by_name'))
      .select(statusExpr.as('effective_status'))
      .where('lixiang.lx_id', '>', afterId)
      .orderBy('lixiang.lx_id')
      .limit(limit)
      .execute();
    return rows.map((r) => toLixiang(r as unknown as Row));
  }

  async list(
    query: ListQuery<LixiangFilter, LixiangSortColumn>,
    scope: DataScope,
  ): Promise<ListPage<Lixiang>> {
    const f = query.filter;
    let q = this.base(scope);
    if (f.projectName) q = q.where('lixiang.project_name', 'ilike', containsPattern(f.projectName));
    if (f.lxNo) q = q.where('lixiang.lx_no', 'ilike', containsPattern(f.lxNo));
    if (f.bizSource) q = q.where('lixiang.biz_source', '=', f.bizSource);
    if (f.contractId !== undefined) q = q.where('lixiang.contract_id', '=', f.contractId);
    if (f.status !== undefined) q = q.where(statusExpr, '=', f.status);
    const dir = query.sort?.direction ?? 'desc';
    const { limit, offset } = pageBounds(query.page);
    let page = q
      .selectAll('lixiang')
      .select(nickNameOf('lixiang.create_by').as('create_by_name'))
      .select(statusExpr.as('effective_status'))
      .orderBy(sql.ref(SORT[query.sort?.column ?? 'createTime']), dir)
      .orderBy('lixiang.lx_id', dir);
    if (limit !== undefined) page = page.limit(limit).offset(offset ?? 0);
    const count = q.select((eb) => eb.fn.countAll().as('n'));
    return pageWithCount(page, count, (rows) => rows.map((r) => toLixiang(r as unknown as Row)));
  }

  async findById(lxId: number, scope: DataScope | null): Promise<Lixiang | null> {
    const row = await this.base(scope)
      .selectAll('lixiang')
      .select(nickNameOf('lixiang.create_by').as('create_by_name'))
      .select(statusExpr.as('effective_status'))
      .where('lixiang.lx_id', '=', lxId)
      .executeTakeFirst();
    return row === undefined ? null : toLixiang(row);
  }

  async insert(r: Parameters<LixiangRepository['insert']>[0], now: Date): Promise<Lixiang> {
    const row = await this.db
      .insertInto('lixiang')
      .values({
        contract_id: r.fields.contractId,
        lx_no: r.fields.lxNo,
        project_name: r.fields.projectName,
        biz_source: r.fields.bizSource,
        total_amount: r.fields.totalAmount,
        clean_amount: r.fields.cleanAmount,
        real_amount: r.fees.realAmount,
        direct_fee: r.fees.directFee,
        technical_fee: r.fees.technicalFee,
        expert_fee: r.fees.expertFee,
        operate_fee: r.fees.operateFee,
        design_fee: r.fees.designFee,
        fee_rates: JSON.stringify(r.feeRates),
        content: JSON.stringify({ remark: r.fields.remark }),
        history: r.history,
        status: r.status,
        dept_id: r.deptId,
        user_id: r.userId,
        create_by: r.createBy,
        create_time: now,
        update_time: now,
      })
      .returning('lx_id')
      .executeTakeFirstOrThrow();
    const l = await this.findById(row.lx_id, null);
    if (l === null) throw new Error('inserted filing not found');
    return l;
  }

  async save(
    lxId: number,
    expectedVersion: number,
    c: Parameters<LixiangRepository['save']>[2],
    now: Date,
  ): Promise<Lixiang | null> {
    const result = await this.db
      .updateTable('lixiang')
      .set({
        ...(c.fields
          ? {
              contract_id: c.fields.contractId,
              lx_no: c.fields.lxNo,
              project_name: c.fields.projectName,
              biz_source: c.fields.bizSource,
              total_amount: c.fields.totalAmount,
              clean_amount: c.fields.cleanAmount,
              content: JSON.stringify({ remark: c.fields.remark }),
            }
          : {}),
        ...(c.fees
          ? {
              real_amount: c.fees.realAmount,
              direct_fee: c.fees.directFee,
              technical_fee: c.fees.technicalFee,
              expert_fee: c.fees.expertFee,
              operate_fee: c.fees.operateFee,
              design_fee: c.fees.designFee,
            }
          : {}),
        ...(c.feeRates ? { fee_rates: JSON.stringify(c.feeRates) } : {}),
        ...(c.status !== undefined ? { status: c.status } : {}),
        ...(c.approvalId !== undefined
          ? { approval_id: c.approvalId === null ? null : Number(c.approvalId) }
          : {}),
        version: expectedVersion + 1,
        update_time: now,
      })
      .where('lx_id', '=', lxId)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    return this.findById(lxId, null);
  }
}

export function createLixiangRepositories(
  db: Kysely<Database>,
  linked: LinkedRecordRegistry<Kysely<Database>>,
  clock: EngineClock,
): LixiangChangeRepositories {
  return {
    lixiang: new SqlLixiangRepository(db),
    lixiangChanges: new SqlLixiangChangeRepository(db),
    rates: new SqlFeeRateSource(db),
    approvals: new EngineRecordApprovalPort(db, linked, clock),
    history: new SqlRecordHistoryRepository(db),
    idempotency: new SqlIdempotencyRepository(db),
  };
}
