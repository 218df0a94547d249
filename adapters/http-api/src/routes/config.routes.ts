import { z } from 'zod';
import { ConfigWrites, mayReadConfig, type PlatformRepositories, type SysConfig } from '@dpms/core';
import { msgOnly, ok, page } from '../http/envelope.js';
import { HttpError, unwrap } from '../http/http-error.js';
import { createdListQueryOf } from '../http/list-query.js';
import { AUTHENTICATED, perm } from '../http/route.js';
import { id, idList } from '../http/schemas.js';
import {
  configCreateBody,
  configListQuery,
  configRecord,
  configValueAnswer,
  countAnswer,
  configUpdateBody,
  okEnvelope,
  pageEnvelope,
  systemDoneAnswer,
} from '@dpms/wire';
import type { RouteModule } from './route-module.js';

const TAG = '参数设置';

const configView = (c: SysConfig) => ({ ...c, createTime: c.createTime.toISOString() });

/**
 * Configuration: `configKey/{key}` answers the value in `msg` (000 §7), and the admin CRUD, whose
 * writes go through core's ConfigWrites (a value core's config rule refuses, an unknown time zone,
 * is a 400 naming the field).
 */
export function configRoutes(repos: PlatformRepositories): RouteModule {
  const writes = new ConfigWrites(repos.configs);
  return {
    name: 'configs',
    register(book) {
      book.add({
        method: 'get',
        path: '/system/config/configKey/:configKey',
        summary:
          '参数值（在 msg 中返回；不存在的键返回空字符串）。页面需要的键（平台名称、资金计划开关、甲方信息、验证码与注册开关）所有登录用户可读，其余键需要 system:config:query',
        tag: TAG,
        access: AUTHENTICATED,
        params: z.object({ configKey: configCreateBody.shape.configKey }),
        response: configValueAnswer,
        handler: async ({ params, principal }) => {
          // The read rule is core's one table (read-policy.ts); checked before the lookup, so a
          // refusal does not tell whether the key exists.
          if (!mayReadConfig(params.configKey, principal)) throw new HttpError(403);
          return msgOnly((await repos.configs.valueOf(params.configKey)) ?? '');
        },
      });
      book.add({
        method: 'get',
        path: '/system/config/list',
        summary: '参数列表',
        tag: TAG,
        access: perm('system:config:list'),
        response: pageEnvelope(configRecord),
        query: configListQuery,
        handler: async ({ query, res }) => {
          const r = await repos.configs.list(await createdListQueryOf(res, query));
          return page(r.total, r.rows.map(configView));
        },
      });
      book.add({
        method: 'get',
        path: '/system/config/:configId',
        summary: '参数详情',
        tag: TAG,
        access: perm('system:config:query'),
        response: okEnvelope(configRecord),
        params: z.object({ configId: id() }),
        handler: async ({ params }) => {
          const c = await repos.configs.findById(params.configId);
          if (!c) throw new HttpError(404, '参数不存在');
          return ok(configView(c));
        },
      });
      book.add({
        method: 'post',
        path: '/system/config',
        summary: '新增参数',
        tag: TAG,
        access: perm('system:config:add'),
        body: configCreateBody,
        response: okEnvelope(configRecord),
        handler: async ({ body }) => ok(configView(unwrap(await writes.create(body)))),
      });
      book.add({
        method: 'put',
        path: '/system/config',
        summary: '修改参数',
        tag: TAG,
        access: perm('system:config:edit'),
        body: configUpdateBody,
        response: okEnvelope(configRecord),
        handler: async ({ body }) => {
          const { configId, ...patch } = body;
          return ok(configView(unwrap(await writes.update(configId, patch))));
        },
      });
      // Config values are cached per instance (config/config-cache.ts), and the database announces
      // every change to every instance (migration 0111), so no cache is ever stale: RuoYi's
      // 刷新缓存 has nothing to refresh and succeeds.
      book.add({
        method: 'delete',
        path: '/system/config/refreshCache',
        summary: '刷新参数缓存（参数缓存随数据库的变更通知即时更新，无需刷新，总是成功）',
        tag: TAG,
        access: perm('system:config:remove'),
        response: systemDoneAnswer,
        handler: () => Promise.resolve(ok()),
      });
      book.add({
        method: 'delete',
        path: '/system/config/:configIds',
        summary: '删除参数（内置参数不能删除）',
        tag: TAG,
        access: perm('system:config:remove'),
        params: z.object({ configIds: idList() }),
        response: countAnswer,
        handler: async ({ params }) => ok({ count: unwrap(await writes.remove(params.configIds)) }),
      });
    },
  };
}
