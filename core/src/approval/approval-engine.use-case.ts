import type { DataScope } from '../platform/data-scope.js';
import type { ListPage } from '../platform/list-query.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import {
  buildApprovalDetailBO,
  type ApprovalDetail,
  type ApprovalSignRecord,
} from './approval-detail.js';
import { APPROVAL_ERROR_CODES, approvalMessages } from './approval-messages.js';
import {
  applyAction,
  newApprovalState,
  pendingApprovers,
  type ApprovalAction,
  type ApprovalLogEntry,
  type ApprovalNodeAssignment,
  type ApprovalState,
  type ApprovalUserId,
} from './approval-state-machine.js';
import { APPROVAL_STATUS_LABELS, type ApprovalStatus } from './approval-status.js';
import {
  approvalTypeInfo,
  approvalTypeLabel,
  isApprovalTypeCode,
  type ApprovalTypeCode,
  type TemplateKind,
} from './approval-type-catalogue.js';
import type {
  ApprovalFlowNode,
  ApprovalId,
  ApprovalListQuery,
  ApprovalListRow,
  ApprovalRecord,
  ApprovalRepositories,
  StoredApprovalLogEntry,
} from './approval.repository.port.js';
import { evaluateNodeCondition } from './node-condition.js';
import { separateDrafter } from './separation-of-duties.js';
import { templateDefinitionForKind } from './template-definitions.js';
import { checkContent } from './template-validation.js';
import {
  FILE_FIELD_TYPES,
  type ContentEntry,
  type OptionSource,
  type TemplateContent,
  type TemplateFile,
  type TemplateSection,
  type ValidatableTemplate,
} from './template.js';
import { WriteAbort, catchAbort, idempotencyKeyMismatch } from '../shared/write.js';

/** Who acts: the signed-in user, their department and the data scope of their current role. */
export interface ApprovalActor {
  readonly userId: number;
  readonly deptId: number | null;
  readonly scope: DataScope;
}

/** A client-supplied idempotency key and the call it belongs to. */
export interface IdempotencyContext {
  readonly key?: string | undefined;
  readonly route: string;
  /** The request the key belongs to; see WriteIdempotency.fingerprint. */
  readonly fingerprint?: string | undefined;
}

export interface EngineClock {
  now(): Date;
}

export const ENGINE_ERROR_CODES = {
  NOT_FOUND: 'APPROVAL.NOT_FOUND',
  WRONG_KIND: 'VALIDATION.APPROVAL_TYPE',
  NO_FLOW: 'APPROVAL.NO_FLOW',
  NOT_EDITABLE: 'APPROVAL.NOT_EDITABLE',
  NOT_DELETABLE: 'APPROVAL.NOT_DELETABLE',
  FORBIDDEN: 'APPROVAL.FORBIDDEN',
  KEY_REUSED: 'IDEMPOTENCY.KEY_REUSED',
  RECORD_KIND: 'VALIDATION.RECORD_KIND',
} as const;

export const engineMessages = {
  notFound: (): DomainError => domainError(ENGINE_ERROR_CODES.NOT_FOUND, '审批不存在或已被删除'),
  wrongKind: (code: string, kind: string): DomainError =>
    domainError(
      ENGINE_ERROR_CODES.WRONG_KIND,
      `审批类型“${code}”不能通过“${kind}”模板创建`,
      'typeCode',
    ),
  noFlow: (code: string): DomainError =>
    domainError(
      ENGINE_ERROR_CODES.NO_FLOW,
      `审批类型“${approvalTypeLabel(code)}”没有可用的审批流程，请联系管理员配置`,
    ),
  notEditable: (status: ApprovalStatus): DomainError =>
    domainError(
      ENGINE_ERROR_CODES.NOT_EDITABLE,
      `审批当前状态为“${APPROVAL_STATUS_LABELS[status]}”，不能修改`,
    ),
  notDeletable: (): DomainError =>
    domainError(ENGINE_ERROR_CODES.NOT_DELETABLE, '只能删除待提交或已撤回的审批'),
  notOwnDraft: (): DomainError =>
    domainError(ENGINE_ERROR_CODES.FORBIDDEN, '只有拟稿人可以修改或删除该审批'),
  noAccess: (): DomainError => domainError(ENGINE_ERROR_CODES.FORBIDDEN, '没有权限查看该审批'),
  keyReused: (): DomainError =>
    domainError(
      ENGINE_ERROR_CODES.KEY_REUSED,
      '该请求标识（Idempotency-Key）已用于其他操作或仍在处理中，请更换后重试',
    ),
  recordKind: (kind: string): DomainError =>
    domainError(ENGINE_ERROR_CODES.RECORD_KIND, `不支持的关联业务类型“${kind}”`, 'recordKind'),
} as const;

