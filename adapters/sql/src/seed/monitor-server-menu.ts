import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.js';
import { seedPagesUnderMonitor } from './monitor-pages.js';

/** The seed's name in dpms_seed: claimed once, so a menu an administrator deleted stays deleted. */
export const SERVER_MONITOR_MENU_SEED = 'menu-monitor-server';

/** 服务监控 under 系统监控 (see seedPagesUnderMonitor), guarded by monitor:server:list. */
export function seedServerMonitorMenu(trx: Transaction<Database>): Promise<void> {
  return seedPagesUnderMonitor(trx, SERVER_MONITOR_MENU_SEED, 'monitor:server:list', [
    { name: '服务监控', path: 'server', component: 'monitor/server/index', routeName: 'Server' },
  ]);
}
