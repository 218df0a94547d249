import { domainError, type DomainError } from '../shared/result.js';
import type { ApprovalUserId } from './approval-state-machine.js';

/**
 * Separation of duties: nobody approves their own approval. The drafter is never a holder of a
 * node of their own approval; when a node's holders (the drafter's department head, a role's
 * members, fixed users, the person named on the form) include the drafter, this one rule decides
 * what happens, as the node's configuration says:
 *
 * - `escalate`: the node goes one level up, to the drafter's nearest superior (the leader of the
 *   drafter's department, else of the nearest department above it, who is not the drafter).
 * - `others`: the node's other holders act without the drafter; when none remains, it escalates.
 * - `skip`: the node is skipped, and the approval records why.
 *
 * When escalation finds nobody (the drafter is the top of the tree), the node is skipped with the
 * reason rather than left waiting on nobody. The state machine never lets the drafter act at a
 * node either way (`SELF_APPROVAL.FORBIDDEN`), so inconsistent data cannot bring it back.
 */

/** What a node may do when its holders include the drafter (stored with the node configuration). */
export const SELF_APPROVAL_HANDLINGS = ['escalate', 'others', 'skip'] as const;

export type SelfApprovalHandling = (typeof SELF_APPROVAL_HANDLINGS)[number];

/** The words of the 节点配置 page. */
export const SELF_APPROVAL_HANDLING_LABELS: Readonly<Record<SelfApprovalHandling, string>> = {
  escalate: '上报上级',
  others: '改由其他人',
  skip: '跳过并记录原因',
};

/** Who a configured node's holders are (the stored actor kinds of /approval/node). */
export type SelfApprovalActorKind =
  'role' | 'users' | 'drafterDeptHead' | 'formPerson' | 'formDeptHead';

/**
 * The default per node kind. A department-head node has one holder, so the drafter who heads the
 * department goes to the head above: escalate. A role, fixed users or the people named on a form
 * usually have someone else who can sign for the node: others (escalating when nobody remains).
 */
export function defaultSelfApprovalHandling(kind: SelfApprovalActorKind): SelfApprovalHandling {
  return kind === 'drafterDeptHead' || kind === 'formDeptHead' ? 'escalate' : 'others';
}

/**
 * What the rule did to a node, kept with the node of the running approval. `fallback` is not
 * separation of duties but the same kind of note: the node resolved to nobody and the flow's
 * configured fallback took it (the sheet prints it the same way).
 */
export type SelfApprovalOutcome = 'escalated' | 'others' | 'skipped' | 'fallback';

export interface SelfApprovalNote {
  /** The configured handling. */
  readonly handling: SelfApprovalHandling;
  /** What happened: escalation may end in a skip when nobody is above the drafter. */
  readonly outcome: SelfApprovalOutcome;
  /** Why, in the words the approval sheet prints. */
  readonly reason: string;
}

export const SELF_APPROVAL_REASONS = {
  drafterHolds: '拟稿人本人为该节点审批人',
  skippedByConfig: '拟稿人本人为该节点审批人，按流程配置跳过',
  nobodyAbove: '拟稿人本人为该节点审批人，且没有可上报的上级',
  /** The record's author (not the submitter) holds the node. */
  authorHolds: '该记录的创建人为该节点审批人',
  authorSkippedByConfig: '该记录的创建人为该节点审批人，按流程配置跳过',
  authorNobodyAbove: '该记录的创建人为该节点审批人，且没有可上报的上级',
} as const;

export interface SeparateDrafterInput {
  readonly handling: SelfApprovalHandling;
  /** The node's holders as resolved, before the rule. */
  readonly holders: readonly ApprovalUserId[];
  readonly drafterId: ApprovalUserId;
  /**
   * The linked record's author when someone else submits it (B sends A's contract): A's own work
   * too, so A is treated as the drafter is. Absent or equal to the drafter: the drafter alone.
   */
  readonly authorId?: ApprovalUserId | undefined;
  /**
   * The drafter's superiors: the leaders of the drafter's department and of each department above
   * it, nearest first (the drafter may be among them; the rule passes over them).
   */
  readonly leaders: readonly ApprovalUserId[];
}