export interface CreateApprovalInput {
  readonly kind: TemplateKind;
  readonly typeCode: string;
  readonly title?: string | undefined;
  readonly content: TemplateContent;
  readonly files?: readonly TemplateFile[] | undefined;
  /** Sections for the kinds without a field set of their own (Common, Declare, TechnicalManage). */
  readonly templateContent?: readonly TemplateSection[] | undefined;
  readonly recordKind?: string | undefined;
  readonly recordId?: string | undefined;
  /** Send it into approval at once. */
  readonly submit?: boolean | undefined;
  /**
   * Created through the approval centre's calls (not a domain's own): a record kind must be open
   * to the centre (`linkableFromCentre`), else it is refused naming recordKind.
   */
  readonly viaApprovalCentre?: boolean | undefined;
}

export interface UpdateApprovalInput {
  readonly kind: TemplateKind;
  readonly approvalId: ApprovalId;
  readonly version: number;
  readonly title?: string | undefined;
  readonly content: TemplateContent;
  readonly files?: readonly TemplateFile[] | undefined;
  readonly templateContent?: readonly TemplateSection[] | undefined;
  /** Submit (a draft) or resubmit (rejected or withdrawn) after saving. */
  readonly submit?: boolean | undefined;
}

export type ProcessActionType =
  'submit' | 'approve' | 'reject' | 'withdraw' | 'return' | 'transfer' | 'cc' | 'urge';

export interface ProcessInput {
  readonly approvalId: ApprovalId;
  readonly action: ProcessActionType;
  readonly version: number;
  readonly opinion?: string | undefined;
  /** return: the earlier node to go back to. */
  readonly targetNodeId?: string | undefined;
  /** transfer, cc: the user. */
  readonly toUserId?: string | undefined;
}

/** What every write answers: enough for the client to continue without a reload. */
export interface ApprovalOutcome {
  readonly approvalId: ApprovalId;
  readonly status: ApprovalStatus;
  readonly version: number;
  readonly currentNodeName: string;
}

export interface ApprovalView {
  readonly approvalId: ApprovalId;
  readonly typeCode: ApprovalTypeCode;
  readonly typeName: string;
  readonly kind: TemplateKind;
  readonly title: string;
  readonly status: ApprovalStatus;
  readonly version: number;
  readonly round: number;
  readonly drafterId: ApprovalUserId;
  readonly deptId: number | null;
  readonly recordKind: string | null;
  readonly recordId: string | null;
  readonly content: TemplateContent;
  readonly templateContent: readonly TemplateSection[] | null;
  readonly files: readonly TemplateFile[];
  readonly nodes: readonly ApprovalNodeAssignment[];
  readonly currentNodeIndex: number;
  readonly readers: readonly ApprovalUserId[];
  readonly createTime: string;
  readonly updateTime: string;
  readonly submitTime: string | null;
  readonly finishTime: string | null;
}

export interface ApprovalDetailAnswer extends ApprovalDetail {
  readonly approval: ApprovalView;
  readonly log: readonly {
    readonly action: string;
    readonly actorId: ApprovalUserId;
    readonly round: number;
    readonly version: number;
    readonly nodeId: string | null;
    readonly nodeName: string | null;
    readonly opinion: string | null;
    readonly target: string | null;
    readonly signUrl: string | null;
    readonly createTime: string;
  }[];
  /** The actions the viewer may take now (for the buttons). */
  readonly allowedActions: readonly ProcessActionType[];
}

