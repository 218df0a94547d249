import {
  applyChangeOnApproval,
  CONTRACT_CHANGE_RECORD_KIND,
  type ContractChange,
  type ContractChangeRepository,
  type RecordHistoryRepository,
  ApprovalEngine,
  applyContractEvent,
  approvalMessages,
  contractErrors,
  diffFields,
  stateOf,
  type ApprovalSentEvent,
  CONTRACT_ERROR_CODES,
  CONTRACT_RECORD_KIND,
  moveContractOnApproval,
  CONTRACT_MESSAGES,
  FEE_CATEGORIES,
  FEE_RATE_DICT_TYPES,
  MoneyDecimal,
  domainError,
  err,
  ok,
  rateSetFromDict,
  toAmountString,
  type ApprovalStatus,
  type Contract,
  type ContractApprovalPort,
  type ContractChanges,
  type ContractChartPoint,
  type ContractHistoryEntry,
  type ContractListFilter,
  type ContractListQuery,
  type ContractRepositories,
  type ContractRepository,
  type ContractSortColumn,
  type ContractSummary,
  type DataScope,
  type DomainError,
  type EngineClock,
  type FeeRateSets,
  type FeeRateSource,
  type LinkedRecordRegistry,
  type ListPage,
  type NewContract,
  type Result,
} from '@dpms/core';
import { sql, type ColumnType, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { createApprovalRepositories } from './sql-approval.repository.js';
import { KyselyUnitOfWork } from './platform-repositories.js';
import { SqlIdempotencyRepository } from './sql-auth.repository.js';
import {
  containsPattern,
  isUniqueViolation,
  pageBounds,
  scopeCondition,
  toCount,
  type Db,
} from './sql-helpers.js';
import { recordAuthor } from './record-author.js';

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

const amount = (v: string | null | undefined): string =>
  v === null || v === undefined ? '0' : toAmountString(new MoneyDecimal(v));

const SORT: Readonly<Record<ContractSortColumn, string>> = {
  contractId: 'contract.contract_id',
  createTime: 'contract.create_time',
  updateTime: 'contract.update_time',
  signDate: 'contract.sign_date',
  totalAmount: 'contract.total_amount',
  contractNo: 'contract.contract_no',
};

const json = (v: unknown): string => JSON.stringify(v);
const parsed = <T>(v: unknown, fallback: T): T =>
  v === null || v === undefined
    ? fallback
    : typeof v === 'string'
      ? (JSON.parse(v) as T)
      : (v as T);

/** Kysely over the contract tables (migration 0030_contracts). */
export class SqlContractRepository implements ContractRepository {
  constructor(private readonly db: Db) {}

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
      .select(changeExpr.as('live_change_id'));
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
    const count = this.base()
      .where(where as never)
      .select((eb) => eb.fn.countAll().as('n'));
    return { page, count };
  }

  async list(query: ContractListQuery, scope: DataScope): Promise<ListPage<Contract>> {
    const { page, count } = this.listQueries(query, scope);
    const [rows, n] = await Promise.all([page.execute(), count.executeTakeFirst()]);
    return { total: toCount(n?.n), rows: rows.map(toContract) };
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
        sql<string>`coalesce(sum(receive_amount) filter (where stage = 'stay'), 0)`.as(
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
        sql<string>`sum(receive_amount)`.as('receive'),
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

const duplicateNo = (): DomainError =>
  domainError(CONTRACT_ERROR_CODES.duplicateNo, CONTRACT_MESSAGES.duplicateNo, 'contractNo');

function fieldColumns(f: NewContract['fields']) {
  return {
    project_name: f.projectName,
    contract_name: f.contractName,
    entrust_business_name: f.entrustBusinessName,
    contract_no: f.contractNo,
    sign_by_main: f.signByMain,
    sign_by_sub: f.signBySub,
    sub_bank_name: f.subBankName,
    biz_source: f.bizSource,
    location: f.location,
    service_manager_id: f.serviceManagerId,
    service_manager_name: f.serviceManagerName,
    plan_area: f.planArea,
    build_area: f.buildArea,
    scenery_area: f.sceneryArea,
    indoor_area: f.indoorArea,
    total_amount: f.totalAmount,
    receive_amount: f.receiveAmount,
    clean_amount: f.cleanAmount,
    direct_fee: f.directFee,
    real_amount_rate: f.realAmountRate,
    biz_type: f.bizType,
    entrust_task: f.entrustTask,
    entrust_list: json(f.entrustList),
    terms_content: f.termsContent,
    special_terms: f.specialTerms,
    instructions: f.instructions,
    perform_content: f.performContent,
    track_record: f.trackRecord,
    sign_date: f.signDate,
    files: json(f.files),
    contract_files: json(f.contractFiles),
  };
}

function feeColumns(f: NewContract['fees']) {
  return {
    real_amount: f.realAmount,
    direct_fee: f.directFee,
    technical_fee: f.technicalFee,
    expert_fee: f.expertFee,
    operate_fee: f.operateFee,
    design_fee: f.designFee,
    settle_amount: f.settleAmount,
    closed_case_amount: f.closedCaseAmount,
    back_amount: f.backAmount,
  };
}

function stateColumns(s: NewContract['state']) {
  return {
    stage: s.stage,
    status: s.status,
    effective: s.effective,
    converted_from: s.convertedFrom,
    approval_id: s.approvalId === null ? null : Number(s.approvalId),
  };
}

type ContractRow = Database['contract'] extends infer T
  ? {
      [K in keyof T]: T[K] extends ColumnType<infer S, unknown, unknown> ? S : T[K];
    }
  : never;

function toContract(
  r: ContractRow & { effective_status: number; live_change_id?: number | null },
): Contract {
  return {
    changeId: r.live_change_id ?? null,
    contractId: r.contract_id,
    stage: r.stage,
    status: Number(r.effective_status) as ApprovalStatus,
    effective: r.effective,
    convertedFrom: r.converted_from,
    approvalId: r.approval_id === null ? null : String(r.approval_id),
    projectName: r.project_name,
    contractName: r.contract_name,
    entrustBusinessName: r.entrust_business_name,
    contractNo: r.contract_no,
    signByMain: r.sign_by_main,
    signBySub: r.sign_by_sub,
    subBankName: r.sub_bank_name,
    bizSource: r.biz_source as Contract['bizSource'],
    location: r.location,
    serviceManagerId: r.service_manager_id,
    serviceManagerName: r.service_manager_name,
    planArea: amount(r.plan_area),
    buildArea: amount(r.build_area),
    sceneryArea: amount(r.scenery_area),
    indoorArea: amount(r.indoor_area),
    totalAmount: amount(r.total_amount),
    receiveAmount: amount(r.receive_amount),
    cleanAmount: amount(r.clean_amount),
    realAmount: amount(r.real_amount),
    realAmountRate: r.real_amount_rate,
    directFee: amount(r.direct_fee),
    technicalFee: amount(r.technical_fee),
    expertFee: amount(r.expert_fee),
    operateFee: amount(r.operate_fee),
    designFee: amount(r.design_fee),
    settleAmount: amount(r.settle_amount),
    closedCaseAmount: amount(r.closed_case_amount),
    backAmount: amount(r.back_amount),
    feeRates: parsed(r.fee_rates, {}),
    bizType: r.biz_type as Contract['bizType'],
    entrustTask: r.entrust_task,
    entrustList: parsed(r.entrust_list, []),
    termsContent: r.terms_content,
    specialTerms: r.special_terms,
    instructions: r.instructions,
    performContent: r.perform_content,
    trackRecord: r.track_record,
    signDate: r.sign_date,
    files: parsed(r.files, []),
    contractFiles: parsed(r.contract_files, []),
    version: r.version,
    deptId: r.dept_id,
    userId: r.user_id,
    createBy: r.create_by,
    createTime: r.create_time,
    updateTime: r.update_time,
  };
}

/** The fee rate sets as stored now: one dictionary per category (FEE_RATE_DICT_TYPES). */
export class SqlFeeRateSource implements FeeRateSource {
  constructor(private readonly db: Db) {}

  async current(): Promise<FeeRateSets> {
    const rows = await this.db
      .selectFrom('sys_dict_data')
      .select(['dict_type', 'dict_label', 'dict_value'])
      .where('dict_type', 'in', Object.values(FEE_RATE_DICT_TYPES))
      .where('status', '=', '0')
      .execute();
    const sets: Record<string, ReturnType<typeof rateSetFromDict>> = {};
    for (const category of FEE_CATEGORIES) {
      const type = FEE_RATE_DICT_TYPES[category];
      sets[category] = rateSetFromDict(
        rows
          .filter((r) => r.dict_type === type)
          .map((r) => ({ dictLabel: r.dict_label, dictValue: r.dict_value })),
      );
    }
    return sets;
  }
}

/**
 * The approval port of the contract use cases: the approval engine run in the contract's own
 * transaction (its unit of work reuses the transaction it is given), so the approval and the
 * record's lock commit or roll back together.
 */
export class EngineContractApprovalPort implements ContractApprovalPort {
  constructor(
    private readonly trx: Kysely<Database>,
    private readonly linked: LinkedRecordRegistry<Kysely<Database>>,
    private readonly clock: EngineClock,
  ) {}

  async submit(request: Parameters<ContractApprovalPort['submit']>[0]) {
    const engine = new ApprovalEngine(
      new KyselyUnitOfWork(this.trx, (t) => createApprovalRepositories(t, this.linked)),
      this.clock,
    );
    const r = await engine.create(
      {
        kind: request.kind,
        typeCode: request.typeCode,
        title: request.title,
        content: request.content,
        recordKind: request.recordKind,
        recordId: request.recordId,
        submit: true,
      },
      {
        userId: request.drafterId,
        deptId: request.drafterDeptId,
        scope: { kind: 'own', userId: request.drafterId },
      },
      { route: 'contract.submit' },
    );
    if (!r.ok) return r;
    return ok({ approvalId: r.value.approvalId, status: r.value.status });
  }
}

/** The contract ports bound to one connection or transaction. */
export function createContractRepositories(
  db: Kysely<Database>,
  linked: LinkedRecordRegistry<Kysely<Database>>,
  clock: EngineClock,
): ContractRepositories {
  return {
    contracts: new SqlContractRepository(db),
    rates: new SqlFeeRateSource(db),
    approvals: new EngineContractApprovalPort(db, linked, clock),
    changes: new SqlContractChangeRepository(db),
    idempotency: new SqlIdempotencyRepository(db),
  };
}

/** History lines of filings, sub-contracts and extensions (contract_history by record_kind). */
export class SqlRecordHistoryRepository implements RecordHistoryRepository {
  constructor(private readonly db: Db) {}

  async append(e: Parameters<RecordHistoryRepository['append']>[0]): Promise<void> {
    await this.db
      .insertInto('contract_history')
      .values({
        record_kind: e.recordKind,
        record_id: e.recordId,
        action: e.action,
        changes: json(e.changes),
        user_id: e.userId,
        user_name: e.userName,
        at: e.at,
      })
      .execute();
  }
}

/** Contract changes (28_1): the proposal, what it replaced, and its approval's status. */
export class SqlContractChangeRepository implements ContractChangeRepository {
  constructor(private readonly db: Db) {}

  async insert(
    c: Parameters<ContractChangeRepository['insert']>[0],
    now: Date,
  ): Promise<ContractChange> {
    const row = await this.db
      .insertInto('contract_change')
      .values({
        contract_id: c.contractId,
        proposed: json(c.proposed),
        previous: json(c.previous),
        reason: c.reason,
        status: 0,
        user_id: c.userId,
        create_by: c.createBy,
        create_time: now,
        update_time: now,
      })
      .returning('change_id')
      .executeTakeFirstOrThrow();
    const found = await this.findById(row.change_id);
    if (found === null) throw new Error('inserted contract change not found');
    return found;
  }

  private select() {
    return this.db
      .selectFrom('contract_change as cc')
      .leftJoin('approval as a', 'a.approval_id', 'cc.approval_id')
      .selectAll('cc')
      .select(
        sql<number>`case when cc.status = 0 and a.status in (2, 3) then a.status else cc.status end`.as(
          'live_status',
        ),
      );
  }

  async findById(changeId: number): Promise<ContractChange | null> {
    const row = await this.select().where('cc.change_id', '=', changeId).executeTakeFirst();
    return row === undefined ? null : toChange(row);
  }

  async setApproval(changeId: number, approvalId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('contract_change')
      .set({ approval_id: Number(approvalId), update_time: now })
      .where('change_id', '=', changeId)
      .execute();
  }

  async setStatus(changeId: number, status: ApprovalStatus, now: Date): Promise<void> {
    await this.db
      .updateTable('contract_change')
      .set({ status, update_time: now })
      .where('change_id', '=', changeId)
      .execute();
  }

  async listByContract(contractId: number): Promise<readonly ContractChange[]> {
    const rows = await this.select()
      .where('cc.contract_id', '=', contractId)
      .orderBy('cc.change_id')
      .execute();
    return rows.map(toChange);
  }
}

function toChange(r: {
  change_id: number;
  contract_id: number;
  proposed: unknown;
  previous: unknown;
  reason: string;
  live_status: number;
  approval_id: number | null;
  user_id: number;
  create_by: string;
  create_time: Date;
}): ContractChange {
  return {
    changeId: r.change_id,
    contractId: r.contract_id,
    proposed: parsed(r.proposed, {} as ContractChange['proposed']),
    previous: parsed(r.previous, {} as ContractChange['previous']),
    reason: r.reason,
    status: Number(r.live_status) as ApprovalStatus,
    approvalId: r.approval_id === null ? null : String(r.approval_id),
    userId: r.user_id,
    createBy: r.create_by,
    createTime: r.create_time,
  };
}

/**
 * Registers the contract change handler: an approved change applies its fields (split
 * recomputed) in the approval's transaction; rejected or withdrawn release the contract.
 */
export function registerContractChangeRecords(
  linked: LinkedRecordRegistry<Kysely<Database>>,
): LinkedRecordRegistry<Kysely<Database>> {
  return linked.register(CONTRACT_CHANGE_RECORD_KIND, (trx) => ({
    // A change rejected or withdrawn and sent again from the approval centre holds the contract
    // again; the first round is requestChange's, which holds it itself.
    approvalSent: async (event) => {
      if (event.round <= 1) return ok(undefined);
      const changes = new SqlContractChangeRepository(trx);
      const change = await changes.findById(Number(event.recordId));
      if (change === null || change.approvalId !== event.approvalId)
        return err(approvalMessages.recordSuperseded());
      const contracts = new SqlContractRepository(trx);
      const c = await contracts.lockById(change.contractId, null);
      if (c === null) return err(contractErrors.notFound());
      if (c.changeId !== null && c.changeId !== undefined && c.changeId !== change.changeId)
        return err(approvalMessages.recordSuperseded());
      await changes.setStatus(change.changeId, 0, event.at);
      const saved = await contracts.save(
        c.contractId,
        c.version,
        { changeId: change.changeId },
        event.at,
      );
      if (!saved.ok) return saved;
      return saved.value === null ? err(contractErrors.staleVersion()) : ok(undefined);
    },
    approvalEnded: (event) =>
      applyChangeOnApproval(
        {
          contracts: new SqlContractRepository(trx),
          changes: new SqlContractChangeRepository(trx),
        },
        () => new SqlFeeRateSource(trx).current(),
        {
          approvalId: event.approvalId,
          recordId: event.recordId,
          status: event.status,
          at: event.at,
        },
      ),
  }));
}

/**
 * Registers the contract's linked-record handler, in the approval's transaction: an approval of a
 * contract that ends moves the contract (an approved review makes it formal; a rejected or
 * withdrawn one unlocks it), and one resubmitted from the approval centre locks it again.
 */
export function registerContractRecords(
  linked: LinkedRecordRegistry<Kysely<Database>>,
): LinkedRecordRegistry<Kysely<Database>> {
  return linked.register(CONTRACT_RECORD_KIND, (trx) => ({
    approvalEnded: (event) =>
      moveContractOnApproval(new SqlContractRepository(trx), {
        approvalId: event.approvalId,
        recordId: event.recordId,
        status: event.status,
        at: event.at,
      }),
    approvalSent: (event) => relockContractOnResubmit(new SqlContractRepository(trx), event),
    authorOf: (recordId) => recordAuthor(trx, 'contract', recordId),
  }));
}

/**
 * A rejected or withdrawn review sent again locks its contract again. The first submission is
 * updateToApproval's, which locks the contract itself. A contract sent since with another
 * approval, or approved, refuses: one contract never has two approvals running.
 */
async function relockContractOnResubmit(
  contracts: SqlContractRepository,
  event: ApprovalSentEvent,
): Promise<Result<void>> {
  if (event.round <= 1) return ok(undefined);
  const id = Number(event.recordId);
  const c = Number.isSafeInteger(id) ? await contracts.lockById(id, null) : null;
  if (c === null) return err(contractErrors.notFound());
  if (c.approvalId !== event.approvalId) return err(approvalMessages.recordSuperseded());
  if (c.status === 0) return ok(undefined);
  const before = stateOf(c);
  const moved = applyContractEvent(before, { type: 'submit', approvalId: event.approvalId });
  if (!moved.ok) return moved;
  const saved = await contracts.save(c.contractId, c.version, { state: moved.value }, event.at);
  if (!saved.ok) return saved;
  if (saved.value === null) return err(contractErrors.staleVersion());
  await contracts.appendHistory({
    contractId: c.contractId,
    action: 'approvalResubmitted',
    changes: diffFields({ status: before.status }, { status: moved.value.status }),
    userId: 0,
    userName: '审批流程',
    at: event.at,
  });
  return ok(undefined);
}
