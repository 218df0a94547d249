import type { ApprovalStatus } from '../approval/approval-status.js';
import type { ContentEntry, TemplateContent } from '../approval/template.js';
import { feeCategoryOf, type FeeRateSets } from '../fees/fee-rates.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { runWrite, type WriteIdempotency } from '../shared/write.js';
import {
  CONTRACT_ERROR_CODES as C,
  CONTRACT_FIELD_LABELS,
  CONTRACT_MESSAGES as M,
} from './contract-messages.js';
import { diffFields, type ContractActor, type ContractClock } from './contract.use-case.js';
import { appendHistory } from './contract-write.js';
import {
  LIXIANG_RECORD_KIND,
  lixiangErrors,
  lixiangFees,
  lixiangFieldsOf,
  validateLixiang,
  type Lixiang,
  type LixiangFields,
  type LixiangRepositories,
  type LixiangRepository,
} from './lixiang.js';
import type { LixiangInput } from './sub-record-input.js';

/** The linked record kind of filing change (备案变更, 12_x) approvals. */
export const LIXIANG_CHANGE_RECORD_KIND = 'lixiangChange';

/**
 * The approval types of a filing change. The spec names 12_1 to 12_3 "filing record change" and
 * tells the variants apart no more than it does 2_1 to 2_5; a change goes as 12_1 unless the
 * caller names another variant (an administrator may give each variant its own flow).
 */
export const LIXIANG_CHANGE_TYPE_CODES = ['12_1', '12_2', '12_3'] as const;
export const DEFAULT_LIXIANG_CHANGE_TYPE = '12_1';

/**
 * The fields a filing change may propose: the filing's number, project, amounts and remarks. The
 * business source is not among them (a different source is a different filing, with another rate
 * set), nor the contract it belongs to.
 */
export const LIXIANG_CHANGEABLE_FIELDS = [
  'lxNo',
  'projectName',
  'totalAmount',
  'cleanAmount',
  'directFee',
  'remark',
] as const satisfies readonly (keyof LixiangFields)[];
export type LixiangChangeableField = (typeof LIXIANG_CHANGEABLE_FIELDS)[number];

/** What a change proposes: any of the changeable fields (absent: unchanged). */
export type LixiangChangeFields = Partial<Pick<LixiangInput, LixiangChangeableField>>;

/** The labels of a filing's fields, as the filing form and the change sheet show them. */
export const lixiangFieldLabel = (field: string): string => CONTRACT_FIELD_LABELS[field] ?? field;

/** A stored filing change: the fields it proposes and those it replaces, and its approval. */
export interface LixiangChange {
  readonly changeId: number;
  readonly lxId: number;
  readonly proposed: LixiangFields;
  readonly previous: LixiangFields;
  readonly reason: string;
  /** Its approval's status: 0 in approval, 1 applied, 2 rejected, 3 withdrawn. */
  readonly status: ApprovalStatus;
  readonly approvalId: string | null;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date;
}

export interface LixiangChangeRepository {
  insert(
    change: Omit<
      LixiangChange,
      'changeId' | 'status' | 'approvalId' | 'createTime' | 'createByName'
    >,
    now: Date,
  ): Promise<LixiangChange>;
  /** The change with its approval's live status (a rejected or withdrawn approval reads so). */
  findById(changeId: number): Promise<LixiangChange | null>;
  setApproval(changeId: number, approvalId: string, now: Date): Promise<void>;
  setStatus(changeId: number, status: ApprovalStatus, now: Date): Promise<void>;
  /** The filing's changes, oldest first. */
  listByFiling(lxId: number): Promise<readonly LixiangChange[]>;
}

export interface LixiangChangeRepositories extends LixiangRepositories {
  readonly lixiangChanges: LixiangChangeRepository;
}

export const lixiangChangeErrors = {
  notFormal: (): DomainError =>
    domainError(
      'CONTRACT.CHANGE_NOT_FORMAL',
      '立项备案：只有已审批通过或补录的备案才能发起备案变更；未审批的备案请直接修改',
      'lxId',
    ),
  inChange: (): DomainError =>
    domainError(
      'CONTRACT.CHANGE_LOCKED',
      '立项备案：备案变更正在审批中，审批结束前不能再次变更',
      'lxId',
    ),
  nothing: (): DomainError =>
    domainError('CONTRACT.CHANGE_EMPTY', '变更内容与当前备案相同，没有需要变更的字段', 'fields'),
  reason: (): DomainError => domainError('VALIDATION.REQUIRED', '变更原因不能为空', 'reason'),
  reasonLong: (): DomainError =>
    domainError('VALIDATION.MAX_LENGTH', '变更原因不能超过2000个字符', 'reason'),
  notFound: (): DomainError => domainError('CONTRACT.CHANGE_NOT_FOUND', '备案变更记录不存在'),
  typeCode: (): DomainError => domainError(C.invalidValue, M.invalidValue('typeCode'), 'typeCode'),
} as const;

