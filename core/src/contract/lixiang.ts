import type { RecordAuthors } from '../approval/linked-record-ports.js';
import type { ApprovalStatus } from '../approval/approval-status.js';
import type { ContentEntry, TemplateContent } from '../approval/template.js';
import type { BizSource, FeeRates, FeeRateSets } from '../fees/fee-rates.js';
import { splitFees } from '../fees/fee-split.js';
import type { DataScope } from '../platform/data-scope.js';
import type { ListPage, ListQuery } from '../platform/list-query.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { CONTRACT_ERROR_CODES as C, CONTRACT_MESSAGES as M } from './contract-messages.js';
import type { FeeRateSource } from './contract.repository.port.js';
import type { RecordApprovalPort } from '../approval/record-approval.port.js';
import type { ContractActor, ContractClock } from './contract.use-case.js';
import { contractAmount } from './contract-validation.js';
import { lixiangInputProblems, type LixiangInput } from './sub-record-input.js';
import { diffFields } from './contract.use-case.js';
import { appendHistory, keysetRows, type RecordHistoryRepository } from './contract-write.js';
import { WriteAbort, runWrite, type WriteIdempotency } from '../shared/write.js';
import type { IdempotencyRepository } from '../platform/auth-session.repository.port.js';

/** The linked record kind of project filing approvals. */
export const LIXIANG_RECORD_KIND = 'lixiang';

export interface LixiangFields {
  readonly contractId: number | null;
  readonly lxNo: string;
  readonly projectName: string;
  readonly bizSource: BizSource;
  readonly totalAmount: string;
  readonly cleanAmount: string;
  readonly directFee: string;
  /** Free remarks of the filing form. */
  readonly remark: string;
}

export interface LixiangFees {
  readonly realAmount: string;
  readonly directFee: string;
  readonly technicalFee: string;
  readonly expertFee: string;
  readonly operateFee: string;
  readonly designFee: string;
}

/** A project filing (立项备案, lixiang). */
export interface Lixiang extends Omit<LixiangFields, 'directFee'>, LixiangFees {
  readonly lxId: number;
  readonly feeRates: FeeRates;
  readonly history: boolean;
  readonly status: ApprovalStatus;
  readonly approvalId: string | null;
  readonly version: number;
  readonly deptId: number | null;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date;
  readonly updateTime: Date;
}

export interface LixiangFilter {
  readonly projectName?: string;
  readonly lxNo?: string;
  readonly bizSource?: string;
  readonly status?: ApprovalStatus;
  readonly contractId?: number;
}
export const LIXIANG_SORT_COLUMNS = ['createTime', 'lxId', 'totalAmount'] as const;
export type LixiangSortColumn = (typeof LIXIANG_SORT_COLUMNS)[number];

/** A filing's author (`authorOf`) is who drafted it, kept off its approval. */
export interface LixiangRepository extends RecordAuthors {
  list(
    query: ListQuery<LixiangFilter, LixiangSortColumn>,
    scope: DataScope,
  ): Promise<ListPage<Lixiang>>;
  findById(lxId: number, scope: DataScope | null): Promise<Lixiang | null>;
  insert(
    r: {
      fields: LixiangFields;
      fees: LixiangFees;
      feeRates: FeeRates;
      history: boolean;
      status: -1 | 1;
      deptId: number | null;
      userId: number;
      createBy: string;
    },
    now: Date,
  ): Promise<Lixiang>;
  /** Writes when the version is still `expectedVersion`; null otherwise. */
  save(
    lxId: number,
    expectedVersion: number,
    changes: {
      fields?: LixiangFields;
      fees?: LixiangFees;
      feeRates?: FeeRates;
      status?: ApprovalStatus;
      approvalId?: string | null;
    },
    now: Date,
  ): Promise<Lixiang | null>;
  /** Rows after `afterId` by lxId, for a streamed export. */
  listBatch(
    filter: LixiangFilter,
    scope: DataScope,
    afterId: number,
    limit: number,
  ): Promise<readonly Lixiang[]>;
}

