import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.js';

/** The seed's name in dpms_seed: claimed once, so a menu an administrator deleted stays deleted. */
export const SERVER_MONITOR_MENU_SEED = 'menu-monitor-server';

/**
 * 服务监控 under 系统监控, on new databases and on those seeded before it existed. A named seed
 * rather than a migration: migrations run before the first seed, when 系统监控 does not exist
 * yet, and a row added to menus.ts' tree would renumber the pages after it. It takes the next
 * free id and the last place under 系统监控; only the administrator sees it until a role is
 * granted monitor:server:list.
 */
export async function seedServerMonitorMenu(trx: Transaction<Database>): Promise<void> {
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
    .values({ name: SERVER_MONITOR_MENU_SEED })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  if (claimed === undefined) return;
  const last = await trx
    .selectFrom('sys_menu')
    .select((eb) => eb.fn.max('order_num').as('order_num'))
    .where('parent_id', '=', monitor.menu_id)
    .executeTakeFirst();
  await trx
    .insertInto('sys_menu')
    .values({
      parent_id: monitor.menu_id,
      menu_name: '服务监控',
      menu_type: 'C',
      path: 'server',
      component: 'monitor/server/index',
      query: null,
      perms: 'monitor:server:list',
      icon: '#',
      order_num: Number(last?.order_num ?? 0) + 1,
      route_name: 'Server',
      visible: '0',
      always_show: false,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
