import type { ListPage, PageRequest } from '../platform/list-query.js';
import type {
  NewNotice,
  NoticeChanges,
  NoticeHeadline,
  NoticeListQuery,
  NoticeReader,
  SysNotice,
} from './sys-notice.js';

/** 通知公告 and who has read each (sys_notice, sys_notice_read). */
export interface SysNoticeRepository {
  list(query: NoticeListQuery): Promise<ListPage<SysNotice>>;
  findById(noticeId: number): Promise<SysNotice | null>;
  create(notice: NewNotice, createBy: string): Promise<SysNotice>;
  /** Null when the notice is gone. */
  update(noticeId: number, changes: NoticeChanges, updateBy: string): Promise<SysNotice | null>;
  /** Deletes the notices and their read marks; answers how many notices there were. */
  delete(noticeIds: readonly number[]): Promise<number>;
  /** The latest open notices, newest first, each with whether `userId` has read it. */
  latestOpen(userId: number, limit: number): Promise<readonly NoticeHeadline[]>;
  /**
   * Marks the open notices among `noticeIds` read by `userId` (once: a second mark keeps the
   * first time); answers the ids it marked or found marked.
   */
  markRead(userId: number, noticeIds: readonly number[]): Promise<readonly number[]>;
  /** Who has read the notice, the latest first; `search` matches login or name in part. */
  readers(
    noticeId: number,
    search: string | undefined,
    page: PageRequest | undefined,
  ): Promise<ListPage<NoticeReader>>;
}