export interface ApprovalNotify {
  readonly unDealCount: number;
  /** The seal badge; false until the seal domain exists (it will read unseen result seals). */
  readonly unLookSeal: boolean;
  /** Urgent design tasks; [] until the design-task domain exists. */
  readonly warnTaskList: readonly { readonly taskNo: string; readonly planFinishDate: string }[];
}

const NODE_ACTIONS: readonly ProcessActionType[] = ['approve', 'reject', 'return', 'transfer'];

/**
 * The approval engine's use cases. Every write runs in one transaction that locks the approval
 * row, checks the version through core's state machine, honours an idempotency key stored in the
 * same transaction (a retry answers the first outcome and changes nothing), appends to the log
 * and tells the linked record's handler (sent, approved, rejected, withdrawn) before committing.
 */
export class ApprovalEngine {
  constructor(
    private readonly uow: UnitOfWork<ApprovalRepositories>,
    private readonly clock: EngineClock,
  ) {}

  // ---- writes --------------------------------------------------------------------------------

  create(
    input: CreateApprovalInput,
    actor: ApprovalActor,
    idem: IdempotencyContext,
  ): Promise<Result<ApprovalOutcome>> {
    return this.write(actor, idem, async (repos, now) => {
      if (
        !isApprovalTypeCode(input.typeCode) ||
        approvalTypeInfo(input.typeCode).kind !== input.kind
      ) {
        return err(engineMessages.wrongKind(input.typeCode, input.kind));
      }
      const typeCode = input.typeCode;
      if (
        input.recordKind !== undefined &&
        (!repos.linkedRecords.handles(input.recordKind) ||
          (input.viaApprovalCentre === true &&
            !repos.linkedRecords.linkableFromCentre(input.recordKind)))
      ) {
        return err(engineMessages.recordKind(input.recordKind));
      }
      // A record kind without its record would link to nothing and move nothing.
      if (input.recordKind !== undefined && (input.recordId ?? '') === '') {
        return err(approvalMessages.recordIdRequired());
      }
      const template = templateFor(input.kind, input.templateContent);
      const checked = await checkApprovalContent(repos, template, input.content);
      if (!checked.ok) return checked;
      const drafter = String(actor.userId);
      const record = await repos.approvals.insert(
        {
          typeCode,
          kind: input.kind,
          recordKind: input.recordKind ?? null,
          recordId: input.recordKind === undefined ? null : (input.recordId ?? null),
          title: titleOf(input.title, typeCode),
          content: checked.value,
          template: template.sections,
          files: input.files ?? [],
          state: newApprovalState(drafter),
          deptId: actor.deptId,
        },
        now,
      );
      if (input.submit === true) {
        // Created and sent together or not at all: a refused submission leaves no draft behind.
        return orAbort(
          await this.act(repos, record, { type: 'submit', expectedVersion: 0 }, drafter, now),
        );
      }
      return ok(outcomeOf(record.approvalId, record.state));
    });
  }

  update(
    input: UpdateApprovalInput,
    actor: ApprovalActor,
    idem: IdempotencyContext,
  ): Promise<Result<ApprovalOutcome>> {
    return this.write(actor, idem, async (repos, now) => {
      const record = await repos.approvals.lockById(input.approvalId);
      if (record === null) return err(engineMessages.notFound());
      const me = String(actor.userId);
      if (record.kind !== input.kind)
        return err(engineMessages.wrongKind(record.typeCode, input.kind));
      if (input.version !== record.state.version) return err(staleVersion());
      if (record.state.drafterId !== me) return err(engineMessages.notOwnDraft());
      const status = record.state.status;
      if (status !== -1 && status !== 2 && status !== 3)
        return err(engineMessages.notEditable(status));
      const template = templateFor(
        record.kind,
        input.templateContent ?? record.template ?? undefined,
      );
      const checked = await checkApprovalContent(repos, template, input.content);
      if (!checked.ok) return checked;
      // An edit is a change others must see: it moves the version like an action does.
      const state: ApprovalState = { ...record.state, version: record.state.version + 1 };
      const saved = await repos.approvals.save(
        record.approvalId,
        record.state.version,
        {
          state,
          title: titleOf(input.title ?? record.title, record.typeCode),
          content: checked.value,
          ...(input.files === undefined ? {} : { files: input.files }),
        },
        now,
      );
      if (!saved) return err(staleVersion());
      const edited: ApprovalRecord = { ...record, content: checked.value, state };
      if (input.submit === true) {
        const type = status === -1 ? 'submit' : 'resubmit';
        // Saved and sent together or not at all.
        return orAbort(
          await this.act(repos, edited, { type, expectedVersion: state.version }, me, now),
        );
      }
      return ok(outcomeOf(record.approvalId, state));
    });
  }

