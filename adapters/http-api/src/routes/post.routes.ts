import { z } from 'zod';
import { PostWrites, type PlatformRepositories, type SysPost } from '@dpms/core';
import {
  countAnswer,
  okEnvelope,
  pageEnvelope,
  postCreateBody,
  postListQuery,
  postRecord,
  postUpdateBody,
} from '@dpms/wire';
import { ok, page } from '../http/envelope.js';
import { HttpError, unwrap } from '../http/http-error.js';
import { createdListQueryOf } from '../http/list-query.js';
import { AUTHENTICATED, perm } from '../http/route.js';
import { id, idList } from '../http/schemas.js';
import { streamXlsx } from '../http/xlsx.js';
import type { RouteModule } from './route-module.js';

const TAG = '岗位管理';

const postView = (p: SysPost) => ({ ...p, createTime: p.createTime.toISOString() });
const postAnswer = okEnvelope(postRecord);

const EXPORT_COLUMNS = [
  { header: '岗位序号', kind: 'number' as const, value: (p: SysPost) => p.postId },
  { header: '岗位编码', value: (p: SysPost) => p.postCode, width: 20 },
  { header: '岗位名称', value: (p: SysPost) => p.postName, width: 20 },
  { header: '岗位排序', kind: 'number' as const, value: (p: SysPost) => p.postSort },
  { header: '状态', value: (p: SysPost) => (p.status === '0' ? '正常' : '停用') },
  { header: '创建时间', kind: 'instant' as const, value: (p: SysPost) => p.createTime, width: 22 },
];

/** 岗位管理 (RuoYi's SysPostController): reads from the repository, writes through core's PostWrites. */
export function postRoutes(repos: PlatformRepositories): RouteModule {
  const writes = new PostWrites(repos.posts);
  return {
    name: 'posts',
    register(book) {
      book.add({
        method: 'get',
        path: '/system/post/list',
        summary: '岗位列表',
        tag: TAG,
        access: perm('system:post:list'),
        query: postListQuery,
        response: pageEnvelope(postRecord),
        handler: async ({ query, res }) => {
          const r = await repos.posts.list(await createdListQueryOf(res, query));
          return page(r.total, r.rows.map(postView));
        },
      });
      book.add({
        method: 'get',
        path: '/system/post/export',
        summary: '导出岗位 (.xlsx)',
        tag: TAG,
        access: perm('system:post:export'),
        query: postListQuery,
        produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        handler: async ({ query, res }) => {
          const r = await repos.posts.list(await createdListQueryOf(res, query, false));
          await streamXlsx(res, '岗位数据.xlsx', '岗位数据', EXPORT_COLUMNS, r.rows);
          return undefined;
        },
      });
      book.add({
        method: 'get',
        path: '/system/post/optionselect',
        summary: '所有岗位（选择框）',
        tag: TAG,
        access: AUTHENTICATED,
        response: okEnvelope(z.array(postRecord)),
        handler: async () => ok((await repos.posts.list({ filter: {} })).rows.map(postView)),
      });
      book.add({
        method: 'get',
        path: '/system/post/:postId',
        summary: '岗位详情',
        tag: TAG,
        access: perm('system:post:query'),
        params: z.object({ postId: id() }),
        response: postAnswer,
        handler: async ({ params }) => {
          const p = await repos.posts.findById(params.postId);
          if (!p) throw new HttpError(404, '岗位不存在');
          return ok(postView(p));
        },
      });
      book.add({
        method: 'post',
        path: '/system/post',
        summary: '新增岗位',
        tag: TAG,
        access: perm('system:post:add'),
        body: postCreateBody,
        response: postAnswer,
        handler: async ({ body }) => ok(postView(unwrap(await writes.create(body)))),
      });
      book.add({
        method: 'put',
        path: '/system/post',
        summary: '修改岗位',
        tag: TAG,
        access: perm('system:post:edit'),
        body: postUpdateBody,
        response: postAnswer,
        handler: async ({ body }) => {
          const { postId, ...patch } = body;
          return ok(postView(unwrap(await writes.update(postId, patch))));
        },
      });
      book.add({
        method: 'delete',
        path: '/system/post/:postIds',
        summary: '删除岗位（仍有用户的岗位不能删除；全部可删才删除）',
        tag: TAG,
        access: perm('system:post:remove'),
        params: z.object({ postIds: idList() }),
        response: countAnswer,
        handler: async ({ params }) => {
          // Each post once: `5,5` deletes 5, not 5 and then a 404.
          const postIds = [...new Set(params.postIds)];
          // Every post is checked before any is deleted: a refusal changes nothing.
          const deleted = await writes.remove(postIds);
          if (!deleted.ok && deleted.error.code === 'PLATFORM.NOT_FOUND')
            throw new HttpError(404, '岗位不存在');
          unwrap(deleted);
          return ok({ count: postIds.length });
        },
      });
    },
  };
}
