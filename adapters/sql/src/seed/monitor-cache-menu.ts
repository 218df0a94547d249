import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.js';

/** The seed's name in dpms_seed: claimed once, so a menu an administrator deleted stays deleted. */
export const CACHE_MONITOR_MENU_SEED = 'menu-monitor-cache';

/** RuoYi's two cache pages, both guarded by its one permission monitor:cache:list. */
const PAGES = [
  { name: '缓存监控', path: 'cache', component: 'monitor/cache/index', routeName: 'Cache' },
  { name: '缓存列表', path: 'cacheList', component: 'monitor/cache/list', routeName: 'CacheList' },
] as const;

/**
 * 缓存监控 and 缓存列表 under 系统监控, on new databases and on those seeded before they existed,
 * the way 服务监控 is (monitor-server-menu.ts): a named seed taking the next free ids and the last
 * places under 系统监控. Only the administrator sees them until a role is granted
 * monitor:cache:list.
 */
export async function seedCacheMonitorMenu(trx: Transaction<Database>): Promise<void> {
  const monitor = await trx
    .selectFrom('sys_menu')
    .select('menu_id')
    .where('parent_id', '=', 0)
    .where('path', '=', 'monitor')
    .where('menu_type', '=', 'M')
    .executeTakeFirst();
  // A database without 系统监控 (an administrator removed it) gets no page under it.
  if (!monitor) return;
  const claimed = await trx
    .insertInto('dpms_seed')
    .values({ name: CACHE_MONITOR_MENU_SEED })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  if (claimed === undefined) return;
  const existing = await trx
    .selectFrom('sys_menu')
    .select('menu_id')
    .where('perms', '=', 'monitor:cache:list')
    .executeTakeFirst();
  if (existing) return;
  const last = await trx
    .selectFrom('sys_menu')
    .select((eb) => eb.fn.max('order_num').as('order_num'))
    .where('parent_id', '=', monitor.menu_id)
    .executeTakeFirst();
  const after = Number(last?.order_num ?? 0);
  await trx
    .insertInto('sys_menu')
    .values(
      PAGES.map((p, i) => ({
        parent_id: monitor.menu_id,
        menu_name: p.name,
        menu_type: 'C' as const,
        path: p.path,
        component: p.component,
        query: null,
        perms: 'monitor:cache:list',
        icon: '#',
        order_num: after + i + 1,
        route_name: p.routeName,
        visible: '0' as const,
        always_show: false,
      })),
    )
    .execute();
}
