import {
  countAnswer,
  noticeAnswer,
  noticePage,
  noticeReadersPage,
  noticeTopAnswer,
  systemDoneAnswer,
  type NoticeCreateBody,
  type NoticeHeadlineRecord,
  type NoticeListQuery,
  type NoticeReaderRecord,
  type NoticeReadersQuery,
  type NoticeRecord,
  type NoticeUpdateBody,
} from '@dpms/wire';
import type { HttpClient, WriteOptions } from '../client.js';
import type { Page, PageQuery } from './page.js';
import { ParsedCalls, pathIds } from './parsed-calls.js';

export type SysNoticeRecord = NoticeRecord;
export type NoticeHeadline = NoticeHeadlineRecord;
export type NoticeReaderRow = NoticeReaderRecord;

/** The bell's view: the latest open notices with the caller's read flags, and the unread count. */
export interface NoticeTop {
  readonly notices: readonly NoticeHeadline[];
  readonly unreadCount: number;
}

/** 通知公告 (/system/notice/*, RuoYi 3.9.2's calls), every answer parsed with its wire schema. */
export class SysNoticeGateway {
  private readonly calls: ParsedCalls;
  constructor(http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }
  async list(query: NoticeListQuery | PageQuery = {}): Promise<Page<SysNoticeRecord>> {
    return this.calls.page(noticePage, '/system/notice/list', query as PageQuery);
  }
  async get(noticeId: number): Promise<SysNoticeRecord> {
    return this.calls.get(noticeAnswer, `/system/notice/${noticeId}`, {});
  }
  async add(body: NoticeCreateBody, options?: WriteOptions): Promise<SysNoticeRecord> {
    return (await this.calls.send('post', noticeAnswer, '/system/notice', body, options)).data;
  }
  async update(body: NoticeUpdateBody, options?: WriteOptions): Promise<SysNoticeRecord> {
    return (await this.calls.send('put', noticeAnswer, '/system/notice', body, options)).data;
  }
  async remove(ids: number | number[], options?: WriteOptions): Promise<void> {
    await this.calls.remove(countAnswer, `/system/notice/${pathIds(ids)}`, options);
  }
  async top(): Promise<NoticeTop> {
    const a = await this.calls.read(noticeTopAnswer, '/system/notice/listTop');
    return { notices: a.data, unreadCount: a.unreadCount };
  }
  async markRead(noticeId: number): Promise<void> {
    await this.calls.send(
      'post',
      systemDoneAnswer,
      '/system/notice/markRead',
      undefined,
      {},
      {
        noticeId,
      },
    );
  }
  async markAllRead(noticeIds: readonly number[]): Promise<void> {
    if (noticeIds.length === 0) return;
    await this.calls.send(
      'post',
      systemDoneAnswer,
      '/system/notice/markReadAll',
      undefined,
      {},
      {
        ids: noticeIds.join(','),
      },
    );
  }
  async readers(query: NoticeReadersQuery): Promise<Page<NoticeReaderRow>> {
    return this.calls.page(noticeReadersPage, '/system/notice/readUsers/list', query as PageQuery);
  }
}