/** A filing is formal (may be changed) once approved or recorded after the fact (补录). */
export const isFormalFiling = (l: Pick<Lixiang, 'status' | 'history'>): boolean =>
  l.status === 1 || l.history;

/** A change whose approval is still running holds the filing: no second change meanwhile. */
const isOpen = (c: LixiangChange): boolean => c.status === 0;

/**
 * The fee split of the proposed fields with the rates the filing was computed with (the source
 * does not change, so neither does its rate set: a change corrects amounts, not the rate table).
 */
function changeFees(l: Lixiang, proposed: LixiangFields) {
  const sets: FeeRateSets = { [feeCategoryOf(l.bizSource)]: l.feeRates };
  return lixiangFees(proposed, sets);
}

const show = (v: unknown): string =>
  v === null || v === undefined || v === ''
    ? '（空）'
    : typeof v === 'string' || typeof v === 'number'
      ? String(v)
      : JSON.stringify(v);

/** The 12_x form as filed: the filing and a line per changed field, then the reason. */
export function lixiangChangeContent(
  l: Lixiang,
  changes: Readonly<Record<string, readonly [unknown, unknown]>>,
  reason: string,
): TemplateContent {
  const lines = Object.entries(changes).map(
    ([f, [a, b]]) => `${lixiangFieldLabel(f)}：${show(a)} → ${show(b)}`,
  );
  const entry = (label: string, value: string, type: 'input' | 'textarea'): ContentEntry => ({
    label,
    value,
    type,
  });
  return {
    projectName: entry('项目名称', l.projectName, 'input'),
    lxNo: entry('立项编号', l.lxNo, 'input'),
    changeContent: entry('变更内容', [...lines, `变更原因：${reason}`].join('\n'), 'textarea'),
  };
}

/** A filing change request: the fields it proposes, the reason, the type (12_1 by default). */
export interface LixiangChangeRequest {
  readonly fields: LixiangChangeFields;
  readonly reason: string;
  readonly typeCode?: string | undefined;
}

/**
 * 备案变更 (12_x): on a formal filing, a change proposes fields and goes for approval; approved,
 * the proposed fields (split recomputed) replace the filing's in the approval's transaction and
 * the filing's history logs each before → after; rejected or withdrawn, the filing stays as it
 * was. One change at a time per filing.
 */
export class LixiangChangeService {
  constructor(
    private readonly uow: UnitOfWork<LixiangChangeRepositories>,
    private readonly clock: ContractClock,
  ) {}

  request(
    lxId: number,
    request: LixiangChangeRequest,
    actor: ContractActor,
    idem?: WriteIdempotency,
  ): Promise<Result<{ readonly filing: Lixiang; readonly change: LixiangChange }>> {
    return runWrite(
      this.uow,
      () => this.clock.now(),
      (r, now) => requestIn(r, now, lxId, request, actor),
      idem,
    );
  }

  /** The filing's changes (with their approval's status), in the reader's data scope. */
  list(lxId: number, actor: ContractActor): Promise<Result<readonly LixiangChange[]>> {
    return this.uow.transaction(async (r) => {
      const l = await r.lixiang.findById(lxId, actor.scope);
      if (l === null) return err(lixiangErrors.notFound());
      return ok(await r.lixiangChanges.listByFiling(lxId));
    });
  }
}

