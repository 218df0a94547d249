import { serverInfoAnswer } from '@dpms/wire';
import { okWith } from '../http/envelope.js';
import { perm } from '../http/route.js';
import type { ConfigCache } from '../config/config-cache.js';
import type { IdentityCache } from '../identity/identity-cache.js';
import { CacheCatalogue } from '../monitor/cache-catalogue.js';
import { probeServer, type ServerProbeDeps } from '../monitor/server-probe.js';
import { monitorCacheRoutes } from './monitor-cache.routes.js';
import type { RouteModule } from './route-module.js';

const TAG = '系统监控';

/**
 * 服务监控 (RuoYi's ServerController), read-only, with 缓存监控 and 缓存列表 (its CacheController,
 * monitor-cache.routes.ts) over what this server caches, since there is no Redis to describe.
 */
export function monitorServerRoutes(
  probe: ServerProbeDeps,
  cache: IdentityCache,
  configs?: ConfigCache,
): RouteModule {
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

      monitorCacheRoutes(new CacheCatalogue(cache, configs), probe.zone).register(book);
    },
  };
}
