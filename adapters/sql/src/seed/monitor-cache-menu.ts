import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.js';
import { seedPagesUnderMonitor } from './monitor-pages.js';

/** The seed's name in dpms_seed: claimed once, so a menu an administrator deleted stays deleted. */
export const CACHE_MONITOR_MENU_SEED = 'menu-monitor-cache';

/**
 * 缓存监控 and 缓存列表 under 系统监控, after 服务监控 (see seedPagesUnderMonitor): RuoYi's two
 * cache pages, both guarded by its one permission monitor:cache:list.
 */
export function seedCacheMonitorMenu(trx: Transaction<Database>): Promise<void> {
  return seedPagesUnderMonitor(trx, CACHE_MONITOR_MENU_SEED, 'monitor:cache:list', [
    { name: '缓存监控', path: 'cache', component: 'monitor/cache/index', routeName: 'Cache' },
    {
      name: '缓存列表',
      path: 'cacheList',
      component: 'monitor/cache/list',
      routeName: 'CacheList',
    },
  ]);
}
