import {
  pendingApprovers,
  type ApprovalLogEntry,
  type ApprovalState,
  type ApprovalUserId,
} from './approval-state-machine.js';
import type { ApprovalId } from './approval.repository.port.js';

/*
 * 抄送 and 催办 reach their people as notices: one row per recipient, written in the action's own
 * transaction, listed in the shell's bell until the recipient opens the approval (which marks
 * every notice of it to them read). A copy reaches the user it names; an urge reaches whoever the
 * approval waits for at that moment (the unsigned holders of the current node), never the sender.
 */

export type ApprovalNoticeKind = 'copy' | 'urge';

export const APPROVAL_NOTICE_KINDS: readonly ApprovalNoticeKind[] = ['copy', 'urge'];

/** How the bell words a notice: "王经营 抄送给您" / "施设计 催办". */
export const APPROVAL_NOTICE_LABELS: Readonly<Record<ApprovalNoticeKind, string>> = {
  copy: '抄送给您',
  urge: '催您审批',
};

/** The unread notices the bell lists at most (newest first); the count covers them all. */
export const APPROVAL_NOTICE_LIST_LIMIT = 20;

export interface NewApprovalNotice {
  readonly recipientId: ApprovalUserId;
  readonly approvalId: ApprovalId;
  readonly kind: ApprovalNoticeKind;
  readonly senderId: ApprovalUserId;
  readonly createdAt: Date;
}

/** One unread notice as the bell shows it. */
export interface ApprovalNoticeView {
  readonly noticeId: string;
  readonly approvalId: ApprovalId;
  readonly approvalTitle: string;
  readonly kind: ApprovalNoticeKind;
  readonly senderId: ApprovalUserId;
  readonly senderName: string;
  readonly createTime: Date;
}

export interface ApprovalNoticeRepository {
  add(notices: readonly NewApprovalNotice[]): Promise<void>;
  /** The user's unread notices of live approvals, newest first, at most `limit`. */
  listUnread(userId: ApprovalUserId, limit: number): Promise<readonly ApprovalNoticeView[]>;
  countUnread(userId: ApprovalUserId): Promise<number>;
  /** Marks the user's unread notices of the approval read; answers how many. */
  markRead(approvalId: ApprovalId, userId: ApprovalUserId, at: Date): Promise<number>;
}

/** Who an action's notice reaches: the copied user, or those the approval now waits for. */
export function noticeRecipients(
  entry: Pick<ApprovalLogEntry, 'action' | 'target'>,
  state: ApprovalState,
  senderId: ApprovalUserId,
): readonly { readonly recipientId: ApprovalUserId; readonly kind: ApprovalNoticeKind }[] {
  const ids =
    entry.action === 'cc'
      ? entry.target === undefined
        ? []
        : [entry.target]
      : entry.action === 'urge'
        ? pendingApprovers(state)
        : [];
  const kind: ApprovalNoticeKind = entry.action === 'cc' ? 'copy' : 'urge';
  return [...new Set(ids)]
    .filter((id) => id !== senderId)
    .map((recipientId) => ({ recipientId, kind }));
}
