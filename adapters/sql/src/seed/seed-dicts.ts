import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.js';

/** A RuoYi dictionary a seed adds: its type and its items as [label, value, list class]. */
export interface SeedDict {
  readonly dictName: string;
  readonly dictType: string;
  readonly remark: string;
  readonly items: readonly (readonly [string, string, string])[];
}

/**
 * Each dictionary's type where it is absent, and its items where the type has none: what an
 * administrator already keeps under that type stays as it is. The first item is the default.
 */
export async function seedDictsWhereAbsent(
  trx: Transaction<Database>,
  dicts: readonly SeedDict[],
): Promise<void> {
  for (const d of dicts) {
    const type = await trx
      .selectFrom('sys_dict_type')
      .select('dict_id')
      .where('dict_type', '=', d.dictType)
      .executeTakeFirst();
    if (!type)
      await trx
        .insertInto('sys_dict_type')
        .values({ dict_name: d.dictName, dict_type: d.dictType, remark: d.remark })
        .execute();
    const data = await trx
      .selectFrom('sys_dict_data')
      .select('dict_code')
      .where('dict_type', '=', d.dictType)
      .executeTakeFirst();
    if (data) continue;
    await trx
      .insertInto('sys_dict_data')
      .values(
        d.items.map(([label, value, listClass], j) => ({
          dict_type: d.dictType,
          dict_label: label,
          dict_value: value,
          dict_sort: j + 1,
          is_default: j === 0 ? ('Y' as const) : ('N' as const),
          list_class: listClass,
        })),
      )
      .execute();
  }
}
