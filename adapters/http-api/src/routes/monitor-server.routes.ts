import { cacheInfoAnswer, serverInfoAnswer } from '@dpms/wire';
import { okWith } from '../http/envelope.js';
import { perm } from '../http/route.js';
import type { IdentityCache } from '../identity/identity-cache.js';
import { probeServer, type ServerProbeDeps } from '../monitor/server-probe.js';
import type { RouteModule } from './route-module.js';

const TAG = '系统监控';

/**
 * 服务监控 and 缓存监控 (RuoYi's ServerController and CacheController), read-only. The cache page
 * gets what this server caches, the identity cache, since there is no Redis to describe.
 */
export function monitorServerRoutes(probe: ServerProbeDeps, cache: IdentityCache): RouteModule {
  return {
    name: 'monitor-server',
    register(book) {
      book.add({
        method: 'get',
        path: '/monitor/server',
        summary:
          '服务监控：CPU、内存、Node 进程（RuoYi 的 jvm）、服务器、数据目录磁盘，及数据库与打印服务的状态',
        tag: TAG,
        access: perm('monitor:server:list'),
        response: serverInfoAnswer,
        handler: async () => okWith({ data: await probeServer(probe) }),
      });

      book.add({
        method: 'get',
        path: '/monitor/cache',
        summary: '缓存监控：没有 Redis；dbSize 为身份缓存中的会话与角色授权数',
        tag: TAG,
        access: perm('monitor:cache:list'),
        response: cacheInfoAnswer,
        handler: () => {
          const sizes = cache.sizes();
          return Promise.resolve(
            okWith({
              data: {
                info: {},
                dbSize: sizes.sessions + sizes.grants,
                commandStats: [],
                identityCache: { ...sizes, serving: cache.active },
              },
            }),
          );
        },
      });
    },
  };
}
