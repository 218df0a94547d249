import { SqlIdempotencyRepository } from './sql-auth.repository.js';
import { nickNameOf } from './sql-helpers.js';
import { recordAuthor } from './record-author.js';
import {
  personNameOf,
  MoneyDecimal,
  toAmountString,
  type CheckedClosing,
  type ClosedCase,
  type ClosedCaseRepository,
  type ClosingActor,
  type ClosingContract,
  type ClosingKind,
  type ClosingListFilter,
  type ClosingRepositories,
  type ClosingStatus,
  type DataScope,
  type EngineClock,
  type LinkedRecordRegistry,
  type ListPage,
  type PageRequest,
} from '@dpms/core';
import { type ExpressionBuilder, type Kysely } from 'kysely';
import { backSum } from '../read-models/contract-figures.js';
import type { Database } from '../database/schema.js';
import { EngineRecordApprovalPort } from './sql-approval-submit.js';
import { closingPeople } from './record-people.js';
import { containsPattern, scopeCondition, pageWithCount } from './sql-helpers.js';

type Db = Kysely<Database>;
type AnyEb = ExpressionBuilder<Database, keyof Database>;

const amount = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number'
    ? toAmountString(new MoneyDecimal(String(v)))
    : '0';
const EXPORT_PAGE = 1000;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const CASE_COLUMNS = [
  'k.closed_id',
  'k.kind',
  'k.contract_id',
  'k.closed_case_amount',
  'k.back_amount',
  'k.settle_amount',
  'k.orig_direct_fee',
  'k.orig_technical_fee',
  'k.orig_expert_fee',
  'k.orig_operate_fee',
  'k.orig_design_fee',
  'k.direct_fee',
  'k.technical_fee',
  'k.expert_fee',
  'k.operate_fee',
  'k.design_fee',
  'k.remark',
  'k.status',
  'k.approval_id',
  'k.approved_time',
  'k.dept_id',
  'k.user_id',
  'k.create_by',
  nickNameOf('k.create_by').as('create_by_name'),
  'k.version',
  'k.create_time',
  'c.contract_no',
  'c.contract_name',
  'c.project_name',
] as const;

function toCase(r: Record<string, unknown>): ClosedCase {
  return {
    closedId: Number(r.closed_id),
    kind: r.kind as ClosingKind,
    contractId: Number(r.contract_id),
    contractNo: str(r.contract_no),
    contractName: str(r.contract_name),
    projectName: str(r.project_name),
    closedCaseAmount: amount(r.closed_case_amount),
    backAmount: amount(r.back_amount),
    settleAmount: amount(r.settle_amount),
    originalFees: {
      directFee: amount(r.orig_direct_fee),
      technicalFee: amount(r.orig_technical_fee),
      expertFee: amount(r.orig_expert_fee),
      operateFee: amount(r.orig_operate_fee),
      designFee: amount(r.orig_design_fee),
    },
    fees: {
      directFee: amount(r.direct_fee),
      technicalFee: amount(r.technical_fee),
      expertFee: amount(r.expert_fee),
      operateFee: amount(r.operate_fee),
      designFee: amount(r.design_fee),
    },
    remark: str(r.remark),
    status: Number(r.status) as ClosingStatus,
    approvalId: r.approval_id === null ? null : String(Number(r.approval_id)),
    deptId: r.dept_id === null ? null : Number(r.dept_id),
    userId: Number(r.user_id),
    createBy: str(r.create_by),
    createByName: personNameOf(str(r.create_by), str(r.create_by_name)),
    version: Number(r.version),
    createTime: r.create_time instanceof Date ? r.create_time : null,
    approvedTime: r.approved_time instanceof Date ? r.approved_time : null,
  };
}

const checkedColumns = (c: CheckedClosing) => ({
  closed_case_amount: c.closedCaseAmount,
  back_amount: c.backAmount,
  settle_amount: c.settleAmount,
  direct_fee: c.fees.directFee,
  technical_fee: c.fees.technicalFee,
  expert_fee: c.fees.expertFee,
  operate_fee: c.fees.operateFee,
  design_fee: c.fees.designFee,
});
const originalColumns = (f: ClosingContract['fees']) => ({
  orig_direct_fee: f.directFee,
  orig_technical_fee: f.technicalFee,
  orig_expert_fee: f.expertFee,
  orig_operate_fee: f.operateFee,
  orig_design_fee: f.designFee,
});

