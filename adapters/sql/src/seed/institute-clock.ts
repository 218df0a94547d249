import { DEFAULT_INSTITUTE_TIME_ZONE, INSTITUTE_TIME_ZONE_CONFIG_KEY } from '@dpms/core';
import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.js';
import { claimSeed } from './seed-claim.js';

/**
 * The institute's time zone (config `sys.institute.timeZone`, default Asia/Shanghai) in every
 * mode. Claimed once by name, so a database seeded before the clock existed gets it at its next
 * start, and a value an administrator set is never overwritten. Built in ('Y'): it cannot be
 * deleted, only changed to another IANA zone.
 */
export async function seedInstituteClock(trx: Transaction<Database>): Promise<void> {
  if (!(await claimSeed(trx, 'institute-clock'))) return;
  await trx
    .insertInto('sys_config')
    .values({
      config_name: '院所时区（IANA 名称，页面、导出与打印的时间按此显示）',
      config_key: INSTITUTE_TIME_ZONE_CONFIG_KEY,
      config_value: DEFAULT_INSTITUTE_TIME_ZONE,
      config_type: 'Y',
    })
    .onConflict((oc) => oc.column('config_key').doNothing())
    .execute();
}
