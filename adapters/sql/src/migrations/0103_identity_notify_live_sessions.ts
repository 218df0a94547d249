import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * Deleting a session announces it only while it could still be used: the nightly purge of
 * expired sessions deletes thousands of rows nobody can sign in with, and announcing each made
 * every instance drop cache entries one by one for nothing (an expired session is refused by its
 * expiry on every instance already).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger auth_session_identity_delete on auth_session`.execute(db);
  await sql`create trigger auth_session_identity_delete after delete on auth_session for each row
      when (old.revoked_at is null and old.expires_at > now())
      execute function dpms_identity_notify('session', 'session_id')`.execute(db);
}
