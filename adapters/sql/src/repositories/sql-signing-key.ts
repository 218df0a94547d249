import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.js';

/**
 * The installation's one token signing key (migration 0004), for a server that sets no
 * JWT_SECRET: `candidate` is stored when the database holds no key yet, and the stored key is
 * returned either way. The insert does nothing on conflict and the row is read back, so two
 * instances starting at the same moment on one database end up with the same key.
 */
export async function sharedSigningKey(db: Kysely<Database>, candidate: string): Promise<string> {
  if (candidate.length < 32) throw new Error('a signing key needs at least 32 characters');
  await sql`insert into sys_signing_key (key_id, secret) values (1, ${candidate})
    on conflict (key_id) do nothing`.execute(db);
  const r = await sql<{
    secret: string;
  }>`select secret from sys_signing_key where key_id = 1`.execute(db);
  const stored = r.rows[0]?.secret;
  if (stored === undefined) throw new Error('sys_signing_key has no row after its insert');
  return stored;
}
