import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { z } from 'zod';
import {
  ALL_DATA,
  APPROVAL_STATUS_LABELS,
  ARCHIVE_ACTION_LABELS,
  ARCHIVE_ACTION_PERMISSIONS,
  ARCHIVE_KEEPER_PERMISSION,
  ARCHIVE_BORROW_STATE_LABELS,
  borrowState,
  hasPermission,
  type Archive,
  type ArchiveActor,
  type ArchiveBorrow,
  type ArchiveBorrowListFilter,
  type ArchiveBorrowService,
  type ArchiveListRow,
  type ArchiveLog,
  type ArchiveService,
} from '@dpms/core';
import {
  archiveAddBody,
  archiveAllowViewBody,
  archiveAnswer,
  archiveFileQuery,
  archiveIdQuery,
  archiveListQuery,
  archiveLogsAnswer,
  archiveMemoBody,
  archivePage,
  archiveBorrowBody,
  borrowAnswer,
  borrowExportQuery,
  borrowIdBody,
  borrowIdQuery,
  borrowListQuery,
  borrowPage,
  type ArchiveBorrowRecord,
  type ArchiveListRecord,
  type ArchiveLogRecord,
  type ArchiveRecord,
} from '@dpms/wire';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { perm } from '../http/route.js';
import { streamXlsx, type XlsxColumn } from '../http/xlsx.js';
import { HttpError } from '../http/http-error.js';
import { contentDisposition } from './download.routes.js';
import type { FileService } from './upload.service.js';
import type { Principal } from '../identity/principal.js';
import type { RouteModule } from './route-module.js';
import { idemOf } from './contract-route-helpers.js';

const TAG = '档案管理';
/** Each route declares the permission of core's archive rule (ARCHIVE_ACTION_PERMISSIONS). */
const P = ARCHIVE_ACTION_PERMISSIONS;

/** A borrowing replayed for its Idempotency-Key carries its dates as ISO strings already. */
const iso = (d: Date | string | null): string | null =>
  d === null ? null : typeof d === 'string' ? d : d.toISOString();
/** The answer's archive, as the wire schema `archiveRecord` documents it (RouteBook checks it). */
export const archiveView = (a: Archive): ArchiveRecord => ({
  archiveId: a.archiveId,
  archiveName: a.archiveName,
  archiveNo: a.archiveNo,
  contractId: a.contractId,
  projectName: a.projectName,
  fileId: a.fileId,
  fileName: a.fileName,
  allowViewUserIds: [...a.allowViewUserIds],
  memo: a.memo,
  deptId: a.deptId,
  userId: a.userId,
  createBy: a.createBy,
  createByName: a.createByName,
  /** The archive's own file call: the per-archive rule, not the file owner's (see `file`). */
  downloadUrl: `/project/archives/file?archiveId=${String(a.archiveId)}`,
  createTime: iso(a.createTime),
});
/** A catalogue row: the file (id, name, address) only for those who may read it. */
const listRowView = (a: ArchiveListRow): ArchiveListRecord =>
  a.canRead
    ? { ...archiveView(a), canRead: true }
    : {
        ...archiveView(a),
        canRead: false,
        fileId: '',
        fileName: '',
        downloadUrl: '',
        allowViewUserIds: [],
      };
const borrowView =
  (today: string) =>
  (b: ArchiveBorrow): ArchiveBorrowRecord => {
    const state = borrowState(b, today);
    return {
      borrowId: b.borrowId,
      archiveId: b.archiveId,
      archiveName: b.archiveName,
      archiveNo: b.archiveNo,
      projectName: b.projectName,
      userId: b.userId,
      userName: b.userName,
      nickName: b.nickName,
      deptId: b.deptId,
      purpose: b.purpose,
      startDate: b.startDate,
      endDate: b.endDate,
      pledge: b.pledge,
      status: b.status,
      statusName: APPROVAL_STATUS_LABELS[b.status],
      state,
      stateName: ARCHIVE_BORROW_STATE_LABELS[state],
      approvalId: b.approvalId,
      approvedTime: iso(b.approvedTime),
      returnedTime: iso(b.returnedTime),
      returnedBy: b.returnedBy,
      createTime: iso(b.createTime),
    };
  };
const logView = (l: ArchiveLog): ArchiveLogRecord => ({
  logId: l.logId,
  archiveId: l.archiveId,
  action: l.action,
  actionName: ARCHIVE_ACTION_LABELS[l.action],
  userId: l.userId,
  userName: l.userName,
  nickName: l.nickName,
  createTime: iso(l.createTime),
});

const actorOf = (p: Principal): ArchiveActor => ({
  userId: p.userId,
  userName: p.userName,
  deptId: p.deptId,
  scope: p.isAdmin ? ALL_DATA : p.scope,
  keeper: p.isAdmin || hasPermission(p.permissions, [ARCHIVE_KEEPER_PERMISSION]),
});

/** The archive actor of a principal (发起审批's 27_1 borrows as the archive screen does). */
export const archiveActorOf = actorOf;

