import type { Queryable } from '../backup/logical-dump.js';

/**
 * Every table's row count and a digest of its rows, and every sequence's position: two databases
 * with equal fingerprints hold the same records.
 */
export async function databaseFingerprint(q: Queryable): Promise<Record<string, string>> {
  const tables = (
    await q.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    )
  ).rows.map((r) => r.name);
  const out: Record<string, string> = {};
  for (const t of tables) {
    const r = await q.query<{ n: string | number; d: string }>(
      `select count(*)::text as n, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as d
         from public."${t}" x`,
    );
    out[t] = `${String(r.rows[0]!.n)}:${r.rows[0]!.d}`;
  }
  for (const s of (
    await q.query<{ name: string; last: string | null }>(
      `select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public'`,
    )
  ).rows)
    out[`seq:${s.name}`] = String(s.last);
  return out;
}