export interface LixiangRepositories {
  readonly lixiang: LixiangRepository;
  readonly rates: FeeRateSource;
  readonly approvals: RecordApprovalPort;
  readonly history?: RecordHistoryRepository;
  readonly idempotency?: IdempotencyRepository;
}

const text = (v: string | null | undefined): string => (v ?? '').trim();

export const lixiangErrors = {
  notFound: (): DomainError =>
    domainError('CONTRACT.LIXIANG_NOT_FOUND', '立项备案不存在、已被删除或没有权限访问'),
  locked: (): DomainError => domainError(C.locked, '立项备案正在审批中，不能修改或重复提交'),
  final: (): DomainError =>
    domainError(C.approved, '立项备案已审批通过或为补录的历史备案，不能修改'),
  stale: (): DomainError => domainError(C.staleVersion, M.staleVersion),
} as const;

/**
 * A project filing's (立项) 修改 and 提交审批: while in approval it is locked; approved or recorded
 * before the system (history), it is final. Filings are not deleted.
 */
export function lixiangStateCheck(l: {
  readonly status: number;
  readonly history: boolean;
}): Result<void> {
  if (l.status === 0) return err(lixiangErrors.locked());
  if (l.status === 1 || l.history) return err(lixiangErrors.final());
  return ok(undefined);
}

/** Checks a filing as entered; every refusal names its field. */
export function validateLixiang(input: LixiangInput): Result<LixiangFields> {
  const problem = lixiangInputProblems(input)[0];
  if (problem !== undefined) return err(problem);
  const total = contractAmount(input.totalAmount, 'totalAmount', null);
  const totalAmount = total.ok ? total.value : '0';
  const clean = contractAmount(input.cleanAmount, 'cleanAmount', totalAmount);
  const direct = contractAmount(input.directFee, 'directFee', '0');
  return ok({
    contractId: input.contractId ?? null,
    lxNo: text(input.lxNo),
    projectName: text(input.projectName),
    bizSource: text(input.bizSource) as BizSource,
    totalAmount,
    cleanAmount: clean.ok ? clean.value : totalAmount,
    directFee: direct.ok ? direct.value : '0',
    remark: text(input.remark),
  });
}

/** The filing's fee split: core's splitFees with its source's rate set (undated: standard rule). */
export function lixiangFees(
  f: LixiangFields,
  sets: FeeRateSets,
): Result<{ fees: LixiangFees; rates: FeeRates }> {
  const category = f.bizSource === '1' ? 'market' : f.bizSource === '2' ? 'inner' : 'union';
  const rates = sets[category] ?? {};
  const s = splitFees({
    bizSource: f.bizSource,
    signDate: null,
    totalAmount: f.totalAmount,
    cleanAmount: f.cleanAmount,
    directFee: f.directFee,
    rateSets: { [category]: rates },
  });
  if (!s.ok) return s;
  const v = s.value;
  return ok({
    rates,
    fees: {
      realAmount: v.realAmount,
      directFee: v.directFee,
      technicalFee: v.technicalFee,
      expertFee: v.expertFee,
      operateFee: v.operateFee,
      designFee: v.designFee,
    },
  });
}

/** A filing's own fields (what a form edits and a change proposes). */
export const lixiangFieldsOf = (l: Lixiang): LixiangFields => ({
  contractId: l.contractId,
  lxNo: l.lxNo,
  projectName: l.projectName,
  bizSource: l.bizSource,
  totalAmount: l.totalAmount,
  cleanAmount: l.cleanAmount,
  directFee: l.directFee,
  remark: l.remark,
});

