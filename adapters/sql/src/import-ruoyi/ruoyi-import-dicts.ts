import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.js';
import { MSG, type ImportLedger } from './import-report.js';
import type { RuoyiData } from './ruoyi-records.js';

/**
 * Dictionaries and configs: a type, a value within its type and a config key we have keep our
 * words and values (the spec's); what we lack comes in as RuoYi has it. A dictionary type of
 * RuoYi's that we do not have is brought too (RuoYi's own screens read them) and said.
 */
export async function importDictsAndConfigs(
  trx: Transaction<Database>,
  data: RuoyiData,
  ledger: ImportLedger,
): Promise<void> {
  const types = new Set(
    (await trx.selectFrom('sys_dict_type').select('dict_type').execute()).map((r) => r.dict_type),
  );
  for (const t of data.dictTypes) {
    if (types.has(t.type)) {
      ledger.counts.dictType.matched += 1;
      continue;
    }
    await trx
      .insertInto('sys_dict_type')
      .values({
        dict_name: t.name.slice(0, 100),
        dict_type: t.type,
        status: t.status,
        remark: t.remark.slice(0, 500),
      })
      .execute();
    types.add(t.type);
    ledger.counts.dictType.added += 1;
    ledger.note('dictType', `${t.name}（${t.type}）`, MSG.dictTypeNew);
  }

  const values = new Set(
    (await trx.selectFrom('sys_dict_data').select(['dict_type', 'dict_value']).execute()).map(
      (r) => `${r.dict_type}\u0000${r.dict_value}`,
    ),
  );
  for (const d of data.dictData) {
    const key = `${d.type}\u0000${d.value}`;
    if (!types.has(d.type)) {
      ledger.skip('dictData', `${d.type} / ${d.label}`, MSG.dictTypeMissing);
      continue;
    }
    if (values.has(key)) {
      ledger.counts.dictData.matched += 1;
      continue;
    }
    await trx
      .insertInto('sys_dict_data')
      .values({
        dict_sort: d.sort,
        dict_label: d.label.slice(0, 100),
        dict_value: d.value,
        dict_type: d.type,
        css_class: d.cssClass.slice(0, 100),
        list_class: d.listClass.slice(0, 100),
        is_default: d.isDefault,
        status: d.status,
        remark: d.remark.slice(0, 500),
      })
      .execute();
    values.add(key);
    ledger.counts.dictData.added += 1;
  }

  const configs = new Map(
    (await trx.selectFrom('sys_config').select(['config_key', 'config_value']).execute()).map(
      (r) => [r.config_key, r.config_value],
    ),
  );
  for (const c of data.configs) {
    const ours = configs.get(c.key);
    if (ours !== undefined) {
      ledger.counts.config.matched += 1;
      if (ours !== c.value)
        ledger.note('config', `${c.name}（${c.key}）`, MSG.configKept(ours, c.value));
      continue;
    }
    await trx
      .insertInto('sys_config')
      .values({
        config_name: c.name.slice(0, 100),
        config_key: c.key,
        config_value: c.value,
        config_type: c.type,
        remark: c.remark.slice(0, 500),
      })
      .execute();
    configs.set(c.key, c.value);
    ledger.counts.config.added += 1;
  }
}
