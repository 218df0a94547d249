import { describe, expect, it } from 'vitest';
import { ok } from '../shared/result.js';
import { CONFIG_KEYS, type NewConfig, type SysConfig } from './config.js';
import type { ConfigRepository } from './config.repository.port.js';
import { ConfigWrites } from './config-writes.use-case.js';

const config = (configId: number, configKey: string, configType: 'Y' | 'N'): SysConfig => ({
  configId,
  configName: configKey,
  configKey,
  configValue: '',
  configType,
  remark: '',
  createTime: new Date('2026-01-01T00:00:00Z'),
});

/** In memory: configs by id, and what was written. */
function fakeConfigs(stored: SysConfig[]) {
  const rows = new Map(stored.map((c) => [c.configId, c]));
  const written: string[] = [];
  const repo: ConfigRepository = {
    list: () => Promise.resolve({ total: rows.size, rows: [...rows.values()] }),
    findById: (id) => Promise.resolve(rows.get(id) ?? null),
    valueOf: (key) =>
      Promise.resolve([...rows.values()].find((c) => c.configKey === key)?.configValue ?? null),
    create: (c: NewConfig) => {
      written.push(`create ${c.configKey}`);
      return Promise.resolve(ok({ ...config(99, c.configKey, 'N'), ...c }));
    },
    update: (id, patch) => {
      written.push(`update ${id}`);
      return Promise.resolve(ok({ ...(rows.get(id) as SysConfig), ...patch }));
    },
    delete: (ids) => {
      written.push(`delete ${ids.join(',')}`);
      return Promise.resolve(ok(ids.filter((id) => rows.delete(id)).length));
    },
  };
  return { repo, written };
}

const ZONE = CONFIG_KEYS.instituteTimeZone;

describe('参数设置 writes', () => {
  it('deletes none when a built-in config is among them', async () => {
    const { repo, written } = fakeConfigs([config(1, 'sys.a', 'Y'), config(2, 'b', 'N')]);
    expect(await new ConfigWrites(repo).remove([2, 1])).toEqual({
      ok: false,
      error: { code: 'PLATFORM.BUILTIN_CONFIG', message: '内置参数不能删除' },
    });
    expect(written).toEqual([]);
    expect(await new ConfigWrites(repo).remove([2, 7])).toEqual({ ok: true, value: 1 });
  });

  it('refuses an unknown time zone, checked against the stored key when none is sent', async () => {
    const { repo, written } = fakeConfigs([config(1, ZONE, 'Y')]);
    const writes = new ConfigWrites(repo);
    const bad = { code: 'VALIDATION.INVALID_TIME_ZONE', field: 'configValue' };
    expect(
      await writes.create({ configName: 'z', configKey: ZONE, configValue: 'Mars/Base' }),
    ).toMatchObject({ ok: false, error: bad });
    expect(await writes.update(1, { configValue: 'Mars/Base' })).toMatchObject({
      ok: false,
      error: bad,
    });
    expect(written).toEqual([]);
    expect(await writes.update(1, { configValue: 'Asia/Shanghai' })).toMatchObject({ ok: true });
    expect(await writes.update(5, { configValue: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.NOT_FOUND' },
    });
  });
});
