import type { ListQuery } from '../platform/list-query.js';
import type { Reader } from '../platform/read-policy.js';
import { hasPermission } from '../session/permission.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';

/*
 * 通知公告 (RuoYi's sys_notice): notices an administrator publishes to everyone, read in the top
 * bar's bell with a read flag per person (sys_notice_read). Named SysNotice, RuoYi's word, to keep
 * it apart from the approval's 抄送/催办 notices (approval-notice.ts).
 */

/** 公告类型 (RuoYi's dict sys_notice_type): 1 通知, 2 公告. */
export const NOTICE_TYPES = ['1', '2'] as const;
export type NoticeType = (typeof NOTICE_TYPES)[number];
export const NOTICE_TYPE_LABELS: Readonly<Record<NoticeType, string>> = {
  '1': '通知',
  '2': '公告',
};

/** 公告状态 (RuoYi's dict sys_notice_status): 0 正常 (shown in the bell), 1 关闭. */
export const NOTICE_STATUSES = ['0', '1'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];
export const NOTICE_STATUS_LABELS: Readonly<Record<NoticeStatus, string>> = {
  '0': '正常',
  '1': '关闭',
};
export const NOTICE_OPEN: NoticeStatus = '0';

/** The columns' widths: notice_title varchar(50), remark varchar(255). */
export const NOTICE_TITLE_MAX = 50;
export const NOTICE_REMARK_MAX = 255;
/**
 * RuoYi keeps the content in a longblob; a notice is a page of formatted text, so 100,000
 * characters (after sanitizing) is far beyond any real one and keeps a pasted file out.
 */
export const NOTICE_CONTENT_MAX = 100_000;
/** How many notices the bell lists (RuoYi 3.9.2's listTop: the latest five open ones). */
export const NOTICE_TOP_LIMIT = 5;

export const SYS_NOTICE_PERMISSIONS = {
  list: 'system:notice:list',
  query: 'system:notice:query',
  add: 'system:notice:add',
  edit: 'system:notice:edit',
  remove: 'system:notice:remove',
} as const;

/** The words of the rules, RuoYi's where it has them (SysNotice's validation annotations). */
export const SYS_NOTICE_MESSAGES = {
  titleRequired: () => '公告标题不能为空',
  titleTooLong: () => `公告标题不能超过${NOTICE_TITLE_MAX}个字符`,
  titleScript: () => '公告标题不能包含脚本字符',
  typeInvalid: () => '公告类型只能是通知或公告',
  statusInvalid: () => '公告状态只能是正常或关闭',
  contentTooLong: () => `公告内容不能超过${NOTICE_CONTENT_MAX}个字符`,
  remarkTooLong: () => `备注不能超过${NOTICE_REMARK_MAX}个字符`,
  notFound: () => '通知公告不存在或已被删除',
} as const;

export const SYS_NOTICE_ERROR_CODES = {
  NOT_FOUND: 'NOTICE.NOT_FOUND',
  INVALID: 'VALIDATION.NOTICE',
} as const;

/** One notice as the list and the detail show it. */
export interface SysNotice {
  readonly noticeId: number;
  readonly noticeTitle: string;
  readonly noticeType: NoticeType;
  /** Sanitized HTML (RuoYi's editor writes HTML; see NoticeInput). */
  readonly noticeContent: string;
  readonly status: NoticeStatus;
  /** The author's login (RuoYi's create_by), and the name people read. */
  readonly createBy: string;
  readonly createByName: string;
  readonly createTime: Date;
  readonly updateBy: string;
  readonly updateTime: Date | null;
  readonly remark: string;
}

/** A notice in the bell: without its content, with the caller's read flag. */
export interface NoticeHeadline {
  readonly noticeId: number;
  readonly noticeTitle: string;
  readonly noticeType: NoticeType;
  readonly status: NoticeStatus;
  readonly createBy: string;
  readonly createByName: string;
  readonly createTime: Date;
  readonly isRead: boolean;
}

/** Someone who has read a notice (已读用户), RuoYi's columns. */
export interface NoticeReader {
  readonly userId: number;
  readonly userName: string;
  readonly nickName: string;
  readonly deptName: string;
  readonly phonenumber: string;
  readonly readTime: Date;
}

/** What 新增 and 修改 send; on 修改 an absent field keeps its value. */
export interface NoticeInput {
  readonly noticeTitle: string;
  readonly noticeType: string;
  readonly noticeContent?: string | undefined;
  readonly status?: string | undefined;
  readonly remark?: string | undefined;
}
export type NoticePatch = Partial<NoticeInput>;

/** A checked notice to store: the content already sanitized. */
export interface NewNotice {
  readonly noticeTitle: string;
  readonly noticeType: NoticeType;
  readonly noticeContent: string;
  readonly status: NoticeStatus;
  readonly remark: string;
}
export type NoticeChanges = Partial<NewNotice>;

