import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen against the schema of their day */

/**
 * The top bar's search (全局搜索): one GIN trigram index per searched table, over the searched
 * columns of a live row as one key.
 *
 * Why the key is hex: both servers run with `--locale=C`, where pg_trgm takes only ASCII letters
 * and digits for word characters, so a Chinese name gives no trigram at all (`show_trgm('合同名称')`
 * is empty) and a plain trigram index could not serve the searches people type most. The key is
 * the lower-cased text's UTF-8 bytes in hex, whose digits pg_trgm does index; a keyword matches
 * when its own hex is inside the key (`like '%…%'`, an index scan), then the columns themselves
 * are checked with ILIKE, which drops a hit that only matched across a byte boundary. The columns
 * are joined by U+0001, a character a keyword may never hold, so no hit spans two columns.
 * `lower` under C folds ASCII only, as ILIKE does.
 *
 * Each key has expression statistics, so the planner knows how many rows a keyword matches and
 * picks the index for a rare one and the newest rows for a common one.
 *
 * `convert_to` is stable only in general (it depends on the encoding, fixed per database), so the
 * function is declared immutable on that ground, as an index expression requires.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const live = `where del_flag = '0'`;
  const keys: readonly (readonly [table: string, index: string, columns: string])[] = [
    [
      'contract',
      'contract_search',
      `contract_no, contract_name, project_name, entrust_business_name, sign_by_main,
      sign_by_sub, service_manager_name`,
    ],
    ['lixiang', 'lixiang_search', 'lx_no, project_name'],
    ['contract_child', 'contract_child_search', 'contract_child_no, receive_company_name'],
    ['design_task', 'design_task_search', 'task_no, task_name, sub_item_name'],
    ['approval', 'approval_search', 'title'],
  ];
  const statements = [
    `create extension if not exists pg_trgm`,
    `create function dpms_search_key(variadic parts text[]) returns text
      language sql immutable parallel safe
      as $$ select encode(convert_to(lower(array_to_string(parts, chr(1))), 'UTF8'), 'hex') $$`,
    ...keys.flatMap(([table, index, columns]) => [
      `create index ${index} on ${table} using gin (dpms_search_key(${columns}) gin_trgm_ops)
        ${live}`,
      // How many rows a keyword matches: without these statistics PostgreSQL guesses a handful
      // for any LIKE on the key, so a word every row holds (合同) is read through the index, all
      // 100,000 rows rechecked, where walking the newest rows finds the first five at once.
      `create statistics ${index}_key on (dpms_search_key(${columns})) from ${table}`,
      `analyze ${table}`,
    ]),
  ];
  for (const s of statements) await sql.raw(s).execute(db);
}