const entry = (label: string, value: string): ContentEntry => ({ label, value, type: 'input' });
function filingContent(l: Lixiang): TemplateContent {
  return {
    projectName: entry('项目名称', l.projectName),
    lxNo: entry('立项编号', l.lxNo),
    totalAmount: entry('合同金额', l.totalAmount),
    realAmount: entry('实际金额', l.realAmount),
    designFee: entry('设计费', l.designFee),
  };
}

/** Project filings: add, addHistory, updateV2, updateToApprovalV2 (2_x), detail and list. */
export class LixiangService {
  constructor(
    private readonly uow: UnitOfWork<LixiangRepositories>,
    private readonly clock: ContractClock,
  ) {}

  add(
    input: LixiangInput,
    actor: ContractActor,
    history = false,
    idem?: WriteIdempotency,
  ): Promise<Result<Lixiang>> {
    return this.write((r, now) => this.addIn(r, now, input, actor, history), idem);
  }

  private async addIn(
    r: LixiangRepositories,
    now: Date,
    input: LixiangInput,
    actor: ContractActor,
    history: boolean,
  ): Promise<Result<Lixiang>> {
    const fields = validateLixiang(input);
    if (!fields.ok) return fields;
    const fees = lixiangFees(fields.value, await r.rates.current());
    if (!fees.ok) return fees;
    const created = await r.lixiang.insert(
      {
        fields: { ...fields.value, directFee: fees.value.fees.directFee },
        fees: fees.value.fees,
        feeRates: fees.value.rates,
        history,
        status: history ? 1 : -1,
        deptId: actor.deptId,
        userId: actor.userId,
        createBy: actor.userName,
      },
      now,
    );
    await this.log(r, created.lxId, history ? 'addHistory' : 'add', {}, actor, now);
    return ok(created);
  }

  update(lxId: number, input: LixiangInput, actor: ContractActor): Promise<Result<Lixiang>> {
    return this.write((r, now) => this.updateIn(r, now, lxId, input, actor));
  }

  private async updateIn(
    r: LixiangRepositories,
    now: Date,
    lxId: number,
    input: LixiangInput,
    actor: ContractActor,
  ): Promise<Result<Lixiang>> {
    const l = await this.editable(r, lxId, actor);
    const fields = validateLixiang(input);
    if (!fields.ok) return fields;
    const fees = lixiangFees(fields.value, await r.rates.current());
    if (!fees.ok) return fees;
    const next = { ...fields.value, directFee: fees.value.fees.directFee };
    const saved = await r.lixiang.save(
      lxId,
      l.version,
      {
        fields: next,
        fees: fees.value.fees,
        feeRates: fees.value.rates,
      },
      now,
    );
    if (saved === null) return err(lixiangErrors.stale());
    await this.log(r, lxId, 'update', diffFields(lixiangFieldsOf(l), next), actor, now);
    return ok(saved);
  }

  submit(
    lxId: number,
    typeCode: string | undefined,
    actor: ContractActor,
    idem?: WriteIdempotency,
  ): Promise<Result<Lixiang>> {
    return this.write((r, now) => this.submitIn(r, now, lxId, typeCode, actor), idem);
  }

  /**
   * 保存并提交审批: adds the filing (or edits it, with `lxId`) and sends it for review in ONE
   * transaction, so both happen or neither: a refused submit (no flow for the type, a stale
   * version) leaves no filing behind and the edited one as it was.
   */
  saveAndSubmit(
    request: {
      readonly lxId?: number | undefined;
      readonly typeCode?: string | undefined;
      readonly input: LixiangInput;
    },
    actor: ContractActor,
    idem?: WriteIdempotency,
  ): Promise<Result<Lixiang>> {
    const { lxId, input, typeCode } = request;
    return this.write(async (r, now) => {
      const saved =
        lxId === undefined
          ? await this.addIn(r, now, input, actor, false)
          : await this.updateIn(r, now, lxId, input, actor);
      if (!saved.ok) return saved;
      return this.submitIn(r, now, saved.value.lxId, typeCode, actor);
    }, idem);
  }

