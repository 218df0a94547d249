import {
  roundNodeNotes,
  type ApprovalLogEntry,
  type ApprovalState,
  type ApprovalUserId,
} from './approval-state-machine.js';
import {
  isSkippedNode,
  selfApprovalNoteText,
  type SelfApprovalNote,
} from './separation-of-duties.js';
import type { TemplateFile } from './template.js';

/**
 * The approval detail shapes of 000 §3 (GET /project/approval/getCommonApprovalDetail). Ids
 * travel as strings; a signature image address is null until there is one.
 */

/** A node that has acted: one signature row. */
export interface ApprovalNodeRecord {
  readonly nodeId: string;
  readonly nodeName: string;
  /** The sign text or opinion written at the node. */
  readonly content: string;
  readonly approvalUserSignUrl: string | null;
  /** Ours: who signed the row, so a signature box names its signer beside the image. */
  readonly approvalUserId?: ApprovalUserId;
  /** Ours: their name, where the answer carries it (the detail adds it from its user names). */
  readonly approvalUserName?: string;
  /** Ours: when they signed (ISO 8601), where the log read carries the time. */
  readonly approvalTime?: string;
}

/** A node still to act. The spec does not show its fields; these are what a row needs. */
export interface ApprovalPendingNode {
  readonly nodeId: string;
  readonly nodeName: string;
  /** Ours: who holds the node (its assignees), so a waiting node is never anonymous. */
  readonly assignees?: readonly ApprovalUserId[];
  /** Their names (nickName), where the answer carries them (the detail, the printed sheet). */
  readonly assigneeNames?: readonly string[];
}

/**
 * Ours: a node of the current round whose holders included the drafter, and what the separation
 * rule did (skipped, escalated, or given to the node's other holders), for the detail and the
 * printed sheet (`selfApprovalNoteText`).
 */
export interface ApprovalNodeNote extends SelfApprovalNote {
  readonly nodeId: string;
  readonly nodeName: string;
  /**
   * Set on a note of an earlier round (the approval was resubmitted and its nodes resolved
   * again): that round's number. Absent on the current round's notes.
   */
  readonly earlierRound?: number;
  /** Who holds the node instead (empty when skipped). */
  readonly assignees: readonly ApprovalUserId[];
  /** Their names, where the answer carries them (the printed sheet: it has no user list). */
  readonly assigneeNames?: readonly string[];
}

export interface ApprovalDetailBO {
  readonly creatorSignUrl: string | null;
  readonly approvalNodeList: readonly ApprovalNodeRecord[];
  readonly unApprovalList: readonly ApprovalPendingNode[];
  /** Empty when no node is current (not yet submitted, or finished). */
  readonly currentNodeName: string;
  /** Ours, absent in older answers: the nodes the separation-of-duties rule changed. */
  readonly nodeNotes?: readonly ApprovalNodeNote[];
}

/** The signer's own record at the current node, when they have one. Shape not shown: ours. */
export interface ApprovalSignRecord {
  readonly nodeId: string;
  readonly nodeName: string;
  readonly content: string;
  readonly signUrl: string | null;
}

/** The design-team sign flow steps of 000 §3. */
export interface DesignTaskSignFlow {
  readonly flowId: string;
  readonly flowName: string;
  readonly orderNo: number;
  readonly dealUserId: ApprovalUserId;
  readonly taskId: string;
}

/**
 * A signature in the design-team sign flow. The spec shows dealContent, createTime and
 * dealUserSignUrl; `flowId` is ours, naming the step it signs (the spec's list has no link).
 */
export interface DesignTaskSignDetail {
  readonly flowId: string;
  readonly dealContent: string;
  /** ISO 8601 timestamp with offset. */
  readonly createTime: string;
  readonly dealUserSignUrl: string | null;
}

export interface ApprovalDetail {
  readonly approvalDetailBO: ApprovalDetailBO;
  readonly attachmentList: readonly TemplateFile[];
  readonly sealImagesList: readonly TemplateFile[];
  readonly imgFiles: readonly TemplateFile[];
  readonly currentSignRecord: ApprovalSignRecord | null;
  readonly designTaskSignFlowList?: readonly DesignTaskSignFlow[];
  readonly designTaskSignDetailList?: readonly DesignTaskSignDetail[];
}

/**
 * The line a screen, the printed sheet or the export shows for a note: an earlier round's is
 * marked with its round ("第1轮 部门负责人：已跳过（…）"), the current round's is not.
 */
export function approvalNodeNoteLine(
  note: ApprovalNodeNote,
  assigneeNames: readonly string[],
): string {
  const text = selfApprovalNoteText(note.nodeName, note, assigneeNames);
  return note.earlierRound === undefined ? text : `第${note.earlierRound}轮 ${text}`;
}

/** A log entry as the server stored it: with the signature image as it was at that moment. */
export type SignedApprovalLogEntry = ApprovalLogEntry & { readonly signUrl: string | null };

/**
 * Builds approvalDetailBO from the state and the action log (DESIGN §5b: the detail view is built
 * from the log). The rows are the approvals and the rejection of the current round, in order;
 * a return to node k drops the rows of k and later nodes, since those nodes act again. The
 * pending list is the current node and those after it while in approval.
 */
export function buildApprovalDetailBO(
  state: ApprovalState,
  log: readonly (SignedApprovalLogEntry & { readonly createdAt?: Date })[],
  creatorSignUrl: string | null,
): ApprovalDetailBO {
  const indexOf = (nodeId: string | undefined) => state.nodes.findIndex((n) => n.nodeId === nodeId);
  let rows: { record: ApprovalNodeRecord; index: number }[] = [];
  for (const e of log) {
    if (e.round !== state.round) continue;
    if (e.action === 'return') {
      const to = indexOf(e.target);
      rows = rows.filter((r) => r.index < to);
    } else if ((e.action === 'approve' || e.action === 'reject') && e.nodeId !== undefined) {
      rows.push({
        index: indexOf(e.nodeId),
        record: {
          nodeId: e.nodeId,
          nodeName: e.nodeName ?? '',
          content: e.opinion ?? '',
          approvalUserSignUrl: e.signUrl,
          approvalUserId: e.actor,
          ...(e.createdAt === undefined ? {} : { approvalTime: e.createdAt.toISOString() }),
        },
      });
    }
  }
  const pending =
    state.status === 0
      ? state.nodes
          .slice(state.currentNodeIndex)
          .filter((n) => !isSkippedNode(n))
          .map(({ nodeId, nodeName, assignees }) => ({ nodeId, nodeName, assignees }))
      : [];
  // The rule's decisions of every round, oldest first, each as the submit or resubmit that
  // started it logged them; a round logged without them (before the log kept notes) shows the
  // nodes' own when it is the current one. Not shown on a draft.
  const nodeNotes: ApprovalNodeNote[] = [];
  for (let round = 1; round <= state.round; round += 1) {
    const sent = log.find(
      (e) => e.round === round && (e.action === 'submit' || e.action === 'resubmit'),
    );
    const notes =
      sent?.selfApprovalNotes ?? (round === state.round ? roundNodeNotes(state.nodes) : []);
    for (const n of notes)
      nodeNotes.push(round === state.round ? { ...n } : { ...n, earlierRound: round });
  }
  return {
    creatorSignUrl,
    approvalNodeList: rows.map((r) => r.record),
    unApprovalList: pending,
    currentNodeName: pending[0]?.nodeName ?? '',
    nodeNotes,
  };
}