export class SqlClosedCaseRepository implements ClosedCaseRepository {
  constructor(private readonly db: Db) {}

  authorOf(recordId: string) {
    return recordAuthor(this.db, 'contract_closed_case', recordId);
  }

  personOf(recordId: string, field: string) {
    return closingPeople(this.db, recordId, field);
  }

  async findContract(contractId: number, scope: DataScope): Promise<ClosingContract | null> {
    const c = await this.db
      .selectFrom('contract as c')
      .select([
        'c.contract_id',
        'c.stage',
        'c.contract_no',
        'c.contract_name',
        'c.project_name',
        'c.dept_id',
        'c.user_id',
        'c.direct_fee',
        'c.technical_fee',
        'c.expert_fee',
        'c.operate_fee',
        'c.design_fee',
      ])
      .select(backSum('c.contract_id').as('back_money_sum'))
      .where('c.contract_id', '=', contractId)
      .where('c.del_flag', '=', '0')
      .where((eb) =>
        scopeCondition(eb as unknown as AnyEb, scope, eb.ref('c.dept_id'), eb.ref('c.user_id')),
      )
      .executeTakeFirst();
    if (c === undefined) return null;
    return {
      contractId: c.contract_id,
      stage: c.stage,
      contractNo: c.contract_no,
      contractName: c.contract_name,
      projectName: c.project_name,
      deptId: c.dept_id,
      userId: c.user_id,
      fees: {
        directFee: amount(c.direct_fee),
        technicalFee: amount(c.technical_fee),
        expertFee: amount(c.expert_fee),
        operateFee: amount(c.operate_fee),
        designFee: amount(c.design_fee),
      },
      // 已收 as the figures read model says it (its fallback to the recorded amount included).
      backAmount: amount(c.back_money_sum),
    };
  }

  private base() {
    return this.db
      .selectFrom('contract_closed_case as k')
      .innerJoin('contract as c', 'c.contract_id', 'k.contract_id')
      .where('k.del_flag', '=', '0');
  }

  async findById(
    closedId: number,
    kind: ClosingKind,
    scope: DataScope,
    forUpdate = false,
  ): Promise<ClosedCase | null> {
    let q = this.base()
      .select(CASE_COLUMNS)
      .where('k.closed_id', '=', closedId)
      .where('k.kind', '=', kind)
      .where((eb) =>
        scopeCondition(eb as unknown as AnyEb, scope, eb.ref('k.dept_id'), eb.ref('k.user_id')),
      );
    if (forUpdate) q = q.forUpdate('k');
    const r = await q.executeTakeFirst();
    return r === undefined ? null : toCase(r);
  }

  async findByContract(contractId: number, kind: ClosingKind): Promise<ClosedCase | null> {
    const r = await this.base()
      .select(CASE_COLUMNS)
      .where('k.contract_id', '=', contractId)
      .where('k.kind', '=', kind)
      .executeTakeFirst();
    return r === undefined ? null : toCase(r);
  }

  async insert(
    kind: ClosingKind,
    contract: ClosingContract,
    checked: CheckedClosing,
    remark: string,
    actor: ClosingActor,
    at: Date,
  ): Promise<ClosedCase> {
    const r = await this.db
      .insertInto('contract_closed_case')
      .values({
        kind,
        contract_id: contract.contractId,
        ...checkedColumns(checked),
        ...originalColumns(contract.fees),
        remark,
        dept_id: contract.deptId,
        user_id: actor.userId,
        create_by: actor.userName,
        create_time: at,
        update_time: at,
      })
      .returning('closed_id')
      .executeTakeFirstOrThrow();
    const c = await this.findById(r.closed_id, kind, { kind: 'all' });
    if (c === null) throw new Error('closed case vanished after insert');
    return c;
  }

