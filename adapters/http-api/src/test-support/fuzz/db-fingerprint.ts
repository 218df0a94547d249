import { sql } from 'kysely';
import type { DatabaseHandle } from '@dpms/sql';

/**
 * Tables a refused request may legitimately write, so they are left out of "unchanged":
 * - auth_login_attempt: every failed sign-in is counted (the throttle's memory);
 * - auth_session: signing in and out is what sessions are, and the fuzz re-signs in;
 * - auth_captcha: GET /captchaImage issues a captcha whatever it is asked;
 * - idempotency_key: a remembered key is bookkeeping, not a record;
 * - sys_job_log: the scheduling log of background runs;
 * - sys_oper_log, sys_logininfor: the operation and login logs record refusals too, by design;
 * - kysely_migration*: the migrator's own bookkeeping.
 * Anything else (the business records, users, roles, config, files, approvals and their
 * append-only logs) must stay as it was unless the answer was a success.
 */
export const VOLATILE_TABLES: ReadonlySet<string> = new Set([
  'auth_login_attempt',
  'auth_session',
  'auth_captcha',
  'idempotency_key',
  'sys_job_log',
  'sys_oper_log',
  'sys_logininfor',
  'kysely_migration',
  'kysely_migration_lock',
]);

type Db = DatabaseHandle['db'];

/** The business tables of the database, by name (read from the catalogue, so new tables count). */
export async function businessTables(db: Db): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  return rows.rows.map((r) => r.name).filter((n) => !VOLATILE_TABLES.has(n));
}

/** Per table, an md5 of every row's text in a stable order: equal maps mean equal contents. */
export async function fingerprint(db: Db, tables: readonly string[]): Promise<Map<string, string>> {
  const parts = tables.map(
    (t) =>
      sql`select ${t} as name, md5(coalesce(string_agg(r::text, ',' order by r::text), '')) as hash from ${sql.table(t)} r`,
  );
  const rows = await sql<{
    name: string;
    hash: string;
  }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return new Map(rows.rows.map((r) => [r.name, r.hash]));
}

/** The tables whose contents differ between two fingerprints. */
export function changedTables(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((n) => before.get(n) !== after.get(n)).sort();
}
