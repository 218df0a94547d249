import { z } from 'zod';
import {
  DictWrites,
  type PlatformRepositories,
  type SysDictData,
  type SysDictType,
} from '@dpms/core';
import { ok, page } from '../http/envelope.js';
import { HttpError, unwrap } from '../http/http-error.js';
import { createdListQueryOf, listQueryOf } from '../http/list-query.js';
import { AUTHENTICATED, perm } from '../http/route.js';
import { id, idList } from '../http/schemas.js';
import {
  countAnswer,
  dictDataListQuery,
  dictTypeListQuery,
  systemDoneAnswer,
  dictDataCreateBody,
  dictDataRecord,
  dictDataUpdateBody,
  dictTypeRecord,
  okEnvelope,
  pageEnvelope,
  dictTypeCreateBody,
  dictTypeUpdateBody,
} from '@dpms/wire';
import type { RouteModule } from './route-module.js';

const TAG = '字典管理';

const typeView = (t: SysDictType) => ({ ...t, createTime: t.createTime.toISOString() });
const dataView = (d: SysDictData) => ({ ...d, createTime: d.createTime.toISOString() });

/** Dictionaries: the items every screen reads by type, and their admin CRUD. */
export function dictRoutes(repos: PlatformRepositories): RouteModule {
  const writes = new DictWrites(repos.dicts);
  return {
    name: 'dicts',
    register(book) {
      book.add({
        method: 'get',
        path: '/system/dict/data/type/:dictType',
        summary: '某类型的启用字典项（dictLabel、dictValue）',
        tag: TAG,
        access: AUTHENTICATED,
        response: okEnvelope(z.array(dictDataRecord)),
        params: z.object({ dictType: dictTypeCreateBody.shape.dictType }),
        handler: async ({ params }) =>
          ok((await repos.dicts.dataByType(params.dictType)).map(dataView)),
      });

      // ---- types
      book.add({
        method: 'get',
        path: '/system/dict/type/list',
        summary: '字典类型列表',
        tag: TAG,
        access: perm('system:dict:list'),
        response: pageEnvelope(dictTypeRecord),
        query: dictTypeListQuery,
        handler: async ({ query, res }) => {
          const r = await repos.dicts.listTypes(await createdListQueryOf(res, query));
          return page(r.total, r.rows.map(typeView));
        },
      });
      book.add({
        method: 'get',
        path: '/system/dict/type/optionselect',
        summary: '所有字典类型（选择器）',
        tag: TAG,
        access: AUTHENTICATED,
        response: okEnvelope(z.array(dictTypeRecord)),
        handler: async () => ok((await repos.dicts.listTypes({ filter: {} })).rows.map(typeView)),
      });
      book.add({
        method: 'get',
        path: '/system/dict/type/:dictId',
        summary: '字典类型详情',
        tag: TAG,
        access: perm('system:dict:query'),
        response: okEnvelope(dictTypeRecord),
        params: z.object({ dictId: id() }),
        handler: async ({ params }) => {
          const t = await repos.dicts.findTypeById(params.dictId);
          if (!t) throw new HttpError(404, '字典类型不存在');
          return ok(typeView(t));
        },
      });
      book.add({
        method: 'post',
        path: '/system/dict/type',
        summary: '新增字典类型',
        tag: TAG,
        access: perm('system:dict:add'),
        body: dictTypeCreateBody,
        response: okEnvelope(dictTypeRecord),
        handler: async ({ body }) => ok(typeView(unwrap(await writes.createType(body)))),
      });
      book.add({
        method: 'put',
        path: '/system/dict/type',
        summary: '修改字典类型（改名同步其数据）',
        tag: TAG,
        access: perm('system:dict:edit'),
        body: dictTypeUpdateBody,
        response: okEnvelope(dictTypeRecord),
        handler: async ({ body }) => {
          const { dictId, ...patch } = body;
          return ok(typeView(unwrap(await writes.updateType(dictId, patch))));
        },
      });
      // Dictionaries are read from the database on each request: RuoYi's 刷新缓存 has nothing to
      // clear here and succeeds as an honest no-op.
      book.add({
        method: 'delete',
        path: '/system/dict/type/refreshCache',
        summary: '刷新字典缓存（字典每次请求时从数据库读取，无缓存可清，总是成功）',
        tag: TAG,
        access: perm('system:dict:remove'),
        response: systemDoneAnswer,
        handler: () => Promise.resolve(ok()),
      });
      book.add({
        method: 'delete',
        path: '/system/dict/type/:dictIds',
        summary: '删除字典类型及其数据',
        tag: TAG,
        access: perm('system:dict:remove'),
        params: z.object({ dictIds: idList() }),
        response: systemDoneAnswer,
        handler: async ({ params }) => {
          unwrap(await writes.removeTypes(params.dictIds));
          return ok();
        },
      });

      // ---- data
      book.add({
        method: 'get',
        path: '/system/dict/data/list',
        summary: '字典数据列表',
        tag: TAG,
        access: perm('system:dict:list'),
        response: pageEnvelope(dictDataRecord),
        query: dictDataListQuery,
        handler: async ({ query }) => {
          const { pageNum, pageSize, orderByColumn, isAsc, ...filter } = query;
          const r = await repos.dicts.listData(
            listQueryOf(filter, { pageNum, pageSize, orderByColumn, isAsc }),
          );
          return page(r.total, r.rows.map(dataView));
        },
      });
      book.add({
        method: 'get',
        path: '/system/dict/data/:dictCode',
        summary: '字典数据详情',
        tag: TAG,
        access: perm('system:dict:query'),
        response: okEnvelope(dictDataRecord),
        params: z.object({ dictCode: id() }),
        handler: async ({ params }) => {
          const d = await repos.dicts.findDataById(params.dictCode);
          if (!d) throw new HttpError(404, '字典数据不存在');
          return ok(dataView(d));
        },
      });
      book.add({
        method: 'post',
        path: '/system/dict/data',
        summary: '新增字典数据',
        tag: TAG,
        access: perm('system:dict:add'),
        body: dictDataCreateBody,
        response: okEnvelope(dictDataRecord),
        handler: async ({ body }) => ok(dataView(unwrap(await writes.createData(body)))),
      });
      book.add({
        method: 'put',
        path: '/system/dict/data',
        summary: '修改字典数据',
        tag: TAG,
        access: perm('system:dict:edit'),
        body: dictDataUpdateBody,
        response: okEnvelope(dictDataRecord),
        handler: async ({ body }) => {
          const { dictCode, ...patch } = body;
          return ok(dataView(unwrap(await writes.updateData(dictCode, patch))));
        },
      });
      book.add({
        method: 'delete',
        path: '/system/dict/data/:dictCodes',
        summary: '删除字典数据',
        tag: TAG,
        access: perm('system:dict:remove'),
        params: z.object({ dictCodes: idList() }),
        response: countAnswer,
        handler: async ({ params }) =>
          ok({ count: unwrap(await writes.removeData(params.dictCodes)) }),
      });
    },
  };
}
