import { INSTITUTE_TIME_ZONE_CONFIG_KEY, parseTimeZone } from '@dpms/core';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.js';

/** The institute's time zone as configured (the default zone when unset or unknown). */
export async function instituteTimeZone(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('sys_config')
    .select('config_value')
    .where('config_key', '=', INSTITUTE_TIME_ZONE_CONFIG_KEY)
    .executeTakeFirst();
  return parseTimeZone(row?.config_value);
}
