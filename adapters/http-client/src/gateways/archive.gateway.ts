import {
  archiveAnswer,
  archiveLogsAnswer,
  archivePage,
  borrowAnswer,
  borrowPage,
  type ArchiveBorrowInputBody,
  type ArchiveBorrowRecord,
  type ArchiveListRecord,
  type ArchiveLogRecord,
  type ArchiveRecord as WireArchiveRecord,
} from '@dpms/wire';
import type { HttpClient, WriteOptions } from '../client.js';
import { exportQuery } from './contract.gateway.js';
import { ParsedCalls } from './parsed-calls.js';
import type { Page, PageQuery } from './page.js';

/*
 * The archives slice's wire types are the @dpms/wire schemas' (`z.infer`/`z.input`): the API
 * validates with and answers through the same schemas, and this gateway parses every answer.
 */
export type ArchiveRecord = WireArchiveRecord;
/** A catalogue row: the archive and whether the caller may view and download it today. */
export type ArchiveRow = ArchiveListRecord;
export type ArchiveLogRow = ArchiveLogRecord;
export type BorrowRow = ArchiveBorrowRecord;
export type BorrowState = ArchiveBorrowRecord['state'];
/** 申请借阅's body (submit defaults to true: the request goes into approval). */
export type BorrowRequest = ArchiveBorrowInputBody;

/** The archive calls of /project/archives/*, borrowing included. */
export class ArchiveGateway {
  private readonly calls: ParsedCalls;

  constructor(http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }

  async list(q: PageQuery): Promise<Page<ArchiveRow>> {
    const a = await this.calls.page(archivePage, '/project/archives/list', q);
    return { rows: a.rows, total: a.total };
  }
  view = (archiveId: number): Promise<ArchiveRecord> =>
    this.calls.get(archiveAnswer, '/project/archives/view', { archiveId });
  logs = (archiveId: number): Promise<ArchiveLogRow[]> =>
    this.calls.get(archiveLogsAnswer, '/project/archives/logList', { archiveId });
  updateMemo = (archiveId: number, memo: string, options?: WriteOptions): Promise<ArchiveRecord> =>
    this.calls.post(archiveAnswer, '/project/archives/updateMemo', { archiveId, memo }, options);
  updateAllowView = (
    archiveId: number,
    allowViewUserIds: number[],
    options?: WriteOptions,
  ): Promise<ArchiveRecord> =>
    this.calls.post(
      archiveAnswer,
      '/project/archives/updateAllowView',
      { archiveId, allowViewUserIds },
      options,
    );
  /** The archive's file through its own call (the per-archive rule, logged). */
  fileUrl = (archiveId: number): string => `/project/archives/file?archiveId=${String(archiveId)}`;

  borrow = (body: BorrowRequest, options?: WriteOptions): Promise<BorrowRow> =>
    this.calls.post(borrowAnswer, '/project/archives/borrow', body, options);
  async borrows(q: PageQuery): Promise<Page<BorrowRow>> {
    const a = await this.calls.page(borrowPage, '/project/archives/borrowList', q);
    return { rows: a.rows, total: a.total };
  }
  borrowDetail = (borrowId: number): Promise<BorrowRow> =>
    this.calls.get(borrowAnswer, '/project/archives/borrowDetail', { borrowId });
  submit = (borrowId: number, options?: WriteOptions): Promise<BorrowRow> =>
    this.calls.post(borrowAnswer, '/project/archives/updateToApproval', { borrowId }, options);
  giveBack = (borrowId: number, options?: WriteOptions): Promise<BorrowRow> =>
    this.calls.post(borrowAnswer, '/project/archives/return', { borrowId }, options);
  borrowExportUrl = (q: Record<string, unknown>): string =>
    `/project/archives/borrow/export${exportQuery(q)}`;
}
