import { z } from 'zod';
import {
  NOTICE_CONTENT_MAX,
  NOTICE_REMARK_MAX,
  NOTICE_SORT_COLUMNS,
  NOTICE_STATUSES,
  NOTICE_TITLE_MAX,
  NOTICE_TYPES,
  SYS_NOTICE_MESSAGES as M,
} from '@dpms/core';
import { nullAsAbsent, okEnvelope, pageEnvelope, timestamp } from './envelope.js';
import { pagingShape } from './paging.js';
import { id, idList, optionalEnum, textFilter } from './primitives.js';

/*
 * 通知公告 on the wire, RuoYi-Vue 3.9.2's shapes (SysNoticeController): the bodies of 新增 and
 * 修改, the list's filters, the records, the bell's listTop answer and 已读用户. core owns the
 * rules (sys-notice.ts); these check the same limits in its words, so our form marks what the
 * server would refuse.
 */

const int = () => z.number().int();
const noticeType = z.enum(NOTICE_TYPES, { error: M.typeInvalid() });
const noticeStatus = z.enum(NOTICE_STATUSES, { error: M.statusInvalid() });

const title = z
  .string({ error: M.titleRequired() })
  .trim()
  .min(1, M.titleRequired())
  .refine((t) => [...t].length <= NOTICE_TITLE_MAX, M.titleTooLong());
// RuoYi's edit sends the whole record back, nulls included: null reads as not given.
const optional = <S extends z.ZodType>(s: S) => z.preprocess(nullAsAbsent, s.optional());
const fields = {
  noticeTitle: title,
  noticeType,
  noticeContent: optional(z.string().max(NOTICE_CONTENT_MAX * 2, M.contentTooLong())),
  status: optional(noticeStatus),
  remark: optional(z.string().max(NOTICE_REMARK_MAX, M.remarkTooLong())),
};
export const noticeCreateBody = z.object(fields);
export const noticeUpdateBody = z.object({
  noticeId: id(),
  noticeTitle: optional(title),
  noticeType: optional(noticeType),
  noticeContent: fields.noticeContent,
  status: fields.status,
  remark: fields.remark,
});
export type NoticeCreateBody = z.input<typeof noticeCreateBody>;
export type NoticeUpdateBody = z.input<typeof noticeUpdateBody>;

export const noticeListQuery = z.object({
  noticeTitle: textFilter(50),
  noticeType: optionalEnum(NOTICE_TYPES),
  /** The author, login or name in part (RuoYi's 操作人员). */
  createBy: textFilter(64),
  status: optionalEnum(NOTICE_STATUSES),
  ...pagingShape(NOTICE_SORT_COLUMNS),
});
export type NoticeListQuery = z.input<typeof noticeListQuery>;

export const noticeRecord = z
  .object({
    noticeId: int(),
    noticeTitle: z.string(),
    noticeType: noticeType,
    /** Sanitized HTML: simple formatting only, safe to render. */
    noticeContent: z.string(),
    status: noticeStatus,
    createBy: z.string(),
    /** The author as people read them (their name). */
    createByName: z.string(),
    createTime: timestamp(),
    updateBy: z.string(),
    updateTime: timestamp().nullable(),
    remark: z.string(),
  })
  .meta({ id: 'SysNotice' });
export type NoticeRecord = z.output<typeof noticeRecord>;
export const noticeAnswer = okEnvelope(noticeRecord);
export const noticePage = pageEnvelope(noticeRecord);

/** A notice in the bell, with the caller's read flag (`isRead`, RuoYi's @JsonProperty). */
export const noticeHeadlineRecord = z
  .object({
    noticeId: int(),
    noticeTitle: z.string(),
    noticeType: noticeType,
    status: noticeStatus,
    createBy: z.string(),
    createByName: z.string(),
    createTime: timestamp(),
    isRead: z.boolean(),
  })
  .meta({ id: 'SysNoticeHeadline' });
export type NoticeHeadlineRecord = z.output<typeof noticeHeadlineRecord>;

/** GET /system/notice/listTop: the latest open notices in `data`, `unreadCount` beside it. */
export const noticeTopAnswer = z.object({
  code: z.literal(200),
  msg: z.string(),
  data: z.array(noticeHeadlineRecord),
  unreadCount: int().nonnegative(),
});
export type NoticeTopAnswer = z.output<typeof noticeTopAnswer>;

/** POST /system/notice/markRead?noticeId=… */
export const noticeMarkReadQuery = z.object({ noticeId: id() });
/** POST /system/notice/markReadAll?ids=1,2,3 (blank: nothing to mark). */
export const noticeMarkAllQuery = z.object({
  // Each id within PostgreSQL's integer (idList's bounds): 9999999999 is a 400, not a 500.
  ids: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : v),
    idList()
      .optional()
      .transform((ids) => ids ?? []),
  ),
});

/** GET /system/notice/readUsers/list: who has read a notice (已读用户). */
export const noticeReadersQuery = z.object({
  noticeId: id(),
  searchValue: textFilter(50),
  ...pagingShape(['readTime'] as const),
});
export type NoticeReadersQuery = z.input<typeof noticeReadersQuery>;
export const noticeReaderRecord = z
  .object({
    userId: int(),
    userName: z.string(),
    nickName: z.string(),
    deptName: z.string(),
    phonenumber: z.string(),
    readTime: timestamp(),
  })
  .meta({ id: 'SysNoticeReader' });
export type NoticeReaderRecord = z.output<typeof noticeReaderRecord>;
export const noticeReadersPage = pageEnvelope(noticeReaderRecord);
