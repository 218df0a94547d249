import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.js';

/**
 * Claims a named seed in dpms_seed: true the first time, false ever after, so what a seed made
 * and an administrator removed stays removed. Within the caller's transaction, so a seed that
 * fails gives its claim back.
 */
export async function claimSeed(db: Kysely<Database>, name: string): Promise<boolean> {
  const claimed = await db
    .insertInto('dpms_seed')
    .values({ name })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  return claimed !== undefined;
}