  process(
    input: ProcessInput,
    actor: ApprovalActor,
    idem: IdempotencyContext,
  ): Promise<Result<ApprovalOutcome>> {
    return this.write(actor, idem, async (repos, now) => {
      const record = await repos.approvals.lockById(input.approvalId);
      if (record === null) return err(engineMessages.notFound());
      const me = String(actor.userId);
      const v = input.version;
      let action: ApprovalAction;
      switch (input.action) {
        case 'submit':
          // One "submit" button: a rejected or withdrawn approval is resubmitted.
          action = {
            type: record.state.status === 2 || record.state.status === 3 ? 'resubmit' : 'submit',
            expectedVersion: v,
          };
          break;
        case 'approve':
        case 'reject':
        case 'withdraw':
          action = { type: input.action, expectedVersion: v, opinion: input.opinion };
          break;
        case 'return':
          action = {
            type: 'return',
            expectedVersion: v,
            toNodeId: input.targetNodeId ?? '',
            opinion: input.opinion,
          };
          break;
        case 'transfer':
        case 'cc': {
          const to = input.toUserId ?? '';
          const active = to === '' ? [] : await repos.directory.activeUsers([to]);
          if (active.length === 0 && input.version === record.state.version) {
            return err(approvalMessages.invalidTarget('请选择有效的用户', 'toUserId'));
          }
          action =
            input.action === 'transfer'
              ? { type: 'transfer', expectedVersion: v, to, opinion: input.opinion }
              : { type: 'cc', expectedVersion: v, to };
          break;
        }
        case 'urge':
          action = { type: 'urge', expectedVersion: v };
          break;
      }
      return this.act(repos, record, action, me, now);
    });
  }

  deleteById(
    approvalId: ApprovalId,
    actor: ApprovalActor,
    idem: IdempotencyContext,
  ): Promise<Result<{ readonly approvalId: ApprovalId }>> {
    return this.write(actor, idem, async (repos) => {
      const record = await repos.approvals.lockById(approvalId);
      if (record === null) return err(engineMessages.notFound());
      if (record.state.drafterId !== String(actor.userId)) return err(engineMessages.notOwnDraft());
      if (record.state.status !== -1 && record.state.status !== 3) {
        return err(engineMessages.notDeletable());
      }
      await repos.approvals.softDelete(approvalId);
      await repos.approvals.setPending(approvalId, []);
      return ok({ approvalId });
    });
  }

  // ---- reads ---------------------------------------------------------------------------------

  listWaiting(actor: ApprovalActor, query: ApprovalListQuery): Promise<ListPage<ApprovalListRow>> {
    return this.uow.transaction((r) => r.approvals.listWaiting(String(actor.userId), query));
  }

  listMine(actor: ApprovalActor, query: ApprovalListQuery): Promise<ListPage<ApprovalListRow>> {
    return this.uow.transaction((r) => r.approvals.listByDrafter(String(actor.userId), query));
  }

  listDone(actor: ApprovalActor, query: ApprovalListQuery): Promise<ListPage<ApprovalListRow>> {
    return this.uow.transaction((r) => r.approvals.listDoneBy(String(actor.userId), query));
  }

  listAll(actor: ApprovalActor, query: ApprovalListQuery): Promise<ListPage<ApprovalListRow>> {
    return this.uow.transaction((r) =>
      r.approvals.listAll(actor.scope, String(actor.userId), query),
    );
  }