  private async submitIn(
    r: LixiangRepositories,
    now: Date,
    lxId: number,
    typeCode: string | undefined,
    actor: ContractActor,
  ): Promise<Result<Lixiang>> {
    const l = await this.editable(r, lxId, actor);
    const code = typeCode ?? '2_1';
    if (!/^2_\d$/.test(code))
      return err(domainError(C.invalidValue, M.invalidValue('typeCode'), 'typeCode'));
    const a = await r.approvals.submit({
      typeCode: code,
      kind: 'Declare',
      title: `立项备案：${l.projectName}`,
      content: filingContent(l),
      recordKind: LIXIANG_RECORD_KIND,
      recordId: String(lxId),
      drafterId: actor.userId,
      drafterDeptId: actor.deptId,
      idempotencyScope: 'contract.submit',
    });
    if (!a.ok) return a;
    const saved = await r.lixiang.save(
      lxId,
      l.version,
      { status: 0, approvalId: a.value.approvalId },
      now,
    );
    if (saved === null) return err(lixiangErrors.stale());
    await this.log(
      r,
      lxId,
      'updateToApproval',
      { approvalId: [l.approvalId, a.value.approvalId] },
      actor,
      now,
    );
    return ok(saved);
  }

  exportRows(filter: LixiangFilter, actor: ContractActor): AsyncGenerator<Lixiang> {
    return keysetRows(
      (after, limit) =>
        this.uow.transaction((r) => r.lixiang.listBatch(filter, actor.scope, after, limit)),
      (l) => l.lxId,
    );
  }

  detail(lxId: number, actor: ContractActor): Promise<Result<Lixiang>> {
    return this.uow.transaction(async (r) => {
      const l = await r.lixiang.findById(lxId, actor.scope);
      return l === null ? err(lixiangErrors.notFound()) : ok(l);
    });
  }

  list(
    query: ListQuery<LixiangFilter, LixiangSortColumn>,
    actor: ContractActor,
  ): Promise<ListPage<Lixiang>> {
    return this.uow.transaction((r) => r.lixiang.list(query, actor.scope));
  }

  private async editable(
    r: LixiangRepositories,
    lxId: number,
    actor: ContractActor,
  ): Promise<Lixiang> {
    const l = await r.lixiang.findById(lxId, actor.scope);
    if (l === null) throw new WriteAbort(lixiangErrors.notFound());
    const open = lixiangStateCheck(l);
    if (!open.ok) throw new WriteAbort(open.error);
    return l;
  }

  private log(
    r: LixiangRepositories,
    recordId: number,
    action: string,
    changes: Record<string, readonly [unknown, unknown]>,
    actor: ContractActor,
    at: Date,
  ): Promise<void> {
    return appendHistory(r.history, {
      recordKind: LIXIANG_RECORD_KIND,
      recordId,
      action,
      changes,
      actor,
      at,
    });
  }

  private async write<T>(
    fn: (r: LixiangRepositories, now: Date) => Promise<Result<T>>,
    idem?: WriteIdempotency,
  ): Promise<Result<T>> {
    return runWrite(this.uow, () => this.clock.now(), fn, idem);
  }
}

/** The linked-record handler's work: an approved filing is approved; others unlock by status. */
export async function moveLixiangOnApproval(
  repo: LixiangRepository,
  event: {
    readonly approvalId: string;
    readonly recordId: string;
    readonly status: ApprovalStatus;
    readonly at: Date;
  },
): Promise<Result<void>> {
  const l = await repo.findById(Number(event.recordId), null);
  if (l === null) return err(lixiangErrors.notFound());
  if (l.approvalId !== event.approvalId || l.status !== 0) return ok(undefined);
  const saved = await repo.save(l.lxId, l.version, { status: event.status }, event.at);
  return saved === null ? err(lixiangErrors.stale()) : ok(undefined);
}
