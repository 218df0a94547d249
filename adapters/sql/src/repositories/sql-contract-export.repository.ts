import {
  personNameOf,
  MODIFY_ACTIONS,
  MoneyDecimal,
  toAmountString,
  type ApprovalStatus,
  type ContractExportRepository,
  type ContractStage,
  type DataScope,
  type HistoryExportRow,
  type LixiangFilter,
  type LixiangWithContract,
} from '@dpms/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { nickNameOf, containsPattern, scopeCondition, type Db } from './sql-helpers.js';

const amount = (v: string | null | undefined): string =>
  v === null || v === undefined ? '0' : toAmountString(new MoneyDecimal(v));
const parsed = <T>(v: unknown, fallback: T): T =>
  v === null || v === undefined
    ? fallback
    : typeof v === 'string'
      ? (JSON.parse(v) as T)
      : (v as T);

/** The exports that join filings to contracts or walk the history (keyset by id). */
export class SqlContractExportRepository implements ContractExportRepository {
  constructor(private readonly db: Db) {}

  async lixiangWithContract(
    f: LixiangFilter & { readonly contractStage?: ContractStage },
    scope: DataScope,
    afterId: number,
    limit: number,
  ): Promise<readonly LixiangWithContract[]> {
    let q = this.db
      .selectFrom('lixiang as l')
      .innerJoin('contract as c', 'c.contract_id', 'l.contract_id')
      .leftJoin('approval as a', 'a.approval_id', 'l.approval_id')
      .where('l.del_flag', '=', '0')
      .where('c.del_flag', '=', '0')
      .where(
        (eb) =>
          scopeCondition(eb as never, scope, eb.ref('l.dept_id'), eb.ref('l.user_id')) as never,
      )
      .where('l.lx_id', '>', afterId);
    if (f.contractStage !== undefined) q = q.where('c.stage', '=', f.contractStage);
    if (f.projectName) q = q.where('l.project_name', 'ilike', containsPattern(f.projectName));
    if (f.lxNo) q = q.where('l.lx_no', 'ilike', containsPattern(f.lxNo));
    if (f.bizSource) q = q.where('l.biz_source', '=', f.bizSource);
    if (f.contractId !== undefined) q = q.where('l.contract_id', '=', f.contractId);
    const rows = await q
      .selectAll('l')
      .select(nickNameOf('l.create_by').as('create_by_name'))
      .select([
        sql<number>`case when l.status = 0 and a.status in (2, 3) then a.status else l.status end`.as(
          'live_status',
        ),
        'c.contract_name',
        'c.contract_no',
        'c.stage as contract_stage',
        'c.total_amount as contract_total',
      ])
      .orderBy('l.lx_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      lxId: r.lx_id,
      contractId: r.contract_id,
      lxNo: r.lx_no,
      projectName: r.project_name,
      bizSource: r.biz_source as LixiangWithContract['bizSource'],
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
      status: Number(r.live_status) as ApprovalStatus,
      approvalId: r.approval_id === null ? null : String(r.approval_id),
      version: r.version,
      deptId: r.dept_id,
      userId: r.user_id,
      createBy: r.create_by,
      createByName: personNameOf(r.create_by, r.create_by_name),
      createTime: r.create_time,
      updateTime: r.update_time,
      contractName: r.contract_name,
      contractNo: r.contract_no,
      contractStage: r.contract_stage,
      contractTotalAmount: amount(r.contract_total),
    }));
  }

  async modifications(
    kind: 'lixiang' | 'contract',
    stage: ContractStage | undefined,
    scope: DataScope,
    afterId: number,
    limit: number,
  ): Promise<readonly HistoryExportRow[]> {
    const base = this.db
      .selectFrom('contract_history as h')
      .where('h.record_kind', '=', kind)
      .where('h.action', 'in', [...MODIFY_ACTIONS])
      .where('h.history_id', '>', afterId);
    const rows =
      kind === 'lixiang'
        ? await base
            .innerJoin('lixiang as r', 'r.lx_id', 'h.record_id')
            .where(
              (eb) =>
                scopeCondition(
                  eb as never,
                  scope,
                  eb.ref('r.dept_id'),
                  eb.ref('r.user_id'),
                ) as never,
            )
            .select([
              'h.history_id',
              'h.record_id',
              'h.action',
              'h.changes',
              'h.user_name',
              'h.at',
              'r.lx_no as record_no',
              'r.project_name as record_name',
            ])
            .orderBy('h.history_id')
            .limit(limit)
            .execute()
        : await base
            .innerJoin('contract as r', 'r.contract_id', 'h.record_id')
            .where(
              (eb) =>
                (stage === undefined ? sql<boolean>`true` : eb('r.stage', '=', stage)) as never,
            )
            .where(
              (eb) =>
                scopeCondition(
                  eb as never,
                  scope,
                  eb.ref('r.dept_id'),
                  eb.ref('r.user_id'),
                ) as never,
            )
            .select([
              'h.history_id',
              'h.record_id',
              'h.action',
              'h.changes',
              'h.user_name',
              'h.at',
              'r.contract_no as record_no',
              'r.project_name as record_name',
            ])
            .orderBy('h.history_id')
            .limit(limit)
            .execute();
    return rows.map((r) => ({
      historyId: Number(r.history_id),
      recordId: r.record_id,
      recordNo: r.record_no,
      recordName: r.record_name,
      action: r.action,
      changes: parsed(r.changes, {}),
      userName: r.user_name,
      at: r.at,
    }));
  }
}

export function createContractExportRepositories(db: Kysely<Database>) {
  return { exports: new SqlContractExportRepository(db) };
}
