import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * Idempotency means the same request: each claimed key keeps a fingerprint of the
 * request that claimed it (a SHA-256 hex digest the HTTP adapter computes), so the same key sent
 * with another request is refused rather than answered with the first one's reply. Keys stored
 * before this migration have none and are replayed as before; they expire within a day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table idempotency_key add column fingerprint varchar(64)`.execute(db);
}