  notify(actor: ApprovalActor): Promise<ApprovalNotify> {
    return this.uow.transaction(async (r) => ({
      unDealCount: await r.approvals.countWaiting(String(actor.userId)),
      // No seal domain yet: nothing can be unseen. The seal issue replaces this with its count.
      unLookSeal: false,
      // No design tasks yet: the task issue fills the urgent list (taskNo, planFinishDate).
      warnTaskList: [],
    }));
  }

  detail(approvalId: ApprovalId, actor: ApprovalActor): Promise<Result<ApprovalDetailAnswer>> {
    return this.uow.transaction(async (repos) => {
      const record = await repos.approvals.findById(approvalId);
      if (record === null) return err(engineMessages.notFound());
      const log = await repos.approvals.listLog(approvalId);
      const me = String(actor.userId);
      const visible =
        record.state.drafterId === me ||
        record.state.nodes.some((n) => n.assignees.includes(me)) ||
        log.some((e) => e.actor === me) ||
        (await repos.approvals.isReader(approvalId, me)) ||
        (record.state.status !== -1 && (await repos.approvals.inScope(approvalId, actor.scope)));
      if (!visible) return err(engineMessages.noAccess());
      return ok(detailOf(record, log, me));
    });
  }

  /** The record as stored, for the export; same visibility as the detail. */
  async exportSheet(
    approvalId: ApprovalId,
    actor: ApprovalActor,
  ): Promise<Result<ApprovalDetailAnswer>> {
    return this.detail(approvalId, actor);
  }

  // ---- the transaction around every write -----------------------------------------------------

  private write<T>(
    actor: ApprovalActor,
    idem: IdempotencyContext,
    fn: (repos: ApprovalRepositories, now: Date) => Promise<Result<T>>,
  ): Promise<Result<T>> {
    return catchAbort(() =>
      this.uow.transaction(async (repos) => {
        const now = this.clock.now();
        const key = idem.key;
        if (key === undefined || key === '') return fn(repos, now);
        const begun = await repos.idempotency.begin(
          key,
          actor.userId,
          idem.route,
          now,
          idem.fingerprint,
        );
        if (begun.kind === 'mismatch') return err(idempotencyKeyMismatch());
        if (begun.kind === 'completed') return begun.record.response as Result<T>;
        if (begun.kind !== 'started') return err(engineMessages.keyReused());
        const result = await fn(repos, now);
        // Refusals are answers too: a retry of a refused request is refused the same way.
        await repos.idempotency.complete(key, actor.userId, result.ok ? 200 : 0, result);
        return result;
      }),
    );
  }

  /** Applies one action to a locked approval and writes everything it changes. */
  private async act(
    repos: ApprovalRepositories,
    record: ApprovalRecord,
    action: ApprovalAction,
    actorId: ApprovalUserId,
    now: Date,
  ): Promise<Result<ApprovalOutcome>> {
    let resolved = action;
    if (
      (action.type === 'submit' || action.type === 'resubmit') &&
      action.expectedVersion === record.state.version &&
      record.state.drafterId === actorId
    ) {
      const authorId = await authorOfRecord(repos, record);
      const nodes = await resolveNodes(repos, record, authorId);
      if (!nodes.ok) return nodes;
      resolved = {
        ...action,
        nodes: nodes.value,
        ...(authorId === undefined ? {} : { authorId }),
      };
    }
    const applied = applyAction(record.state, resolved, actorId);
    if (!applied.ok) return applied;
    const { state, entry } = applied.value;
    const signs =
      entry.action === 'approve' ||
      entry.action === 'reject' ||
      entry.action === 'submit' ||
      entry.action === 'resubmit';
    const sign = signs ? await repos.directory.signatureOf(actorId) : null;
    const finished = state.status === 1;
    const saved = await repos.approvals.save(
      record.approvalId,
      record.state.version,
      {
        state,
        submitted: entry.action === 'submit' || entry.action === 'resubmit',
        finished: finished || state.status === 2 || state.status === 3,
      },
      now,
    );
    if (!saved) return err(staleVersion());
    await repos.approvals.setPending(record.approvalId, pendingUsers(state));
    if (entry.action === 'cc' && entry.target !== undefined) {
      await repos.approvals.addReader(record.approvalId, entry.target);
    }
    await repos.approvals.appendLog({
      ...entry,
      approvalId: record.approvalId,
      signUrl: sign?.url ?? null,
      signFileId: sign?.fileId ?? null,
      createdAt: now,
    });
    const moved = await moveLinkedRecord(repos, record, entry.action, state, now);
    // The record refused to move: the action must not happen without it.
    if (!moved.ok) throw new WriteAbort(moved.error);
    return ok(outcomeOf(record.approvalId, state));
  }
}

