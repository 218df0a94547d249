import { z } from 'zod';
import {
  cacheInfoAnswer,
  cacheKeysAnswer,
  cacheNamesAnswer,
  cacheValueAnswer,
  systemDoneAnswer,
} from '@dpms/wire';
import { ok, okWith } from '../http/envelope.js';
import { perm } from '../http/route.js';
import type { CacheCatalogue } from '../monitor/cache-catalogue.js';
import type { RouteModule } from './route-module.js';

const TAG = '系统监控';
/** RuoYi guards every route of its CacheController, the 清理 ones too, with this one permission. */
const CACHE_LIST = perm('monitor:cache:list');
const CLEARS =
  '只清空本实例的缓存副本，下次请求从数据库重新读取；不会使任何会话退出（强退请用在线用户）';

/**
 * 缓存监控 and 缓存列表 (RuoYi's CacheController) over the caches this API keeps; see
 * cache-catalogue.ts for which there are and what 清理 means here.
 */
export function monitorCacheRoutes(
  catalogue: CacheCatalogue,
  zone: () => Promise<string>,
): RouteModule {
  return {
    name: 'monitor-cache',
    register(book) {
      book.add({
        method: 'get',
        path: '/monitor/cache',
        summary:
          '缓存监控：没有 Redis；info 为本进程的内存、运行时间等，dbSize 为各缓存条目数，commandStats 为命中与未命中次数',
        tag: TAG,
        access: CACHE_LIST,
        response: cacheInfoAnswer,
        handler: () => Promise.resolve(okWith({ data: catalogue.info() })),
      });
      book.add({
        method: 'get',
        path: '/monitor/cache/getNames',
        summary: '缓存列表：本服务的缓存名称（沿用 RuoYi 的名称，如 login_tokens:）及条目数',
        tag: TAG,
        access: CACHE_LIST,
        response: cacheNamesAnswer,
        handler: () => Promise.resolve(okWith({ data: catalogue.names() })),
      });
      book.add({
        method: 'get',
        path: '/monitor/cache/getKeys/:cacheName',
        summary: '缓存键名列表（完整键名，已排序）',
        tag: TAG,
        access: CACHE_LIST,
        params: z.object({ cacheName: z.string() }),
        response: cacheKeysAnswer,
        handler: ({ params }) =>
          Promise.resolve(okWith({ data: catalogue.keys(params.cacheName) })),
      });
      book.add({
        method: 'get',
        path: '/monitor/cache/getValue/:cacheName/:cacheKey',
        summary: '缓存内容（JSON；不含令牌、密码等任何机密）',
        tag: TAG,
        access: CACHE_LIST,
        params: z.object({ cacheName: z.string(), cacheKey: z.string() }),
        response: cacheValueAnswer,
        handler: async ({ params }) =>
          okWith({
            data: {
              cacheName: params.cacheName,
              cacheKey: params.cacheKey,
              cacheValue: catalogue.value(params.cacheKey, await zone()),
              remark: catalogue.remarkOf(params.cacheName),
            },
          }),
      });
      book.add({
        method: 'delete',
        path: '/monitor/cache/clearCacheName/:cacheName',
        summary: `清理缓存名称：${CLEARS}`,
        tag: TAG,
        access: CACHE_LIST,
        params: z.object({ cacheName: z.string() }),
        response: systemDoneAnswer,
        handler: ({ params }) => {
          catalogue.clearName(params.cacheName);
          return Promise.resolve(ok());
        },
      });
      book.add({
        method: 'delete',
        path: '/monitor/cache/clearCacheKey/:cacheKey',
        summary: `清理缓存键名：${CLEARS}`,
        tag: TAG,
        access: CACHE_LIST,
        params: z.object({ cacheKey: z.string() }),
        response: systemDoneAnswer,
        handler: ({ params }) => {
          catalogue.clearKey(params.cacheKey);
          return Promise.resolve(ok());
        },
      });
      book.add({
        method: 'delete',
        path: '/monitor/cache/clearCacheAll',
        summary: `清理全部缓存：${CLEARS}`,
        tag: TAG,
        access: CACHE_LIST,
        response: systemDoneAnswer,
        handler: () => {
          catalogue.clearAll();
          return Promise.resolve(ok());
        },
      });
    },
  };
}
