import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigWrites, DictWrites } from '@dpms/core';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { SqlConfigRepository } from './sql-config.repository.js';
import { SqlDictRepository } from './sql-dict.repository.js';

describe.each(testDatabaseKinds())('DictRepository and ConfigRepository contract on %s', (kind) => {
  let handle: DatabaseHandle;
  let dicts: SqlDictRepository;
  let configs: SqlConfigRepository;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    dicts = new SqlDictRepository(handle.db);
    configs = new SqlConfigRepository(handle.db);
  });
  afterAll(() => handle.close());

  it('serves every dictionary the shell reads at start-up', async () => {
    for (const type of [
      'bizSource_market',
      'bizSource_inner',
      'bizSource_union',
      'bizSource_declare',
      'realAmountRate_list',
      'operateFee_type',
      'bank_name',
      'bank_account_main',
      'bank_account_branch',
      'sys_normal_disable',
      'sys_user_sex',
      'seal_type',
      'invoice_type',
      'tax_rate',
      'draw_file_type',
    ]) {
      expect((await dicts.dataByType(type)).length, type).toBeGreaterThan(0);
    }
    const status = await dicts.dataByType('sys_normal_disable');
    expect(status.map((d) => [d.dictLabel, d.dictValue])).toEqual([
      ['正常', '0'],
      ['停用', '1'],
    ]);
    expect(await dicts.dataByType('no_such_type')).toEqual([]);
  });

  it('lists types and data with filters, paging and sorting', async () => {
    const types = await dicts.listTypes({
      filter: { dictType: 'bizSource' },
      page: { pageNum: 1, pageSize: 2 },
    });
    expect(types.total).toBe(4);
    expect(types.rows).toHaveLength(2);
    const data = await dicts.listData({
      filter: { dictType: 'tax_rate' },
      sort: { column: 'dictValue', direction: 'desc' },
    });
    expect(data.rows.map((d) => d.dictValue)).toEqual(['0.13', '0.09', '0.06', '0.03', '0.01']);
  });

  it('creates, renames (carrying the data), and deletes types and data', async () => {
    const t = await dicts.createType({ dictName: '测试', dictType: 'tmp_type' });
    expect(t.ok).toBe(true);
    if (!t.ok) return;
    expect(await dicts.createType({ dictName: '重复', dictType: 'tmp_type' })).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.DUPLICATE' },
    });
    const d = await dicts.createData({
      dictType: 'tmp_type',
      dictLabel: '甲',
      dictValue: 'a',
      dictSort: 2,
    });
    await dicts.createData({ dictType: 'tmp_type', dictLabel: '乙', dictValue: 'b', dictSort: 1 });
    expect(
      // The refusal is core's rule, checked against what this repository stores.
      await new DictWrites(dicts).createData({
        dictType: 'missing',
        dictLabel: 'x',
        dictValue: 'x',
      }),
    ).toMatchObject({ ok: false });
    expect((await dicts.dataByType('tmp_type')).map((x) => x.dictValue)).toEqual(['b', 'a']);
    expect(await dicts.updateType(t.value.dictId, { dictType: 'tmp_type2' })).toMatchObject({
      ok: true,
      value: { dictType: 'tmp_type2' },
    });
    expect((await dicts.dataByType('tmp_type2')).length).toBe(2);
    if (!d.ok) throw new Error('create failed');
    expect(await dicts.updateData(d.value.dictCode, { status: '1' })).toMatchObject({
      ok: true,
      value: { status: '1' },
    });
    expect((await dicts.dataByType('tmp_type2')).map((x) => x.dictValue)).toEqual(['b']);
    expect(await dicts.deleteData([d.value.dictCode])).toEqual({ ok: true, value: 1 });
    expect(await dicts.deleteType(t.value.dictId)).toEqual({ ok: true, value: undefined });
    expect((await dicts.listData({ filter: { dictType: 'tmp_type2' } })).total).toBe(0);
  });

  it('answers the config keys the spec reads', async () => {
    expect(await configs.valueOf('platformName')).toBe('设计项目管理系统');
    expect(await configs.valueOf('sys.account.captchaEnabled')).toBe('false');
    for (const key of [
      'fund_plan_switch',
      'subPhone',
      'subAddress',
      'subOpenBank',
      'subOpenBankNum',
      'subTaxpayerNum',
      'signBySub',
    ]) {
      expect(await configs.valueOf(key), key).toBeTruthy();
    }
    expect((await configs.valueOf('subTaxpayerNum'))?.length).toBeLessThanOrEqual(15);
    expect(await configs.valueOf('nope')).toBeNull();
  });

  it('creates, updates, refuses deleting built-in keys and deletes its own', async () => {
    const c = await configs.create({ configName: '测试', configKey: 'tmp.key', configValue: '1' });
    if (!c.ok) throw new Error('create failed');
    expect(
      await configs.create({ configName: 'x', configKey: 'tmp.key', configValue: '2' }),
    ).toMatchObject({ ok: false });
    expect(await configs.update(c.value.configId, { configValue: '2' })).toMatchObject({
      ok: true,
      value: { configValue: '2' },
    });
    expect(await configs.valueOf('tmp.key')).toBe('2');
    const page = await configs.list({
      filter: { configKey: 'sub' },
      sort: { column: 'configKey', direction: 'asc' },
    });
    expect(page.rows.map((r) => r.configKey)).toEqual([
      'signBySub',
      'subAddress',
      'subOpenBank',
      'subOpenBankNum',
      'subPhone',
      'subTaxpayerNum',
    ]);
    const builtin = page.rows[0]?.configId ?? 0;
    // The refusal is core's rule, checked against what this repository stores.
    expect(await new ConfigWrites(configs).remove([c.value.configId, builtin])).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.BUILTIN_CONFIG' },
    });
    expect(await configs.delete([c.value.configId])).toEqual({ ok: true, value: 1 });
  });
});
