import type { ListPage } from '../platform/list-query.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { APPROVAL_ERROR_CODES, approvalMessages } from './approval-messages.js';
import {
  applyAction,
  newApprovalState,
  pendingApprovers,
  type ApprovalAction,
  type ApprovalState,
  type ApprovalUserId,
} from './approval-state-machine.js';
import { approvalTypeInfo, isApprovalTypeCode } from './approval-type-catalogue.js';
import type {
  ApprovalId,
  ApprovalListQuery,
  ApprovalListRow,
  ApprovalRecord,
  ApprovalRepositories,
} from './approval.repository.port.js';
import { WriteAbort, catchAbort, idempotencyKeyMismatch } from '../shared/write.js';

import type {
  ApprovalActor,
  ApprovalDetailAnswer,
  ApprovalNotify,
  ApprovalOutcome,
  CreateApprovalInput,
  EngineClock,
  IdempotencyContext,
  ProcessInput,
  UpdateApprovalInput,
} from './approval-engine.types.js';
import { engineMessages } from './approval-engine.types.js';
import { authorOfRecord, resolveNodes } from './approval-node-resolution.js';
import { currentTransferCandidates, notACandidate } from './transfer-candidates.js';
import { APPROVAL_NOTICE_LIST_LIMIT, noticeRecipients } from './approval-notice.js';
import { detailOf } from './approval-detail-view.js';
import { checkApprovalContent, templateFor, titleOf } from './approval-content-check.js';
import { checkCentreEdit, checkCentreForm, checkCentreSend } from './centre-record-rule.js';
import { moveLinkedRecord } from './linked-record-move.js';

export * from './approval-engine.types.js';
export { nodesForContent } from './approval-node-resolution.js';
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
      // No money form unlinked: from 发起审批 a form names its record as core's table says.
      if (input.viaApprovalCentre === true) {
        const linked = checkCentreForm(input, actor.permissions, repos.linkedRecords);
        if (!linked.ok) return linked;
      }
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
      const linked = checkCentreEdit(record.typeCode, record.recordKind);
      if (!linked.ok) return linked;
      const sendable = checkCentreSend(
        input.submit,
        record,
        actor.permissions,
        repos.linkedRecords,
      );
      if (!sendable.ok) return sendable;
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
      const sendable = checkCentreSend(
        input.action === 'submit',
        record,
        actor.permissions,
        repos.linkedRecords,
      );
      if (!sendable.ok) return sendable;
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
          if (action.type === 'transfer') {
            const refused = await notACandidate(repos, record, action, me);
            if (refused !== null) return err(refused);
          }
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

  /** Where an approval stands now, as a write answers it (after a record's use case sent it). */
  outcome(approvalId: ApprovalId): Promise<Result<ApprovalOutcome>> {
    return this.uow.transaction(async (repos) => {
      const record = await repos.approvals.findById(approvalId);
      return record === null
        ? err(engineMessages.notFound())
        : ok(outcomeOf(approvalId, record.state));
    });
  }

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
    const me = String(actor.userId);
    return this.uow.transaction(async (r) => ({
      unDealCount: await r.approvals.countWaiting(me),
      noticeCount: await r.notices.countUnread(me),
      noticeList: (await r.notices.listUnread(me, APPROVAL_NOTICE_LIST_LIMIT)).map((n) => ({
        ...n,
        createTime: n.createTime.toISOString(),
      })),
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
      // Opening the approval is reading what 抄送/催办 told the viewer about it.
      await repos.notices.markRead(approvalId, me, this.clock.now());
      // 提交 is offered only to a drafter the centre would let send it (`checkCentreSend`).
      const maySend = checkCentreSend(true, record, actor.permissions, repos.linkedRecords).ok;
      return ok(detailOf(record, log, me, maySend));
    });
  }

  /**
   * 转办's candidates for the current node: only a holder of it may ask (403 otherwise); the
   * answer is core's one rule (`transferCandidates`), with the people's names.
   */
  transferCandidates(
    approvalId: ApprovalId,
    actor: ApprovalActor,
  ): Promise<Result<readonly { readonly userId: ApprovalUserId; readonly nickName: string }[]>> {
    return this.uow.transaction(async (repos) => {
      const record = await repos.approvals.findById(approvalId);
      if (record === null) return err(engineMessages.notFound());
      const current = record.state.nodes[record.state.currentNodeIndex];
      if (record.state.status !== 0 || !current?.assignees.includes(String(actor.userId))) {
        return err(engineMessages.noAccess());
      }
      const ids = await currentTransferCandidates(
        repos,
        record,
        await authorOfRecord(repos, record),
      );
      const names = await repos.directory.namesOf(ids);
      return ok(ids.map((userId) => ({ userId, nickName: names[userId] ?? userId })));
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
    const notices = noticeRecipients(entry, state, actorId);
    if (notices.length > 0) {
      await repos.notices.add(
        notices.map((n) => ({
          ...n,
          approvalId: record.approvalId,
          senderId: actorId,
          createdAt: now,
        })),
      );
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
    // Approved by this action (not a cc on an approval approved before): queue what follows.
    if (finished && record.state.status !== 1) {
      await repos.followUps?.approved({
        approvalId: record.approvalId,
        typeCode: record.typeCode,
        recordKind: record.recordKind,
        recordId: record.recordId,
      });
    }
    return ok(outcomeOf(record.approvalId, state));
  }
}

// ---- helpers -----------------------------------------------------------------------------------

/** A refusal after writes: roll the transaction back and answer the refusal. */
function orAbort<T>(result: Result<T>): Result<T> {
  if (!result.ok) throw new WriteAbort(result.error);
  return result;
}

const staleVersion = (): DomainError =>
  domainError(APPROVAL_ERROR_CODES.STALE_VERSION, '该审批已被他人处理或已更新，请刷新后重试');

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