// ---- helpers -----------------------------------------------------------------------------------

/**
 * Tells the linked record's handler what the action did to its approval, in the action's
 * transaction: sent (submit, resubmit) locks it, approved moves it, rejected and withdrawn unlock
 * it. Return, transfer, cc and urge leave the approval in approval: the record hears nothing.
 */
function moveLinkedRecord(
  repos: ApprovalRepositories,
  record: ApprovalRecord,
  action: ApprovalLogEntry['action'],
  state: ApprovalState,
  now: Date,
): Promise<Result<void>> {
  if (record.recordKind === null || record.recordId === null) return Promise.resolve(ok(undefined));
  const event = {
    approvalId: record.approvalId,
    typeCode: record.typeCode,
    recordKind: record.recordKind,
    recordId: record.recordId,
    status: state.status,
    content: record.content,
    drafterId: state.drafterId,
    at: now,
  };
  if (action === 'submit' || action === 'resubmit') {
    return repos.linkedRecords.approvalSent({ ...event, round: state.round });
  }
  const ends =
    (action === 'approve' && state.status === 1) || action === 'reject' || action === 'withdraw';
  // cc after approval leaves status 1 as it was: the record has moved already.
  return ends ? repos.linkedRecords.approvalEnded(event) : Promise.resolve(ok(undefined));
}

/** A refusal after writes: roll the transaction back and answer the refusal. */
function orAbort<T>(result: Result<T>): Result<T> {
  if (!result.ok) throw new WriteAbort(result.error);
  return result;
}

const staleVersion = (): DomainError =>
  domainError(APPROVAL_ERROR_CODES.STALE_VERSION, '该审批已被他人处理或已更新，请刷新后重试');

const titleOf = (title: string | undefined, code: ApprovalTypeCode): string => {
  const t = (title ?? '').trim();
  return (t === '' ? approvalTypeLabel(code) : t).slice(0, 200);
};

interface ResolvedTemplate {
  readonly validatable: ValidatableTemplate | null;
  readonly sections: readonly TemplateSection[] | null;
}

/** The kind's field set, else the sections sent with the form; null when neither exists. */
function templateFor(
  kind: TemplateKind,
  sections: readonly TemplateSection[] | undefined,
): ResolvedTemplate {
  const def = templateDefinitionForKind(kind);
  if (def !== undefined) return { validatable: def, sections: null };
  if (sections !== undefined && sections.length > 0) {
    return { validatable: { templateContent: sections }, sections };
  }
  return { validatable: null, sections: null };
}

/**
 * core's checkContent with the live options of the template's sources; a refusal names the first
 * wrong field (400 with `field`).
 */
async function checkApprovalContent(
  repos: ApprovalRepositories,
  template: ResolvedTemplate,
  content: TemplateContent,
): Promise<Result<TemplateContent>> {
  // A client may leave out an entry's type: it is the template's (a different one is refused).
  const fields = new Map(
    (template.validatable?.templateContent ?? [])
      .flatMap((s) => s.fields)
      .map((f) => [f.refname, f]),
  );
  const typed: Record<string, ContentEntry> = {};
  for (const [refname, entry] of Object.entries(content)) {
    const given = entry as Partial<ContentEntry> & Pick<ContentEntry, 'value'>;
    typed[refname] = {
      ...entry,
      label: given.label ?? '',
      type: given.type ?? fields.get(refname)?.type ?? 'input',
    };
  }
  if (template.validatable === null) return ok(typed);
  const sources = [
    ...new Set(
      [...fields.values()]
        .map((f) => f.optionsource)
        .filter((x): x is OptionSource => x !== undefined),
    ),
  ];
  const optionSources = sources.length === 0 ? {} : await repos.options.load(sources);
  const checked = checkContent(template.validatable, typed, { optionSources });
  if (checked.ok) return checked;
  const first = checked.error.errors[0];
  return err(first ?? checked.error);
}