const borrowFilterOf = (q: z.output<typeof borrowExportQuery>): ArchiveBorrowListFilter => ({
  ...(q.archiveId === undefined ? {} : { archiveId: q.archiveId }),
  ...(q.archiveName === undefined ? {} : { archiveName: q.archiveName }),
  ...(q.userName === undefined ? {} : { userName: q.userName }),
  ...(q.state === undefined ? {} : { state: q.state }),
});

/**
 * The borrowing list's columns as the screen shows them (借阅记录: titles and order); the period
 * as the screen words it.
 */
const BORROW_EXPORT_COLUMNS = (today: string): readonly XlsxColumn<ArchiveBorrow>[] => [
  { header: '档案名称', value: (b) => b.archiveName, width: 30 },
  { header: '借阅人', kind: 'person', value: (b) => b.userName, width: 12 },
  { header: '借阅目的', value: (b) => b.purpose, width: 30 },
  { header: '借阅期限', value: (b) => `${b.startDate} 至 ${b.endDate}`, width: 26 },
  { header: '状态', value: (b) => ARCHIVE_BORROW_STATE_LABELS[borrowState(b, today)], width: 10 },
];

/**
 * Archives (/project/archives/*): the list shows what the caller may read; view and downLoad are
 * refused without permission (403) and logged when allowed; logList, updateAllowView and
 * updateMemo are for the archive keeper and the person who registered the archive.
 */