export interface NoticeFilter {
  readonly noticeTitle?: string | undefined;
  readonly noticeType?: NoticeType | undefined;
  /** The author's login or name, in part (RuoYi: create_by like). */
  readonly createBy?: string | undefined;
  readonly status?: NoticeStatus | undefined;
}
export const NOTICE_SORT_COLUMNS = ['noticeId', 'noticeTitle', 'createTime'] as const;
export type NoticeSortColumn = (typeof NOTICE_SORT_COLUMNS)[number];
export type NoticeListQuery = ListQuery<NoticeFilter, NoticeSortColumn>;

const invalid = (message: string, field: string): DomainError =>
  domainError(SYS_NOTICE_ERROR_CODES.INVALID, message, field);

/** RuoYi's @Xss on the title: no markup in a line that is shown as text everywhere. */
const MARKUP = /<\/?[a-z!]/i;

/** The title's rule: required, at most 50 characters, no markup. */
export function checkNoticeTitle(title: string): Result<string, DomainError> {
  const t = title.trim();
  if (t === '') return err(invalid(SYS_NOTICE_MESSAGES.titleRequired(), 'noticeTitle'));
  if ([...t].length > NOTICE_TITLE_MAX)
    return err(invalid(SYS_NOTICE_MESSAGES.titleTooLong(), 'noticeTitle'));
  if (MARKUP.test(t)) return err(invalid(SYS_NOTICE_MESSAGES.titleScript(), 'noticeTitle'));
  return ok(t);
}

export const isNoticeType = (v: unknown): v is NoticeType =>
  typeof v === 'string' && (NOTICE_TYPES as readonly string[]).includes(v);
export const isNoticeStatus = (v: unknown): v is NoticeStatus =>
  typeof v === 'string' && (NOTICE_STATUSES as readonly string[]).includes(v);

/**
 * The fields of a 新增 (every rule) or a 修改 (`patch`: only the fields sent), with the content
 * passed through `sanitize` before its length is checked, since what is stored is what counts.
 */
export function checkNoticeFields(
  input: NoticePatch,
  sanitize: (html: string) => string,
): Result<NoticeChanges, DomainError> {
  const out: { -readonly [K in keyof NewNotice]?: NewNotice[K] } = {};
  if (input.noticeTitle !== undefined) {
    const title = checkNoticeTitle(input.noticeTitle);
    if (!title.ok) return title;
    out.noticeTitle = title.value;
  }
  if (input.noticeType !== undefined) {
    if (!isNoticeType(input.noticeType))
      return err(invalid(SYS_NOTICE_MESSAGES.typeInvalid(), 'noticeType'));
    out.noticeType = input.noticeType;
  }
  if (input.status !== undefined) {
    if (!isNoticeStatus(input.status))
      return err(invalid(SYS_NOTICE_MESSAGES.statusInvalid(), 'status'));
    out.status = input.status;
  }
  if (input.noticeContent !== undefined) {
    const html = sanitize(input.noticeContent);
    if (html.length > NOTICE_CONTENT_MAX)
      return err(invalid(SYS_NOTICE_MESSAGES.contentTooLong(), 'noticeContent'));
    out.noticeContent = html;
  }
  if (input.remark !== undefined) {
    const remark = input.remark.trim();
    if ([...remark].length > NOTICE_REMARK_MAX)
      return err(invalid(SYS_NOTICE_MESSAGES.remarkTooLong(), 'remark'));
    out.remark = remark;
  }
  return ok(out);
}

/** A 新增: title and type required, status 正常 and empty content unless given. */
export function checkNewNotice(
  input: NoticeInput,
  sanitize: (html: string) => string,
): Result<NewNotice, DomainError> {
  const checked = checkNoticeFields(input, sanitize);
  if (!checked.ok) return checked;
  const c = checked.value;
  if (c.noticeTitle === undefined)
    return err(invalid(SYS_NOTICE_MESSAGES.titleRequired(), 'noticeTitle'));
  if (c.noticeType === undefined)
    return err(invalid(SYS_NOTICE_MESSAGES.typeInvalid(), 'noticeType'));
  return ok({
    noticeTitle: c.noticeTitle,
    noticeType: c.noticeType,
    noticeContent: c.noticeContent ?? '',
    status: c.status ?? NOTICE_OPEN,
    remark: c.remark ?? '',
  });
}

/**
 * Who may see what. Everyone signed in reads the open notices (the bell, and a notice opened
 * from it: RuoYi's GET /system/notice/{id} asks no permission). A closed notice, and the
 * management list and its 已读用户, only to whoever manages notices (list or query).
 */
export function managesNotices(reader: Reader): boolean {
  return (
    reader.isAdmin ||
    hasPermission(reader.permissions, [SYS_NOTICE_PERMISSIONS.list, SYS_NOTICE_PERMISSIONS.query])
  );
}

export function mayReadNotice(notice: Pick<SysNotice, 'status'>, reader: Reader): boolean {
  return notice.status === NOTICE_OPEN || managesNotices(reader);
}

/** The bell's count: how many of the listed notices the caller has not read (RuoYi's unreadCount). */
export const unreadCountOf = (list: readonly Pick<NoticeHeadline, 'isRead'>[]): number =>
  list.filter((n) => !n.isRead).length;