const outcomeOf = (approvalId: ApprovalId, state: ApprovalState): ApprovalOutcome => ({
  approvalId,
  status: state.status,
  version: state.version,
  currentNodeName: state.status === 0 ? (state.nodes[state.currentNodeIndex]?.nodeName ?? '') : '',
});

/**
 * The users the approval waits for: the unsigned assignees of the current node, in approval,
 * never the drafter (what 待我审批 lists is derived from this).
 */
export const pendingUsers = (state: ApprovalState): readonly ApprovalUserId[] =>
  pendingApprovers(state);

/** The configured nodes present for this content (conditions), in order. */
export function nodesForContent(
  nodes: readonly ApprovalFlowNode[],
  content: TemplateContent,
): readonly ApprovalFlowNode[] {
  return nodes.filter((n) => {
    if (n.condition === null) return true;
    const holds = evaluateNodeCondition(n.condition, content);
    return n.conditionEffect === 'add' ? holds : !holds;
  });
}

/**
 * Resolves the flow of the approval's type into assignments, at this moment. Each node's holders
 * then pass through the separation-of-duties rule (`separateDrafter`): the drafter never holds a
 * node of their own approval.
 */
async function resolveNodes(
  repos: ApprovalRepositories,
  record: ApprovalRecord,
  authorId: ApprovalUserId | undefined,
): Promise<Result<readonly ApprovalNodeAssignment[]>> {
  const flow = await repos.flows.findFlowByType(record.typeCode);
  if (flow === null || flow.status !== '0') return err(engineMessages.noFlow(record.typeCode));
  const configured = nodesForContent(await repos.flows.listNodes(flow.flowId), record.content);
  const drafterId = record.state.drafterId;
  let leaders: readonly ApprovalUserId[] | undefined;
  const leadersOfDrafter = async () => (leaders ??= await repos.directory.leadersOf(drafterId));
  const out: ApprovalNodeAssignment[] = [];
  for (const n of configured) {
    let assignees: readonly ApprovalUserId[] = [];
    switch (n.actorKind) {
      case 'role':
        assignees = n.roleKey === null ? [] : await repos.directory.usersWithRole(n.roleKey);
        break;
      case 'users':
        assignees = await repos.directory.activeUsers(n.userIds);
        break;
      case 'drafterDeptHead': {
        const head = (await leadersOfDrafter())[0];
        assignees = head === undefined ? [] : [head];
        break;
      }
      case 'formPerson': {
        // A form that does not carry the person's field at all does not take this step (a
        // generic form in a flow configured for task sheets); a form that carries it empty or
        // naming nobody active is refused naming the field.
        if (n.formField === null || record.content[n.formField] === undefined) continue;
        const raw = record.content[n.formField]?.value;
        const ids =
          typeof raw === 'string'
            ? [raw.trim()]
            : Array.isArray(raw)
              ? raw.filter((x): x is string => typeof x === 'string')
              : [];
        assignees = await repos.directory.activeUsers(ids.filter((x) => x !== ''));
        // The person is the form's input: a wrong one is the drafter's to correct (400, field).
        if (assignees.length === 0) {
          return err(approvalMessages.invalidFormPerson(n.nodeName, n.formField));
        }
        break;
      }
    }
    const base = { nodeId: String(n.nodeId), nodeName: n.nodeName, mode: n.mode };
    if (
      !assignees.includes(drafterId) &&
      (authorId === undefined || !assignees.includes(authorId))
    ) {
      out.push({ ...base, assignees });
      continue;
    }
    const separated = separateDrafter({
      handling: n.selfApproval,
      holders: assignees,
      drafterId,
      authorId,
      leaders: await leadersOfDrafter(),
    });
    out.push({
      ...base,
      assignees: separated.assignees,
      ...(separated.note === undefined ? {} : { selfApproval: separated.note }),
    });
  }
  return ok(out);
}

/**
 * The linked record's author when someone else sends it (separation of duties counts both); as
 * the record says now, so a resubmission by another colleague still keeps the author off it.
 */