async function requestIn(
  r: LixiangChangeRepositories,
  now: Date,
  lxId: number,
  request: LixiangChangeRequest,
  actor: ContractActor,
): Promise<Result<{ readonly filing: Lixiang; readonly change: LixiangChange }>> {
  const l = await r.lixiang.findById(lxId, actor.scope);
  if (l === null) return err({ ...lixiangErrors.notFound(), field: 'lxId' });
  if (!isFormalFiling(l)) return err(lixiangChangeErrors.notFormal());
  if ((await r.lixiangChanges.listByFiling(lxId)).some(isOpen))
    return err(lixiangChangeErrors.inChange());
  const code = request.typeCode ?? DEFAULT_LIXIANG_CHANGE_TYPE;
  if (!(LIXIANG_CHANGE_TYPE_CODES as readonly string[]).includes(code))
    return err(lixiangChangeErrors.typeCode());
  const reason = request.reason.trim();
  if (reason === '') return err(lixiangChangeErrors.reason());
  if ([...reason].length > 2000) return err(lixiangChangeErrors.reasonLong());
  const before = lixiangFieldsOf(l);
  const merged: Record<string, unknown> = { ...before };
  for (const f of LIXIANG_CHANGEABLE_FIELDS) {
    const v = request.fields[f];
    if (v !== undefined && v !== null) merged[f] = v;
  }
  const fields = validateLixiang(merged);
  if (!fields.ok) return fields;
  const fees = changeFees(l, fields.value);
  if (!fees.ok) return fees;
  const proposed: LixiangFields = { ...fields.value, directFee: fees.value.fees.directFee };
  const changes = diffFields(before, proposed);
  if (Object.keys(changes).length === 0) return err(lixiangChangeErrors.nothing());
  const change = await r.lixiangChanges.insert(
    { lxId, proposed, previous: before, reason, userId: actor.userId, createBy: actor.userName },
    now,
  );
  const approval = await r.approvals.submit({
    typeCode: code,
    kind: 'Declare',
    title: `备案变更：${l.projectName}`,
    content: lixiangChangeContent(l, changes, reason),
    recordKind: LIXIANG_CHANGE_RECORD_KIND,
    recordId: String(change.changeId),
    drafterId: actor.userId,
    drafterDeptId: actor.deptId,
    idempotencyScope: 'contract.submit',
  });
  if (!approval.ok) return approval;
  await r.lixiangChanges.setApproval(change.changeId, approval.value.approvalId, now);
  // The filing's version moves, so two changes asked at once cannot both pass the one-open rule.
  const filing = await r.lixiang.save(lxId, l.version, {}, now);
  if (filing === null) return err(lixiangErrors.stale());
  await appendHistory(r.history, {
    recordKind: LIXIANG_RECORD_KIND,
    recordId: lxId,
    action: 'lixiangChangeRequested',
    changes: { changeId: [null, change.changeId], approvalId: [null, approval.value.approvalId] },
    actor,
    at: now,
  });
  return ok({
    filing,
    change: { ...change, approvalId: approval.value.approvalId, status: 0 as const },
  });
}

/** Who the approval's own moves are logged as in a record's history. */
const APPROVAL_FLOW_ACTOR = { userId: 0, userName: '审批流程' } as const;

/**
 * The change handler's work in the approval's transaction: approved applies the proposed fields
 * (split recomputed with the filing's rates) and logs each field before → after in the filing's
 * history; rejected or withdrawn only record the change's status. Only the change's own approval
 * moves anything.
 */
export async function applyLixiangChangeOnApproval(
  repos: {
    readonly lixiang: LixiangRepository;
    readonly lixiangChanges: LixiangChangeRepository;
    readonly history?: LixiangRepositories['history'];
  },
  event: {
    readonly approvalId: string;
    readonly recordId: string;
    readonly status: ApprovalStatus;
    readonly at: Date;
  },
): Promise<Result<void>> {
  const change = await repos.lixiangChanges.findById(Number(event.recordId));
  if (change === null) return err(lixiangChangeErrors.notFound());
  if (change.approvalId !== event.approvalId) return ok(undefined);
  if (event.status !== 1 && event.status !== 2 && event.status !== 3) return ok(undefined);
  await repos.lixiangChanges.setStatus(change.changeId, event.status, event.at);
  if (event.status !== 1) return ok(undefined);
  const l = await repos.lixiang.findById(change.lxId, null);
  if (l === null) return err(lixiangErrors.notFound());
  const fees = changeFees(l, change.proposed);
  if (!fees.ok) return fees;
  const saved = await repos.lixiang.save(
    l.lxId,
    l.version,
    {
      fields: { ...change.proposed, directFee: fees.value.fees.directFee },
      fees: fees.value.fees,
      feeRates: fees.value.rates,
    },
    event.at,
  );
  if (saved === null) return err(lixiangErrors.stale());
  await appendHistory(repos.history, {
    recordKind: LIXIANG_RECORD_KIND,
    recordId: l.lxId,
    action: 'lixiangChange',
    changes: diffFields(lixiangFieldsOf(l), lixiangFieldsOf(saved)),
    actor: APPROVAL_FLOW_ACTOR,
    at: event.at,
  });
  return ok(undefined);
}

/**
 * A change rejected or withdrawn and sent again from the approval centre holds the filing again;
 * refused when another change of the filing has been asked since (one change at a time).
 */
export async function reopenLixiangChange(
  changes: LixiangChangeRepository,
  event: { readonly approvalId: string; readonly recordId: string; readonly at: Date },
  superseded: () => DomainError,
): Promise<Result<void>> {
  const change = await changes.findById(Number(event.recordId));
  if (change === null || change.approvalId !== event.approvalId) return err(superseded());
  const others = (await changes.listByFiling(change.lxId)).filter(
    (c) => c.changeId !== change.changeId,
  );
  if (others.some((c) => isOpen(c) || c.changeId > change.changeId)) return err(superseded());
  await changes.setStatus(change.changeId, 0, event.at);
  return ok(undefined);
}
