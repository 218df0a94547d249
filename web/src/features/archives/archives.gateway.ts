import type { HttpClient, Page } from '@dpms/http-client';

/** An archive of the catalogue (adapters/http-api archives.routes.ts). */
export interface ArchiveRow {
  archiveId: number;
  archiveName: string;
  archiveNo: string;
  projectName: string;
  fileId: string;
  fileName: string;
  allowViewUserIds: number[];
  memo: string;
  userId: number;
  createBy: string;
  createTime: string | null;
  downloadUrl: string;
  /** Whether the caller may view and download it today. */
  canRead: boolean;
}

export interface ArchiveLogRow {
  logId: number;
  action: 'view' | 'download';
  actionName: string;
  userName: string;
  createTime: string | null;
}

export type BorrowState =
  | 'draft'
  | 'approving'
  | 'waiting'
  | 'borrowed'
  | 'overdue'
  | 'returned'
  | 'rejected'
  | 'withdrawn';

export interface BorrowRow {
  borrowId: number;
  archiveId: number;
  archiveName: string;
  archiveNo: string;
  userId: number;
  userName: string;
  purpose: string;
  startDate: string;
  endDate: string;
  pledge: string;
  status: number;
  state: BorrowState;
  stateName: string;
  approvalId: string | null;
  returnedTime: string | null;
  createTime: string | null;
}

export interface BorrowRequest {
  archiveId: number;
  purpose: string;
  startDate: string;
  endDate: string;
  pledge: string;
}

type Query = Record<string, string | number>;
const clean = (q: Query): Query =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined));

/** The query string of an export: what the list last searched, without its page. */
export function exportQuery(q: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (k === 'pageNum' || k === 'pageSize') continue;
    if (typeof v === 'string' ? v !== '' : typeof v === 'number') params.set(k, String(v));
  }
  const s = params.toString();
  return s === '' ? '' : `?${s}`;
}

/** The archive calls of /project/archives/*, borrowing included. */
export class ArchiveGateway {
  constructor(private readonly http: HttpClient) {}

  private async data<T>(url: string, params: Query = {}): Promise<T> {
    return (await this.http.get<{ data: T }>(url, { params })).data;
  }
  private async send<T>(url: string, body: unknown): Promise<T> {
    return (await this.http.post<{ data: T }>(url, body)).data;
  }
  private async page<T>(url: string, q: Query): Promise<Page<T>> {
    const r = await this.http.get<{ total: number; rows: T[] }>(url, { params: clean(q) });
    return { total: r.total, rows: r.rows };
  }

  list = (q: Query) => this.page<ArchiveRow>('/project/archives/list', q);
  view = (archiveId: number) => this.data<ArchiveRow>('/project/archives/view', { archiveId });
  logs = (archiveId: number) =>
    this.data<ArchiveLogRow[]>('/project/archives/logList', { archiveId });
  updateMemo = (archiveId: number, memo: string) =>
    this.send<ArchiveRow>('/project/archives/updateMemo', { archiveId, memo });
  updateAllowView = (archiveId: number, allowViewUserIds: number[]) =>
    this.send<ArchiveRow>('/project/archives/updateAllowView', { archiveId, allowViewUserIds });
  /** The archive's file through its own call (the per-archive rule, logged). */
  fileUrl = (archiveId: number) => `/project/archives/file?archiveId=${String(archiveId)}`;

  borrow = (body: BorrowRequest) => this.send<BorrowRow>('/project/archives/borrow', body);
  borrows = (q: Query) => this.page<BorrowRow>('/project/archives/borrowList', q);
  submit = (borrowId: number) =>
    this.send<BorrowRow>('/project/archives/updateToApproval', { borrowId });
  giveBack = (borrowId: number) => this.send<BorrowRow>('/project/archives/return', { borrowId });
  borrowExportUrl = (q: Record<string, unknown>) =>
    `/project/archives/borrow/export${exportQuery(q)}`;
}
