import type { ApprovalDetailBO } from '../approval-detail.js';
import type { ApprovalDetailAnswer } from '../approval-engine.types.js';
import { APPROVAL_ACTION_LABELS, type ApprovalActionType } from '../approval-status.js';
import { formatInstant } from '../../platform/institute-clock.js';

/*
 * The two things a sheet shows besides the record: who holds each waiting node, by name, and
 * every round of the history (a resubmitted approval keeps its earlier rounds on paper too).
 */

/** A waiting node and who holds it. */
export interface PrintedWaitingNode {
  readonly nodeName: string;
  readonly holderNames: readonly string[];
}

/** One action of the history. */
export interface PrintedHistoryRow {
  readonly round: number;
  readonly time: string;
  readonly actorName: string;
  readonly nodeName: string;
  /** The action in words (同意, 驳回, 转办 → 张三 …). */
  readonly action: string;
  readonly opinion: string;
}

/** A name for a user id; the id itself when the user is unknown (never blank). */
export type NameOf = (userId: string) => string;

/** The nodes still waiting, each with its holders' names, in flow order. */
export function waitingNodes(bo: ApprovalDetailBO, nameOf: NameOf): readonly PrintedWaitingNode[] {
  return bo.unApprovalList.map((n) => ({
    nodeName: n.nodeName,
    holderNames: n.assigneeNames ?? (n.assignees ?? []).map(nameOf),
  }));
}

/** `财务部：周会计、钱出纳`, or the node alone when nobody holds it. */
export const waitingNodeLine = (n: PrintedWaitingNode): string =>
  n.holderNames.length === 0 ? n.nodeName : `${n.nodeName}：${n.holderNames.join('、')}`;

const actionText = (e: ApprovalDetailAnswer['log'][number], nameOf: NameOf): string => {
  const label = APPROVAL_ACTION_LABELS[e.action as ApprovalActionType] ?? e.action;
  return e.target !== null && (e.action === 'transfer' || e.action === 'cc')
    ? `${label} → ${nameOf(e.target)}`
    : label;
};

/** Every action of every round, oldest first, on the institute's clock. */
export function historyRows(
  log: ApprovalDetailAnswer['log'],
  nameOf: NameOf,
  zone: string,
): readonly PrintedHistoryRow[] {
  return log.map((e) => ({
    round: e.round,
    time: formatInstant(e.createTime, zone),
    actorName: nameOf(e.actorId),
    nodeName: e.nodeName ?? '',
    action: actionText(e, nameOf),
    opinion: e.opinion ?? '',
  }));
}