async function authorOfRecord(
  repos: ApprovalRepositories,
  record: ApprovalRecord,
): Promise<ApprovalUserId | undefined> {
  if (record.recordKind === null || record.recordId === null) return undefined;
  const author = await repos.linkedRecords.authorOf?.(record.recordKind, record.recordId);
  return author === null || author === undefined || author === record.state.drafterId
    ? undefined
    : author;
}

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

function fileList(content: TemplateContent, refname: string): readonly TemplateFile[] {
  const entry = content[refname];
  if (entry === undefined || !FILE_FIELD_TYPES.includes(entry.type)) return [];
  const v = entry.value;
  return Array.isArray(v)
    ? (v as readonly unknown[]).filter(
        (f): f is TemplateFile => typeof f === 'object' && f !== null,
      )
    : [];
}

/** The actions the viewer may take now, for the detail view's buttons. */
function allowedActionsOf(state: ApprovalState, me: ApprovalUserId): ProcessActionType[] {
  const out: ProcessActionType[] = [];
  const drafter = state.drafterId === me;
  if (drafter && (state.status === -1 || state.status === 2 || state.status === 3))
    out.push('submit');
  if (state.status === 0) {
    if (pendingUsers(state).includes(me)) out.push(...NODE_ACTIONS);
    if (drafter) out.push('withdraw', 'urge');
  }
  if (state.status === 0 || state.status === 1) {
    if (drafter || state.nodes.some((n) => n.assignees.includes(me))) out.push('cc');
  }
  return out;
}

function detailOf(
  record: ApprovalRecord,
  log: readonly StoredApprovalLogEntry[],
  me: ApprovalUserId,
): ApprovalDetailAnswer {
  const state = record.state;
  const submitEntry = [...log]
    .reverse()
    .find((e) => (e.action === 'submit' || e.action === 'resubmit') && e.round === state.round);
  const bo = buildApprovalDetailBO(state, log, submitEntry?.signUrl ?? null);
  const current = state.status === 0 ? state.nodes[state.currentNodeIndex] : undefined;
  const mine =
    current === undefined
      ? undefined
      : [...log]
          .reverse()
          .find(
            (e) =>
              e.round === state.round &&
              e.actor === me &&
              e.nodeId === current.nodeId &&
              e.action === 'approve',
          );
  const currentSignRecord: ApprovalSignRecord | null =
    mine === undefined || current === undefined
      ? null
      : {
          nodeId: current.nodeId,
          nodeName: current.nodeName,
          content: mine.opinion ?? '',
          signUrl: mine.signUrl,
        };
  return {
    approvalDetailBO: bo,
    attachmentList: record.files,
    // Seal images arrive with the seal domain; the sheet shows none until then.
    sealImagesList: [],
    imgFiles: fileList(record.content, 'imgFiles'),
    currentSignRecord,
    // The design-team sign flow belongs to design tasks, which do not exist yet.
    designTaskSignFlowList: [],
    designTaskSignDetailList: [],
    approval: {
      approvalId: record.approvalId,
      typeCode: record.typeCode,
      typeName: approvalTypeLabel(record.typeCode),
      kind: record.kind,
      title: record.title,
      status: state.status,
      version: state.version,
      round: state.round,
      drafterId: state.drafterId,
      deptId: record.deptId,
      recordKind: record.recordKind,
      recordId: record.recordId,
      content: record.content,
      templateContent: record.template,
      files: record.files,
      nodes: state.nodes,
      currentNodeIndex: state.currentNodeIndex,
      readers: state.readers,
      createTime: record.createTime.toISOString(),
      updateTime: record.updateTime.toISOString(),
      submitTime: iso(record.submitTime),
      finishTime: iso(record.finishTime),
    },
    log: log.map((e) => ({
      action: e.action,
      actorId: e.actor,
      round: e.round,
      version: e.version,
      nodeId: e.nodeId ?? null,
      nodeName: e.nodeName ?? null,
      opinion: e.opinion ?? null,
      target: e.target ?? null,
      signUrl: e.signUrl,
      createTime: e.createdAt.toISOString(),
    })),
    allowedActions: allowedActionsOf(state, me),
  };
}
