import { z } from 'zod';
import {
  SYS_NOTICE_PERMISSIONS as P,
  type NoticeHeadline,
  type NoticeReader,
  type SysNotice,
  type SysNoticeService,
} from '@dpms/core';
import {
  countAnswer,
  noticeAnswer,
  noticeCreateBody,
  noticeListQuery,
  noticeMarkAllQuery,
  noticeMarkReadQuery,
  noticePage,
  noticeReadersPage,
  noticeReadersQuery,
  noticeTopAnswer,
  noticeUpdateBody,
  systemDoneAnswer,
} from '@dpms/wire';
import { ok, okWith, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { listQueryOf } from '../http/list-query.js';
import { AUTHENTICATED, perm } from '../http/route.js';
import { id, idList } from '../http/schemas.js';
import type { RouteModule } from './route-module.js';

const TAG = '通知公告';

const noticeView = (n: SysNotice) => ({
  ...n,
  createTime: n.createTime.toISOString(),
  updateTime: n.updateTime?.toISOString() ?? null,
});
const headlineView = (n: NoticeHeadline) => ({ ...n, createTime: n.createTime.toISOString() });
const readerView = (r: NoticeReader) => ({ ...r, readTime: r.readTime.toISOString() });

/**
 * 通知公告 (RuoYi 3.9.2's SysNoticeController): the admin list and its writes behind
 * system:notice:*, and for everyone signed in the bell (listTop, markRead, markReadAll) and a
 * notice opened from it. Who sees a closed notice is core's rule (mayReadNotice).
 */
export function noticeRoutes(notices: SysNoticeService): RouteModule {
  return {
    name: 'notices',
    register(book) {
      book.add({
        method: 'get',
        path: '/system/notice/list',
        summary: '通知公告列表',
        tag: TAG,
        access: perm(P.list),
        query: noticeListQuery,
        response: noticePage,
        handler: async ({ query }) => {
          const { pageNum, pageSize, orderByColumn, isAsc, ...filter } = query;
          const r = await notices.list(
            listQueryOf(filter, { pageNum, pageSize, orderByColumn, isAsc }),
          );
          return page(r.total, r.rows.map(noticeView));
        },
      });
      book.add({
        method: 'get',
        path: '/system/notice/listTop',
        summary: '顶部通知公告（最新 5 条正常公告，带当前用户已读标记和未读数）',
        tag: TAG,
        access: AUTHENTICATED,
        response: noticeTopAnswer,
        handler: async ({ principal }) => {
          const top = await notices.top(principal.userId);
          return okWith({ data: top.notices.map(headlineView), unreadCount: top.unreadCount });
        },
      });
      book.add({
        method: 'post',
        path: '/system/notice/markRead',
        summary: '标记公告已读',
        tag: TAG,
        access: AUTHENTICATED,
        // Reading is no administrative change: 操作日志 leaves the bell's marks out.
        logged: false,
        query: noticeMarkReadQuery,
        response: systemDoneAnswer,
        handler: async ({ query, principal }) => {
          unwrap(await notices.markRead(principal.userId, query.noticeId, principal));
          return ok();
        },
      });
      book.add({
        method: 'post',
        path: '/system/notice/markReadAll',
        summary: '全部已读（ids=1,2,3）',
        tag: TAG,
        access: AUTHENTICATED,
        logged: false,
        query: noticeMarkAllQuery,
        response: systemDoneAnswer,
        handler: async ({ query, principal }) => {
          await notices.markAllRead(principal.userId, query.ids);
          return ok();
        },
      });
      book.add({
        method: 'get',
        path: '/system/notice/readUsers/list',
        summary: '已读用户列表',
        tag: TAG,
        access: perm(P.list),
        query: noticeReadersQuery,
        response: noticeReadersPage,
        handler: async ({ query }) => {
          const r = unwrap(
            await notices.readers(query.noticeId, query.searchValue, {
              pageNum: query.pageNum,
              pageSize: query.pageSize,
            }),
          );
          return page(r.total, r.rows.map(readerView));
        },
      });
      book.add({
        method: 'get',
        path: '/system/notice/:noticeId',
        // RuoYi asks no permission here: the bell opens a notice for everyone.
        summary: '通知公告详情（关闭的公告仅管理者可见）',
        tag: TAG,
        access: AUTHENTICATED,
        params: z.object({ noticeId: id() }),
        response: noticeAnswer,
        handler: async ({ params, principal }) =>
          ok(noticeView(unwrap(await notices.get(params.noticeId, principal)))),
      });
      book.add({
        method: 'post',
        path: '/system/notice',
        summary: '新增通知公告（内容的 HTML 只保留简单格式）',
        tag: TAG,
        access: perm(P.add),
        body: noticeCreateBody,
        response: noticeAnswer,
        handler: async ({ body, principal }) =>
          ok(noticeView(unwrap(await notices.add(body, principal.userName)))),
      });
      book.add({
        method: 'put',
        path: '/system/notice',
        summary: '修改通知公告',
        tag: TAG,
        access: perm(P.edit),
        body: noticeUpdateBody,
        response: noticeAnswer,
        handler: async ({ body, principal }) => {
          const { noticeId, ...patch } = body;
          return ok(noticeView(unwrap(await notices.edit(noticeId, patch, principal.userName))));
        },
      });
      book.add({
        method: 'delete',
        path: '/system/notice/:noticeIds',
        summary: '删除通知公告（连同已读记录）',
        tag: TAG,
        access: perm(P.remove),
        params: z.object({ noticeIds: idList() }),
        response: countAnswer,
        handler: async ({ params }) =>
          ok({ count: unwrap(await notices.remove(params.noticeIds)) }),
      });
    },
  };
}
