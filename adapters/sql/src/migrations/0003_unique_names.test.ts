import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { migrateToLatest } from '../database/migrate.js';
import type { Database } from '../database/schema.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';

const INDEXES = [
  'sys_dept_parent_name',
  'sys_menu_parent_name',
  'sys_post_name',
  'sys_role_name',
  'sys_dict_data_type_value',
  'sys_major_stage_parent_name',
];

/** Every name the migration may touch, by table and id. */
async function names(db: Kysely<Database>): Promise<Map<string, string>> {
  const { rows } = await sql<{ k: string; v: string }>`
    select 'dept/' || dept_id as k, dept_name as v from sys_dept
    union all select 'menu/' || menu_id, menu_name from sys_menu
    union all select 'post/' || post_id, post_name from sys_post
    union all select 'role/' || role_id, role_name from sys_role
    union all select 'dict/' || dict_code, dict_value from sys_dict_data
    union all select 'major/' || major_id, major_name from sys_major`.execute(db);
  return new Map(rows.map((r) => [r.k, r.v]));
}

const insertId = async (db: Kysely<Database>, statement: string): Promise<number> => {
  const { rows } = await sql<{ id: number }>`${sql.raw(statement)}`.execute(db);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(statement);
  return id;
};

/**
 * A database of an earlier release: the demo seed and whatever duplicates people made while
 * nothing refused them. 0003 must upgrade it without failing and without losing a record.
 */
describe.each(testDatabaseKinds())('migration 0003 upgrades an earlier database on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    // The test database ran 0003 already; 0003 adds indexes and nothing else to a seeded database,
    // so dropping them and its record gives back the earlier release's database.
    for (const index of INDEXES) await sql.raw(`drop index ${index}`).execute(handle.db);
    await sql`delete from dpms_migration where name = '0003_unique_names'`.execute(handle.db);
  });
  afterAll(() => handle.close());

  it('keeps the oldest of each duplicate name, renames the later ones visibly, and then holds', async () => {
    const db = handle.db;
    const seeded = await names(db);
    const long = '长'.repeat(50);
    const dupDept = await insertId(
      db,
      `insert into sys_dept (parent_id, ancestors, dept_name) values (100, '0,100', '经营部') returning dept_id as id`,
    );
    const deletedDept = await insertId(
      db,
      `insert into sys_dept (parent_id, ancestors, dept_name, del_flag) values (100, '0,100', '经营部', '2') returning dept_id as id`,
    );
    const longA = await insertId(
      db,
      `insert into sys_dept (parent_id, ancestors, dept_name) values (101, '0,100,101', '${long}') returning dept_id as id`,
    );
    const longB = await insertId(
      db,
      `insert into sys_dept (parent_id, ancestors, dept_name) values (101, '0,100,101', '${long}') returning dept_id as id`,
    );
    const dupMenu = await insertId(
      db,
      `insert into sys_menu (parent_id, menu_name, menu_type)
       select parent_id, menu_name, menu_type from sys_menu order by menu_id limit 1 returning menu_id as id`,
    );
    const dupPost = await insertId(
      db,
      `insert into sys_post (post_code, post_name) values ('dup_yz', '院长') returning post_id as id`,
    );
    const dupRole = await insertId(
      db,
      `insert into sys_role (role_key, role_name) values ('dup_xmjl', '项目经理') returning role_id as id`,
    );
    const deletedRole = await insertId(
      db,
      `insert into sys_role (role_key, role_name, del_flag) values ('gone_xmjl', '项目经理', '2') returning role_id as id`,
    );
    const dupDict = await insertId(
      db,
      `insert into sys_dict_data (dict_type, dict_label, dict_value) values ('sys_normal_disable', '又一个正常', '0') returning dict_code as id`,
    );
    const dupMajor = await insertId(
      db,
      `insert into sys_major (major_name, design_stage_id) values ('建筑', 1) returning major_id as id`,
    );
    const otherStage = await insertId(
      db,
      `insert into sys_major (major_name, design_stage_id) values ('建筑', 99) returning major_id as id`,
    );

    const { rows: first } = await sql<{ name: string }>`
      select menu_name as name from sys_menu order by menu_id limit 1`.execute(db);
    const firstMenu = first[0]?.name ?? '';

    const results = await migrateToLatest(db);
    expect(results.map((r) => [r.migrationName, r.status])).toEqual([
      ['0003_unique_names', 'Success'],
    ]);

    const after = await names(db);
    // Nothing the seed wrote changed: the demo institute holds no duplicate.
    for (const [k, v] of seeded) expect(after.get(k), k).toBe(v);
    const renamed = (k: string, base: string, id: number) =>
      expect(after.get(k)).toBe(`${base}（重复${String(id)}）`);
    renamed(`dept/${String(dupDept)}`, '经营部', dupDept);
    renamed(`menu/${String(dupMenu)}`, firstMenu, dupMenu);
    renamed(`post/${String(dupPost)}`, '院长', dupPost);
    renamed(`role/${String(dupRole)}`, '项目经理', dupRole);
    renamed(`dict/${String(dupDict)}`, '0', dupDict);
    renamed(`major/${String(dupMajor)}`, '建筑', dupMajor);
    // Soft-deleted rows and rows in another scope keep their names.
    expect(after.get(`dept/${String(deletedDept)}`)).toBe('经营部');
    expect(after.get(`role/${String(deletedRole)}`)).toBe('项目经理');
    expect(after.get(`major/${String(otherStage)}`)).toBe('建筑');
    // A name at the column's width is cut to make room for its suffix.
    expect(after.get(`dept/${String(longA)}`)).toBe(long);
    const cut = after.get(`dept/${String(longB)}`) ?? '';
    expect(cut).toHaveLength(50);
    expect(cut.endsWith(`（重复${String(longB)}）`)).toBe(true);

    await expect(
      sql`insert into sys_dept (parent_id, ancestors, dept_name) values (100, '0,100', '经营部')`.execute(
        db,
      ),
    ).rejects.toMatchObject({ code: '23505', constraint: 'sys_dept_parent_name' });
  });
});
