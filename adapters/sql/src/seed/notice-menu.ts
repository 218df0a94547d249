import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.js';
import { seedDictsWhereAbsent } from './seed-dicts.js';
import { claimSeed } from './seed-claim.js';

/** The seed's name in dpms_seed: claimed once, so a menu or dictionary an administrator removed stays removed. */
export const NOTICE_SEED = 'menu-system-notice';

/** RuoYi's dictionaries of 通知公告, with its labels, values and tag styles. */
const NOTICE_DICTS = [
  {
    dictName: '通知类型',
    dictType: 'sys_notice_type',
    remark: '通知类型列表',
    items: [
      ['通知', '1', 'warning'],
      ['公告', '2', 'success'],
    ],
  },
  {
    dictName: '通知状态',
    dictType: 'sys_notice_status',
    remark: '通知状态列表',
    items: [
      ['正常', '0', 'primary'],
      ['关闭', '1', 'danger'],
    ],
  },
] as const;

const BUTTONS = [
  ['query', '查询'],
  ['add', '新增'],
  ['edit', '修改'],
  ['remove', '删除'],
] as const;

/**
 * 通知公告 under 系统管理 with its four buttons, and the dictionaries sys_notice_type and
 * sys_notice_status where absent, on new databases and on those seeded before. A named seed
 * rather than a migration or a row of menus.ts, as 服务监控 (monitor-server-menu.ts): migrations
 * run before 系统管理 exists, and a row in menus.ts' tree would renumber the pages after it. It
 * takes the next free ids and the last place under 系统管理; the administrator passes every
 * permission, so only admin sees it until a role is granted system:notice:list. Everyone reads
 * the notices in the bell without any grant.
 */
export async function seedNoticeMenu(trx: Transaction<Database>): Promise<void> {
  if (!(await claimSeed(trx, NOTICE_SEED))) return;
  await seedDictsWhereAbsent(trx, NOTICE_DICTS);
  const system = await trx
    .selectFrom('sys_menu')
    .select('menu_id')
    .where('parent_id', '=', 0)
    .where('path', '=', 'system')
    .where('menu_type', '=', 'M')
    .executeTakeFirst();
  // A database without 系统管理 (an administrator removed it) gets no page under it.
  if (!system) return;
  const existing = await trx
    .selectFrom('sys_menu')
    .select('menu_id')
    .where('perms', '=', 'system:notice:list')
    .executeTakeFirst();
  if (existing) return;
  const last = await trx
    .selectFrom('sys_menu')
    .select((eb) => eb.fn.max('order_num').as('order_num'))
    .where('parent_id', '=', system.menu_id)
    .executeTakeFirst();
  const page = await trx
    .insertInto('sys_menu')
    .values({
      parent_id: system.menu_id,
      menu_name: '通知公告',
      menu_type: 'C',
      path: 'notice',
      component: 'system/notice/index',
      query: null,
      perms: 'system:notice:list',
      icon: '#',
      order_num: Number(last?.order_num ?? 0) + 1,
      route_name: 'Notice',
      visible: '0',
      always_show: false,
    })
    .returning('menu_id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('sys_menu')
    .values(
      BUTTONS.map(([action, label], i) => ({
        parent_id: page.menu_id,
        menu_name: `公告${label}`,
        menu_type: 'F' as const,
        path: '',
        component: null,
        query: null,
        perms: `system:notice:${action}`,
        icon: '#',
        order_num: i + 1,
        route_name: '',
        visible: '0' as const,
        always_show: false,
      })),
    )
    .execute();
}