export interface SeparatedNode {
  /** Who holds the node now: never the drafter; empty only when skipped. */
  readonly assignees: readonly ApprovalUserId[];
  /** Present when the drafter was among the holders. */
  readonly note?: SelfApprovalNote;
}

/**
 * The one rule: takes a node's holders and answers who holds it without the drafter, and what
 * happened. Holders without the drafter pass unchanged (no note).
 */
export function separateDrafter(input: SeparateDrafterInput): SeparatedNode {
  const { handling, holders, drafterId } = input;
  const parties =
    input.authorId === undefined || input.authorId === drafterId
      ? [drafterId]
      : [drafterId, input.authorId];
  if (!holders.some((u) => parties.includes(u))) return { assignees: holders };
  // The reason names who held the node: the drafter when they did, else the record's author.
  const R = SELF_APPROVAL_REASONS;
  const byDrafter = holders.includes(drafterId);
  const holds = byDrafter ? R.drafterHolds : R.authorHolds;
  const skipped = (reason: string): SeparatedNode => ({
    assignees: [],
    note: { handling, outcome: 'skipped', reason },
  });
  if (handling === 'skip') {
    return skipped(byDrafter ? R.skippedByConfig : R.authorSkippedByConfig);
  }
  if (handling === 'others') {
    const rest = holders.filter((u) => !parties.includes(u));
    if (rest.length > 0) {
      return { assignees: rest, note: { handling, outcome: 'others', reason: holds } };
    }
  }
  const superior = input.leaders.find((u) => !parties.includes(u));
  if (superior === undefined) return skipped(byDrafter ? R.nobodyAbove : R.authorNobodyAbove);
  return { assignees: [superior], note: { handling, outcome: 'escalated', reason: holds } };
}

/** True for a node the rule skipped: it has no holder and is passed over. */
export const isSkippedNode = (node: { readonly selfApproval?: SelfApprovalNote }): boolean =>
  node.selfApproval?.outcome === 'skipped';

/**
 * The line the approval detail and the printed sheet show for a node the rule changed, e.g.
 * "部门负责人：已跳过（拟稿人本人为该节点审批人，且没有可上报的上级）" or
 * "经营部：拟稿人本人为该节点审批人，已上报至陈总".
 */
export function selfApprovalNoteText(
  nodeName: string,
  note: SelfApprovalNote,
  assigneeNames: readonly string[],
): string {
  const names = assigneeNames.join('、');
  switch (note.outcome) {
    case 'skipped':
      return `${nodeName}：已跳过（${note.reason}）`;
    case 'escalated':
      return `${nodeName}：${note.reason}，已上报至${names}`;
    case 'others':
      return `${nodeName}：${note.reason}，已改由${names}审批`;
    case 'fallback':
      return `${nodeName}：${note.reason}（${names}）`;
  }
}

export const SELF_APPROVAL_ERROR_CODES = {
  /** The drafter tried to act at a node of their own approval (403). */
  FORBIDDEN: 'SELF_APPROVAL.FORBIDDEN',
  /** A node handed to the state machine names the drafter. */
  DRAFTER_ASSIGNED: 'SELF_APPROVAL.DRAFTER_ASSIGNED',
  /** Every node fell to the drafter and was skipped: nobody would approve. */
  NO_APPROVER: 'SELF_APPROVAL.NO_APPROVER',
} as const;

export const selfApprovalMessages = {
  forbidden: (nodeName: string): DomainError =>
    domainError(
      SELF_APPROVAL_ERROR_CODES.FORBIDDEN,
      `您是该审批的拟稿人，不能审批自己的审批（节点“${nodeName}”）`,
    ),
  drafterAssigned: (nodeName: string): DomainError =>
    domainError(
      SELF_APPROVAL_ERROR_CODES.DRAFTER_ASSIGNED,
      `审批节点“${nodeName}”的审批人不能是拟稿人本人，请联系管理员调整审批流程`,
    ),
  noApprover: (): DomainError =>
    domainError(
      SELF_APPROVAL_ERROR_CODES.NO_APPROVER,
      '审批流程中除拟稿人本人外没有其他审批人，无法提交，请联系管理员调整审批流程',
    ),
} as const;
