import { formatBadge } from '../widgets/badge.js';
import { APPROVAL_NOTICE_LABELS } from '../approval/approval-notice.js';
import type { ApprovalNoticeEntry, NotifyResponse, WarnTask } from './notify-response.js';

/** What the shell shows of the notify answer: the urgent-task icon and dialog, the counts. */
export interface NotifyViewState {
  readonly warnTasks: readonly WarnTask[];
  readonly dialogOpen: boolean;
  /** The session flag: the user closed the dialog, so it no longer opens by itself. */
  readonly hideNotify: boolean;
  readonly unDealCount: number;
  readonly unLookSeal: boolean;
  /** The bell: unread 抄送/催办 notices, and the newest of them. */
  readonly noticeCount: number;
  readonly notices: readonly ApprovalNoticeEntry[];
}

export type NotifyViewEvent =
  | { readonly type: 'notified'; readonly response: NotifyResponse }
  | { readonly type: 'dialogClosed' }
  | { readonly type: 'iconClicked' }
  /** The user opened the approval from the bell: its notices are read (the server marks them). */
  | { readonly type: 'approvalOpened'; readonly approvalId: string };

/** Before the first answer; `hideNotify` comes from session storage (`isNotifyHidden`). */
export function initialNotifyView(hideNotify: boolean): NotifyViewState {
  return {
    warnTasks: [],
    dialogOpen: false,
    hideNotify,
    unDealCount: 0,
    unLookSeal: false,
    noticeCount: 0,
    notices: [],
  };
}

/**
 * - After a poll the dialog opens by itself when there are warning tasks and the session flag is
 *   not set. Why it closes when the list becomes empty: there is nothing left to show, and the
 *   icon that would reopen it is hidden.
 * - Closing sets the flag (the caller stores `hideNotify` in session storage).
 * - The icon reopens it; it has no effect when there are no tasks (the icon is hidden then).
 */
export function notifyViewReducer(state: NotifyViewState, event: NotifyViewEvent): NotifyViewState {
  switch (event.type) {
    case 'notified': {
      const { warnTaskList, unDealCount, unLookSeal } = event.response;
      const hasTasks = warnTaskList.length > 0;
      return {
        ...state,
        warnTasks: warnTaskList,
        unDealCount,
        unLookSeal,
        noticeCount: event.response.noticeCount ?? 0,
        notices: event.response.noticeList ?? [],
        dialogOpen: hasTasks && (state.dialogOpen || !state.hideNotify),
      };
    }
    case 'dialogClosed':
      return { ...state, dialogOpen: false, hideNotify: true };
    case 'iconClicked':
      return state.warnTasks.length > 0 ? { ...state, dialogOpen: true } : state;
    case 'approvalOpened': {
      // Until the next poll says otherwise: the listed notices of it go, and the count with them.
      const left = state.notices.filter((n) => n.approvalId !== event.approvalId);
      const gone = state.notices.length - left.length;
      if (gone === 0) return state;
      return { ...state, notices: left, noticeCount: Math.max(0, state.noticeCount - gone) };
    }
  }
}

/** The bell's badge: unread 抄送/催办 notices ('99+' above 99, none at 0). */
export function noticeBadge(state: NotifyViewState): string | undefined {
  return formatBadge(state.noticeCount);
}

/** What the bell says of a notice: "王经营 抄送给您" / "施设计 催您审批". */
export function noticeLine(notice: Pick<ApprovalNoticeEntry, 'kind' | 'senderName'>): string {
  return `${notice.senderName} ${APPROVAL_NOTICE_LABELS[notice.kind]}`;
}

/** The floating warning icon shows only when there are warning tasks. */
export function isNotifyIconVisible(state: NotifyViewState): boolean {
  return state.warnTasks.length > 0;
}

/** The unprocessed-approval badge ('99+' above 99, none at 0). */
export function notifyBadge(state: NotifyViewState): string | undefined {
  return formatBadge(state.unDealCount);
}

/** The dialog: not closable by clicking outside or by Esc, and no confirm or cancel button. */
export const NOTIFY_DIALOG_BEHAVIOUR = {
  closeOnClickOutside: false,
  closeOnEscape: false,
  showConfirmButton: false,
  showCancelButton: false,
} as const;
