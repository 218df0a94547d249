import { describe, expect, it } from 'vitest';
import { ok } from '../shared/result.js';
import type { SysDictData, SysDictType } from './dict.js';
import type { DictRepository } from './dict.repository.port.js';
import { DictWrites } from './dict-writes.use-case.js';

const at = new Date('2026-01-01T00:00:00Z');
const type = (dictId: number, dictType: string): SysDictType => ({
  dictId,
  dictName: dictType,
  dictType,
  status: '0',
  remark: '',
  createTime: at,
});
const item = (dictCode: number, dictType: string): SysDictData => ({
  dictCode,
  dictSort: dictCode,
  dictLabel: `L${dictCode}`,
  dictValue: `${dictCode}`,
  dictType,
  cssClass: '',
  listClass: '',
  isDefault: 'N',
  status: '0',
  remark: '',
  createTime: at,
});

/** In memory: types and data, and what was written. */
function fakeDicts(types: SysDictType[], data: SysDictData[]) {
  const written: string[] = [];
  const repo: DictRepository = {
    listTypes: () => Promise.resolve({ total: types.length, rows: types }),
    findTypeById: (id) => Promise.resolve(types.find((t) => t.dictId === id) ?? null),
    findTypeByType: (name) => Promise.resolve(types.find((t) => t.dictType === name) ?? null),
    createType: (t) => Promise.resolve(ok({ ...type(9, t.dictType), ...t })),
    updateType: (id, patch) => {
      written.push(`updateType ${id}`);
      return Promise.resolve(ok({ ...type(id, 'x'), ...patch }));
    },
    deleteType: (id) => {
      written.push(`deleteType ${id}`);
      return Promise.resolve(ok(undefined));
    },
    listData: () => Promise.resolve({ total: data.length, rows: data }),
    dataByType: (t) => Promise.resolve(data.filter((d) => d.dictType === t)),
    findDataById: (code) => Promise.resolve(data.find((d) => d.dictCode === code) ?? null),
    createData: (d) => {
      written.push(`createData ${d.dictType}`);
      return Promise.resolve(ok({ ...item(9, d.dictType), ...d }));
    },
    updateData: (code, patch) => {
      written.push(`updateData ${code}`);
      return Promise.resolve(ok({ ...item(code, 'x'), ...patch }));
    },
    deleteData: (codes) => Promise.resolve(ok(codes.length)),
  };
  return { repo, written };
}

const typeMissing = {
  ok: false,
  error: { code: 'PLATFORM.NOT_FOUND', message: '字典类型不存在或已被删除' },
};

describe('字典管理 writes', () => {
  it('puts data only under a stored type', async () => {
    const { repo, written } = fakeDicts([type(1, 'sys_yes_no')], [item(5, 'sys_yes_no')]);
    const writes = new DictWrites(repo);
    const d = { dictType: 'no_such', dictLabel: '是', dictValue: 'Y' };
    expect(await writes.createData(d)).toEqual(typeMissing);
    expect(await writes.updateData(5, { dictType: 'no_such' })).toEqual(typeMissing);
    expect(await writes.updateData(6, { dictLabel: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'PLATFORM.NOT_FOUND', message: '字典数据不存在或已被删除' },
    });
    expect(written).toEqual([]);
    expect(await writes.createData({ ...d, dictType: 'sys_yes_no' })).toMatchObject({ ok: true });
    expect(await writes.updateData(5, { dictType: 'sys_yes_no' })).toMatchObject({ ok: true });
  });

  it('changes and deletes only stored types, stopping at the first that is not', async () => {
    const { repo, written } = fakeDicts([type(1, 'a'), type(2, 'b')], []);
    const writes = new DictWrites(repo);
    expect(await writes.updateType(3, { dictName: 'x' })).toEqual(typeMissing);
    expect(await writes.removeTypes([1, 3, 2])).toEqual(typeMissing);
    expect(written).toEqual(['deleteType 1']);
  });
});