export function archivesRoutes(
  service: ArchiveService,
  borrows?: ArchiveBorrowService,
  files?: FileService,
): RouteModule {
  return {
    name: 'archives',
    register(book) {
      book.add({
        method: 'get',
        path: '/project/archives/list',
        summary:
          '档案目录（可查看的、借阅过的及数据权限内的档案，canRead 标明能否查看；readableOnly=1 只列可查看的；档案管理员可见全部）',
        tag: TAG,
        access: perm(P.list),
        query: archiveListQuery,
        response: archivePage,
        handler: async ({ query, principal }) => {
          const p = await service.list(
            {
              ...(query.archiveName === undefined ? {} : { archiveName: query.archiveName }),
              ...(query.projectName === undefined ? {} : { projectName: query.projectName }),
              ...(query.contractId === undefined ? {} : { contractId: query.contractId }),
              ...(query.readableOnly === '1' ? { readableOnly: true } : {}),
            },
            actorOf(principal),
            { offset: (query.pageNum - 1) * query.pageSize, limit: query.pageSize },
          );
          return page(p.total, p.rows.map(listRowView));
        },
      });
      book.add({
        method: 'get',
        path: '/project/archives/view',
        summary: '查看档案（无权限时拒绝；每次查看记入日志）',
        tag: TAG,
        access: perm(P.view),
        query: archiveIdQuery,
        response: archiveAnswer,
        handler: async ({ query, principal }) =>
          ok(archiveView(unwrap(await service.read(query.archiveId, 'view', actorOf(principal))))),
      });
      book.add({
        method: 'get',
        path: '/project/archives/downLoad',
        summary: '下载档案：返回文件下载地址（无权限时拒绝；每次下载记入日志）',
        tag: TAG,
        access: perm(P.download),
        query: archiveIdQuery,
        response: archiveAnswer,
        handler: async ({ query, principal }) =>
          ok(
            archiveView(
              unwrap(await service.read(query.archiveId, 'download', actorOf(principal))),
            ),
          ),
      });
      book.add({
        method: 'get',
        path: '/project/archives/logList',
        summary: '档案的查看与下载日志（档案管理员或登记人）',
        tag: TAG,
        access: perm(P.logs),
        query: archiveIdQuery,
        response: archiveLogsAnswer,
        handler: async ({ query, principal }) =>
          ok(unwrap(await service.logs(query.archiveId, actorOf(principal))).map(logView)),
      });
      book.add({
        method: 'post',
        path: '/project/archives/updateAllowView',
        summary: '修改允许查看人（整体替换；档案管理员或登记人）',
        tag: TAG,
        access: perm(P.allowView),
        body: archiveAllowViewBody,
        response: archiveAnswer,
        handler: async ({ body, principal }) =>
          ok(
            archiveView(
              unwrap(
                await service.updateAllowView(
                  body.archiveId,
                  body.allowViewUserIds,
                  actorOf(principal),
                ),
              ),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/project/archives/updateMemo',
        summary: '修改档案备注（最多500字；档案管理员或登记人）',
        tag: TAG,
        access: perm(P.memo),
        body: archiveMemoBody,
        response: archiveAnswer,
        handler: async ({ body, principal }) =>
          ok(
            archiveView(
              unwrap(await service.updateMemo(body.archiveId, body.memo, actorOf(principal))),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/project/archives/add',
        summary: '登记档案：以本人上传的文件登记（档案管理员可登记任何文件）',
        tag: TAG,
        access: perm(P.add),
        body: archiveAddBody,
        response: archiveAnswer,
        handler: async ({ body, principal }) =>
          ok(
            archiveView(
              unwrap(
                await service.register(
                  {
                    archiveName: body.archiveName,
                    fileId: body.fileId,
                    ...(body.archiveNo === undefined ? {} : { archiveNo: body.archiveNo }),
                    ...(body.projectName === undefined ? {} : { projectName: body.projectName }),
                    ...(body.memo === undefined ? {} : { memo: body.memo }),
                  },
                  actorOf(principal),
                ),
              ),
            ),
          ),
      });
      if (borrows !== undefined) registerBorrowRoutes(book, borrows);
      if (files !== undefined) {
        book.add({
          method: 'get',
          path: '/project/archives/file',
          summary:
            '档案文件：按档案的查看规则（管理员、登记人、授权查看人、借阅期内的借阅人）下载，记入日志；其他人 403',
          tag: TAG,
          access: perm(P.download),
          query: archiveFileQuery,
          produces: 'application/octet-stream',
          handler: async ({ query, principal, res }) => {
            const a = unwrap(await service.read(query.archiveId, 'download', actorOf(principal)));
            const file = await files.files.findFile(a.fileId);
            const body = file === null ? null : await files.store.get(file.storageKey);
            if (file === null || body === null) throw new HttpError(404, '档案文件不存在');
            // Only a PDF opens in the page (the archive viewer); anything else is an attachment.
            const inline =
              (query.preview === 'true' || query.preview === '1') &&
              /\.pdf$/i.test(file.originalName);
            res.status(200).set({
              'Content-Type': inline ? 'application/pdf' : 'application/octet-stream',
              'Content-Disposition': contentDisposition(file.originalName, inline),
              'Content-Length': String(file.size),
              'Cache-Control': 'private, no-store',
              'Access-Control-Expose-Headers': 'Content-Disposition',
            });
            await pipeline(Readable.from(body), res);
            return undefined;
          },
        });
      }
    },
  };
}

/** Archive borrowing (调档承诺书 27_1): request with the pledge, approval, return, list, export. */
function registerBorrowRoutes(
  book: Parameters<RouteModule['register']>[0],
  borrows: ArchiveBorrowService,
): void {
  const view = async () => borrowView(await borrows.today());
  book.add({
    method: 'post',
    path: '/project/archives/borrow',
    summary: '申请借阅档案：借阅目的、期限与保密承诺（最多1200字）；默认同时送审调档承诺书 27_1',
    tag: TAG,
    access: perm(P.borrow),
    idempotency: 'use-case',
    body: archiveBorrowBody,
    response: borrowAnswer,
    handler: async ({ body, principal, req }) =>
      ok(
        (await view())(
          unwrap(
            await borrows.borrow(
              {
                archiveId: body.archiveId,
                purpose: body.purpose,
                startDate: body.startDate,
                endDate: body.endDate,
                pledge: body.pledge,
              },
              actorOf(principal),
              body.submit ?? true,
              idemOf(req, principal, '/project/archives/borrow'),
            ),
          ),
        ),
      ),
  });
  book.add({
    method: 'get',
    path: '/project/archives/borrowList',
    summary: '借阅列表（本人的借阅；档案管理员可见全部）',
    tag: TAG,
    access: perm(P.borrow),
    query: borrowListQuery,
    response: borrowPage,
    handler: async ({ query, principal }) => {
      const p = await borrows.list(borrowFilterOf(query), actorOf(principal), {
        offset: (query.pageNum - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return page(p.total, p.rows.map(await view()));
    },
  });
  book.add({
    method: 'get',
    path: '/project/archives/borrowDetail',
    summary: '借阅详情（借阅人本人或档案管理员）',
    tag: TAG,
    access: perm(P.borrow),
    query: borrowIdQuery,
    response: borrowAnswer,
    handler: async ({ query, principal }) =>
      ok((await view())(unwrap(await borrows.detail(query.borrowId, actorOf(principal))))),
  });
  book.add({
    method: 'post',
    path: '/project/archives/updateToApproval',
    summary: '提交借阅审批（调档承诺书 27_1；待提交、被驳回或已撤回的申请）',
    tag: TAG,
    access: perm(P.submit),
    body: borrowIdBody,
    response: borrowAnswer,
    handler: async ({ body, principal }) =>
      ok((await view())(unwrap(await borrows.submit(body.borrowId, actorOf(principal))))),
  });
  book.add({
    method: 'post',
    path: '/project/archives/return',
    summary: '归还借阅的档案（借阅人本人或档案管理员）；归还后不能再查看',
    tag: TAG,
    access: perm(P.giveBack),
    body: borrowIdBody,
    response: borrowAnswer,
    handler: async ({ body, principal }) =>
      ok((await view())(unwrap(await borrows.giveBack(body.borrowId, actorOf(principal))))),
  });
  book.add({
    method: 'get',
    path: '/project/archives/borrow/export',
    summary: '导出借阅列表（.xlsx，流式；筛选同借阅列表）',
    tag: TAG,
    access: perm(P.borrow),
    query: borrowExportQuery,
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    handler: async ({ query, principal, res }) => {
      await streamXlsx(
        res,
        '档案借阅.xlsx',
        '档案借阅',
        BORROW_EXPORT_COLUMNS(await borrows.today()),
        borrows.exportRows(borrowFilterOf(query), actorOf(principal)),
      );
      return undefined;
    },
  });
}
