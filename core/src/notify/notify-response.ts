import type { ApprovalNoticeKind } from '../approval/approval-notice.js';

/** One urgent task of the notify answer. */
export interface WarnTask {
  readonly taskNo: string;
  /** yyyy-MM-dd. */
  readonly planFinishDate: string;
}

/** One unread 抄送/催办 notice of the notify answer (createTime ISO 8601). */
export interface ApprovalNoticeEntry {
  readonly noticeId: string;
  readonly approvalId: string;
  readonly approvalTitle: string;
  readonly kind: ApprovalNoticeKind;
  readonly senderName: string;
  readonly createTime: string;
}

/** The answer of `GET /project/approval/getNotify` (000 §3, §7). */
export interface NotifyResponse {
  /** Approvals waiting for the user: the Approval menu's badge. */
  readonly unDealCount: number;
  /** Unread 抄送/催办 notices: the bell's badge (absent: none). */
  readonly noticeCount?: number;
  /** The newest of them, newest first (absent: none). */
  readonly noticeList?: readonly ApprovalNoticeEntry[];
  /** An unseen seal result: the Project menu's dot. */
  readonly unLookSeal: boolean;
  readonly warnTaskList: readonly WarnTask[];
}

/** Poll interval, counted from the end of the previous poll (000 §4, §9). */
export const NOTIFY_POLL_INTERVAL_MS = 60_000;
/** The event-bus event that asks for a poll now. */
export const NOTIFY_BUS_EVENT = 'getNotify';
/** The urgent-task dialog's title (spec's own Chinese). */
export const NOTIFY_DIALOG_TITLE = '您有以下任务单急需处理';
/** Max height of the dialog's task list. */
export const NOTIFY_LIST_MAX_HEIGHT_PX = 300;
/** Session-storage key of the "closed for this session" flag. */
export const HIDE_NOTIFY_SESSION_KEY = 'hideNotify';
/** The value stored under that key once the user closed the dialog. */
export const HIDE_NOTIFY_SESSION_VALUE = 'true';

/** Column labels of the dialog's list (our Chinese for "task order number", "planned date"). */
export const NOTIFY_LIST_LABELS = {
  taskNo: '任务单号',
  planFinishDate: '计划完成日期',
} as const;

/** Whether the stored flag says the dialog was closed in this session. */
export function isNotifyHidden(stored: string | null | undefined): boolean {
  return stored === HIDE_NOTIFY_SESSION_VALUE;
}
