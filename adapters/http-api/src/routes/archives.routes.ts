import { z } from 'zod';
import {
  ALL_DATA,
  ARCHIVE_ACTION_LABELS,
  hasPermission,
  type Archive,
  type ArchiveActor,
  type ArchiveLog,
  type ArchiveService,
} from '@dpms/core';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { pagingShape } from '../http/paging.js';
import { perm } from '../http/route.js';
import { id, optionalId, textFilter } from '../http/schemas.js';
import type { Principal } from '../identity/principal.js';
import type { RouteModule } from './route-module.js';

const TAG = '档案管理';
/** The archive keeper's permission: sees and grants every archive. */
export const ARCHIVE_KEEPER_PERMISSION = 'project:archives:allowView';

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());
export const archiveView = (a: Archive) => ({
  ...a,
  downloadUrl: `/common/download/resource?resource=${encodeURIComponent(a.fileId)}`,
  createTime: iso(a.createTime),
});
const logView = (l: ArchiveLog) => ({
  ...l,
  actionName: ARCHIVE_ACTION_LABELS[l.action],
  createTime: iso(l.createTime),
});

const actorOf = (p: Principal): ArchiveActor => ({
  userId: p.userId,
  userName: p.userName,
  deptId: p.deptId,
  scope: p.isAdmin ? ALL_DATA : p.scope,
  keeper: p.isAdmin || hasPermission(p.permissions, [ARCHIVE_KEEPER_PERMISSION]),
});

const archiveIdQuery = z.object({ archiveId: id() });
const listQuery = z.object({
  ...pagingShape(['archiveId'] as const),
  archiveName: textFilter(100),
  projectName: textFilter(100),
  contractId: optionalId(),
});

/**
 * Archives (/project/archives/*): the list shows what the caller may read; view and downLoad are
 * refused without permission (403) and logged when allowed; logList, updateAllowView and
 * updateMemo are for the archive keeper and the person who registered the archive.
 */
export function archivesRoutes(service: ArchiveService): RouteModule {
  return {
    name: 'archives',
    register(book) {
      book.add({
        method: 'get',
        path: '/project/archives/list',
        summary: '档案列表（只列出本人可查看的档案；档案管理员可见全部）',
        tag: TAG,
        access: perm('project:archives:list'),
        query: listQuery,
        handler: async ({ query, principal }) => {
          const p = await service.list(
            {
              ...(query.archiveName === undefined ? {} : { archiveName: query.archiveName }),
              ...(query.projectName === undefined ? {} : { projectName: query.projectName }),
              ...(query.contractId === undefined ? {} : { contractId: query.contractId }),
            },
            actorOf(principal),
            { offset: (query.pageNum - 1) * query.pageSize, limit: query.pageSize },
          );
          return page(p.total, p.rows.map(archiveView));
        },
      });
      book.add({
        method: 'get',
        path: '/project/archives/view',
        summary: '查看档案（无权限时拒绝；每次查看记入日志）',
        tag: TAG,
        access: perm('project:archives:query'),
        query: archiveIdQuery,
        handler: async ({ query, principal }) =>
          ok(archiveView(unwrap(await service.read(query.archiveId, 'view', actorOf(principal))))),
      });
      book.add({
        method: 'get',
        path: '/project/archives/downLoad',
        summary: '下载档案：返回文件下载地址（无权限时拒绝；每次下载记入日志）',
        tag: TAG,
        access: perm('project:archives:download'),
        query: archiveIdQuery,
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
        access: perm('project:archives:query'),
        query: archiveIdQuery,
        handler: async ({ query, principal }) =>
          ok(unwrap(await service.logs(query.archiveId, actorOf(principal))).map(logView)),
      });
      book.add({
        method: 'post',
        path: '/project/archives/updateAllowView',
        summary: '修改允许查看人（整体替换；档案管理员或登记人）',
        tag: TAG,
        access: perm('project:archives:allowView'),
        body: z.object({
          archiveId: id(),
          allowViewUserIds: z.array(z.number().int()).max(500),
        }),
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
        access: perm('project:archives:edit'),
        body: z.object({ archiveId: id(), memo: z.string().max(2000) }),
        handler: async ({ body, principal }) =>
          ok(
            archiveView(
              unwrap(await service.updateMemo(body.archiveId, body.memo, actorOf(principal))),
            ),
          ),
      });
    },
  };
}