  async update(
    closedId: number,
    version: number,
    patch: Parameters<ClosedCaseRepository['update']>[2],
    at: Date,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('contract_closed_case')
      .set({
        ...(patch.checked ? checkedColumns(patch.checked) : {}),
        ...(patch.originalFees ? originalColumns(patch.originalFees) : {}),
        ...(patch.remark !== undefined ? { remark: patch.remark } : {}),
        ...(patch.status !== undefined ? { status: patch.status } : {}),
        ...(patch.approvalId !== undefined
          ? { approval_id: patch.approvalId === null ? null : Number(patch.approvalId) }
          : {}),
        ...(patch.approvedTime !== undefined ? { approved_time: patch.approvedTime } : {}),
        version: version + 1,
        update_time: at,
      })
      .where('closed_id', '=', closedId)
      .where('version', '=', version)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async remove(closedId: number, at: Date): Promise<void> {
    await this.db
      .updateTable('contract_closed_case')
      .set({ del_flag: '2', update_time: at })
      .where('closed_id', '=', closedId)
      .execute();
  }

  async *exportRows(filter: ClosingListFilter, scope: DataScope): AsyncIterable<ClosedCase> {
    let after = 2_147_483_647;
    for (;;) {
      const rows = await this.base()
        .select(CASE_COLUMNS)
        .where('k.kind', '=', filter.kind)
        .$if(filter.contractId !== undefined, (q) =>
          q.where('k.contract_id', '=', filter.contractId ?? 0),
        )
        .$if(filter.status !== undefined, (q) => q.where('k.status', '=', filter.status ?? 0))
        // The list's name filter, so the export holds what the list found.
        .$if(!!filter.contractName, (q) =>
          q.where((eb) =>
            eb.or([
              eb('c.contract_name', 'ilike', containsPattern(filter.contractName ?? '')),
              eb('c.project_name', 'ilike', containsPattern(filter.contractName ?? '')),
            ]),
          ),
        )
        .where((eb) =>
          scopeCondition(eb as unknown as AnyEb, scope, eb.ref('k.dept_id'), eb.ref('k.user_id')),
        )
        .where('k.closed_id', '<', after)
        .orderBy('k.closed_id', 'desc')
        .limit(EXPORT_PAGE)
        .execute();
      for (const r of rows) yield toCase(r);
      if (rows.length < EXPORT_PAGE) return;
      after = Number(rows[rows.length - 1]?.closed_id ?? 0);
    }
  }

  async list(
    filter: ClosingListFilter,
    scope: DataScope,
    page: PageRequest,
  ): Promise<ListPage<ClosedCase>> {
    const q = this.base()
      .where('k.kind', '=', filter.kind)
      .$if(filter.contractId !== undefined, (b) =>
        b.where('k.contract_id', '=', filter.contractId ?? 0),
      )
      .$if(filter.status !== undefined, (b) => b.where('k.status', '=', filter.status ?? 0))
      .$if(!!filter.contractName, (b) =>
        b.where((eb) =>
          eb.or([
            eb('c.contract_name', 'ilike', containsPattern(filter.contractName ?? '')),
            eb('c.project_name', 'ilike', containsPattern(filter.contractName ?? '')),
          ]),
        ),
      )
      .where((eb) =>
        scopeCondition(eb as unknown as AnyEb, scope, eb.ref('k.dept_id'), eb.ref('k.user_id')),
      );
    const count = q.select((eb) => eb.fn.countAll<string>().as('n'));
    const rows = q
      .select(CASE_COLUMNS)
      .orderBy('k.closed_id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize);
    return pageWithCount(rows, count, (found) => found.map(toCase));
  }

  async applyToContract(c: ClosedCase, at: Date): Promise<void> {
    await this.db
      .updateTable('contract')
      .set({
        closed_case_amount: c.closedCaseAmount,
        settle_amount: c.settleAmount,
        update_time: at,
      })
      .where('contract_id', '=', c.contractId)
      .execute();
  }
}

export function createClosedCaseRepositories(
  db: Db,
  linked: LinkedRecordRegistry<Db>,
  clock: EngineClock,
): ClosingRepositories {
  return {
    closing: new SqlClosedCaseRepository(db),
    approvals: new EngineRecordApprovalPort(db, linked, clock),
    idempotency: new SqlIdempotencyRepository(db),
  };
}
