import type { ListPage, PageRequest } from '../platform/list-query.js';
import type { Reader } from '../platform/read-policy.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import type { SysNoticeRepository } from './sys-notice.repository.port.js';
import {
  checkNewNotice,
  checkNoticeFields,
  mayReadNotice,
  NOTICE_TOP_LIMIT,
  SYS_NOTICE_ERROR_CODES,
  SYS_NOTICE_MESSAGES,
  unreadCountOf,
  type NoticeHeadline,
  type NoticeInput,
  type NoticeListQuery,
  type NoticePatch,
  type NoticeReader,
  type SysNotice,
} from './sys-notice.js';

/**
 * Makes a notice's HTML safe to show: an allow-list of simple formatting, no script, style, event
 * handler or javascript: address. A port, since core has no HTML parser; the server binds
 * sanitize-html.
 */
export type HtmlSanitizer = (html: string) => string;

/** The bell's answer (RuoYi 3.9.2's listTop: the notices in `data`, and `unreadCount`). */
export interface NoticeTop {
  readonly notices: readonly NoticeHeadline[];
  readonly unreadCount: number;
}

const notFound = (): DomainError =>
  domainError(SYS_NOTICE_ERROR_CODES.NOT_FOUND, SYS_NOTICE_MESSAGES.notFound());

/** 通知公告's use cases: the rules of sys-notice.ts over the repository port. */
export class SysNoticeService {
  constructor(
    private readonly notices: SysNoticeRepository,
    private readonly sanitize: HtmlSanitizer,
  ) {}

  list(query: NoticeListQuery): Promise<ListPage<SysNotice>> {
    return this.notices.list(query);
  }

  /** One notice, if the reader may see it; a closed one reads as missing to everyone else. */
  async get(noticeId: number, reader: Reader): Promise<Result<SysNotice, DomainError>> {
    const notice = await this.notices.findById(noticeId);
    return notice && mayReadNotice(notice, reader) ? ok(notice) : err(notFound());
  }

  async add(input: NoticeInput, author: string): Promise<Result<SysNotice, DomainError>> {
    const checked = checkNewNotice(input, this.sanitize);
    if (!checked.ok) return checked;
    return ok(await this.notices.create(checked.value, author));
  }

  async edit(
    noticeId: number,
    patch: NoticePatch,
    editor: string,
  ): Promise<Result<SysNotice, DomainError>> {
    const checked = checkNoticeFields(patch, this.sanitize);
    if (!checked.ok) return checked;
    const saved = await this.notices.update(noticeId, checked.value, editor);
    return saved ? ok(saved) : err(notFound());
  }

  /** Deletes the notices with their read marks; refuses when none of them exists. */
  async remove(noticeIds: readonly number[]): Promise<Result<number, DomainError>> {
    const ids = [...new Set(noticeIds)];
    const count = ids.length === 0 ? 0 : await this.notices.delete(ids);
    return count === 0 ? err(notFound()) : ok(count);
  }

  /** The bell: the latest open notices with the caller's read flags, and how many are unread. */
  async top(userId: number, limit = NOTICE_TOP_LIMIT): Promise<NoticeTop> {
    const notices = await this.notices.latestOpen(userId, limit);
    return { notices, unreadCount: unreadCountOf(notices) };
  }

  /**
   * Opening a notice marks it read. Only a notice the reader may see: a missing one, or a closed
   * one to someone who does not manage notices, is refused as missing. A closed notice is not in
   * the bell, so marking it changes nothing.
   */
  async markRead(
    userId: number,
    noticeId: number,
    reader: Reader,
  ): Promise<Result<void, DomainError>> {
    const seen = await this.get(noticeId, reader);
    if (!seen.ok) return seen;
    await this.notices.markRead(userId, [noticeId]);
    return ok(undefined);
  }

  /**
   * 全部已读 of the ids the bell listed (RuoYi sends them as `ids=1,2,3`). Ids of notices closed
   * or deleted since are passed over, as the bell no longer shows them; answers how many are now
   * marked read.
   */
  async markAllRead(userId: number, noticeIds: readonly number[]): Promise<number> {
    const ids = [...new Set(noticeIds)];
    if (ids.length === 0) return 0;
    return (await this.notices.markRead(userId, ids)).length;
  }

  async readers(
    noticeId: number,
    search: string | undefined,
    page: PageRequest | undefined,
  ): Promise<Result<ListPage<NoticeReader>, DomainError>> {
    if (!(await this.notices.findById(noticeId))) return err(notFound());
    return ok(await this.notices.readers(noticeId, search?.trim() || undefined, page));
  }
}
