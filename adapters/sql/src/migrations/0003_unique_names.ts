import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * A record's name where people assume it is one of a kind (RuoYi refuses the same): a department's
 * and a menu's among their siblings, a post's and a role's name, a dictionary value within its
 * type, a major's among its siblings of one design stage. 0001 already holds user name, post code,
 * role key, dictionary type and config key unique. The constraints make the rule hold under
 * concurrent writes, which a check before the insert cannot; the SQL adapter maps a violation,
 * by the constraint's name, to the refusal naming the field (sql-unique.ts).
 *
 * Soft-deleted rows (del_flag '2') do not hold their name: departments and roles are partial
 * indexes over live rows, so a deleted department's name can be given again. Posts, menus,
 * dictionary data and majors are deleted for real.
 *
 * A database from an earlier release may already hold duplicates (nothing refused them). The
 * migration must not fail an upgrade, and must not drop or merge records others point at, so the
 * oldest row (lowest id) keeps its name and each later duplicate is renamed in place with a visible
 * suffix naming its id, e.g. `研发部（重复123）`, cut to fit the column. An administrator sees the
 * suffix and picks a better name; ids and every reference stay as they were. The demo seed and
 * RuoYi's own dump hold no such duplicates, so they come through unchanged.
 */
const RULES: readonly {
  readonly table: string;
  readonly id: string;
  readonly column: string;
  readonly width: number;
  /** The columns the name is unique within (besides the name itself). */
  readonly within: readonly string[];
  readonly live?: string;
  readonly index: string;
}[] = [
  {
    table: 'sys_dept',
    id: 'dept_id',
    column: 'dept_name',
    width: 50,
    within: ['parent_id'],
    live: `del_flag = '0'`,
    index: 'sys_dept_parent_name',
  },
  {
    table: 'sys_menu',
    id: 'menu_id',
    column: 'menu_name',
    width: 50,
    within: ['parent_id'],
    index: 'sys_menu_parent_name',
  },
  {
    table: 'sys_post',
    id: 'post_id',
    column: 'post_name',
    width: 50,
    within: [],
    index: 'sys_post_name',
  },
  {
    table: 'sys_role',
    id: 'role_id',
    column: 'role_name',
    width: 30,
    within: [],
    live: `del_flag = '0'`,
    index: 'sys_role_name',
  },
  {
    table: 'sys_dict_data',
    id: 'dict_code',
    column: 'dict_value',
    width: 100,
    within: ['dict_type'],
    index: 'sys_dict_data_type_value',
  },
  {
    table: 'sys_major',
    id: 'major_id',
    column: 'major_name',
    width: 50,
    // A top-level major has no parent and may have no stage: null counts as one value here.
    within: ['coalesce(design_stage_id, 0)', 'coalesce(parent_id, 0)'],
    index: 'sys_major_stage_parent_name',
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const r of RULES) {
    const where = r.live ? `where ${r.live}` : '';
    const partition = [...r.within, r.column].join(', ');
    const suffix = `'（重复' || t.${r.id} || '）'`;
    await sql
      .raw(
        `update ${r.table} t
         set ${r.column} = left(t.${r.column}, ${String(r.width)} - char_length(${suffix})) || ${suffix}
         from (select ${r.id} as id,
                      row_number() over (partition by ${partition} order by ${r.id}) as n
               from ${r.table} ${where}) d
         where t.${r.id} = d.id and d.n > 1`,
      )
      .execute(db);
    await sql
      .raw(`create unique index ${r.index} on ${r.table} (${partition}) ${where}`)
      .execute(db);
  }
}
