import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * The token signing key of an installation that sets no JWT_SECRET (demo mode): one row, so every
 * API instance on this database signs and verifies with the same key. The first instance to start
 * inserts its candidate (`on conflict do nothing`) and every instance reads the row back, so
 * instances starting at the same moment still agree.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create table sys_signing_key (
        key_id smallint primary key default 1 check (key_id = 1),
        secret text not null check (length(secret) >= 32),
        create_time timestamptz not null default now())`,
    )
    .execute(db);
}
