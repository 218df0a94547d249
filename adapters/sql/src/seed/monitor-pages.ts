import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.js';
import { claimSeed } from './seed-claim.js';

/** A page of RuoYi's under 系统监控: its menu name, route path, view and route name. */
export interface MonitorPage {
  readonly name: string;
  readonly path: string;
  readonly component: string;
  readonly routeName: string;
}

/**
 * Pages under 系统监控, on new databases and on those seeded before they existed. A named seed
 * rather than a migration: migrations run before the first seed, when 系统监控 does not exist
 * yet, and a row added to menus.ts' tree would renumber the pages after it. The pages take the
 * next free ids and the last places under 系统监控, in the order given; only the administrator
 * sees them until a role is granted `perms`.
 *
 * `seed` is claimed in dpms_seed once, so a menu an administrator deleted stays deleted; a
 * database that already has a page with `perms`, or one of the same name under 系统监控, keeps it.
 */
export async function seedPagesUnderMonitor(
  trx: Transaction<Database>,
  seed: string,
  perms: string,
  pages: readonly MonitorPage[],
): Promise<void> {
  const monitor = await trx
    .selectFrom('sys_menu')
    .select('menu_id')
    .where('parent_id', '=', 0)
    .where('path', '=', 'monitor')
    .where('menu_type', '=', 'M')
    .executeTakeFirst();
  // A database without 系统监控 (an administrator removed it) gets no page under it.
  if (!monitor) return;
  if (!(await claimSeed(trx, seed))) return;
  const existing = await trx
    .selectFrom('sys_menu')
    .select('menu_id')
    .where('perms', '=', perms)
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
      pages.map((p, i) => ({
        parent_id: monitor.menu_id,
        menu_name: p.name,
        menu_type: 'C' as const,
        path: p.path,
        component: p.component,
        query: null,
        perms,
        icon: '#',
        order_num: after + i + 1,
        route_name: p.routeName,
        visible: '0' as const,
        always_show: false,
      })),
    )
    // sys_menu_parent_name: a page of the same name under 系统监控 is kept as it is.
    .onConflict((oc) => oc.doNothing())
    .execute();
}
