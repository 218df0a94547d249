import {
  err,
  ok,
  PlatformErrors,
  type DictDataFilter,
  type DictDataPatch,
  type DictDataSortColumn,
  type DictRepository,
  type DictTypeFilter,
  type DictTypePatch,
  type DictTypeSortColumn,
  type DomainError,
  type ListPage,
  type ListQuery,
  type NewDictData,
  type NewDictType,
  type Result,
  type SysDictData,
  type SysDictType,
} from '@dpms/core';
import {
  containsPattern,
  inTransaction,
  pageBounds,
  pageWithCount,
  type Db,
} from './sql-helpers.js';
import { refusingDuplicates } from './sql-unique.js';

const TYPE_SORT = {
  dictId: 'dict_id',
  dictName: 'dict_name',
  dictType: 'dict_type',
  createTime: 'create_time',
} as const satisfies Record<DictTypeSortColumn, string>;

const DATA_SORT = {
  dictCode: 'dict_code',
  dictSort: 'dict_sort',
  dictLabel: 'dict_label',
  dictValue: 'dict_value',
  createTime: 'create_time',
} as const satisfies Record<DictDataSortColumn, string>;

const TYPE_COLUMNS = [
  'dict_id',
  'dict_name',
  'dict_type',
  'status',
  'remark',
  'create_time',
] as const;
const DATA_COLUMNS = [
  'dict_code',
  'dict_sort',
  'dict_label',
  'dict_value',
  'dict_type',
  'css_class',
  'list_class',
  'is_default',
  'status',
  'remark',
  'create_time',
] as const;

export class SqlDictRepository implements DictRepository {
  constructor(private readonly db: Db) {}

  async listTypes(
    query: ListQuery<DictTypeFilter, DictTypeSortColumn>,
  ): Promise<ListPage<SysDictType>> {
    const f = query.filter;
    const filtered = this.db
      .selectFrom('sys_dict_type')
      .$if(!!f.dictName, (q) => q.where('dict_name', 'ilike', containsPattern(f.dictName ?? '')))
      .$if(!!f.dictType, (q) => q.where('dict_type', 'ilike', containsPattern(f.dictType ?? '')))
      .$if(!!f.status, (q) => q.where('status', '=', f.status ?? '0'))
      .$if(!!f.createTime?.from, (q) =>
        q.where('create_time', '>=', f.createTime?.from ?? new Date(0)),
      )
      .$if(!!f.createTime?.to, (q) =>
        q.where('create_time', '<=', f.createTime?.to ?? new Date(0)),
      );
    const count = filtered.select((eb) => eb.fn.countAll<number>().as('n'));
    let q = filtered.select(TYPE_COLUMNS);
    if (query.sort) q = q.orderBy(TYPE_SORT[query.sort.column], query.sort.direction);
    q = q.orderBy('dict_id');
    const { limit, offset } = pageBounds(query.page);
    if (limit !== undefined) q = q.limit(limit).offset(offset ?? 0);
    return pageWithCount(q, count, (rows) => rows.map(toType));
  }

  findTypeById(dictId: number): Promise<SysDictType | null> {
    return this.findTypeWhere('dict_id', dictId);
  }

  findTypeByType(dictType: string): Promise<SysDictType | null> {
    return this.findTypeWhere('dict_type', dictType);
  }

  private async findTypeWhere(
    column: 'dict_id' | 'dict_type',
    value: number | string,
  ): Promise<SysDictType | null> {
    const row = await this.db
      .selectFrom('sys_dict_type')
      .select(TYPE_COLUMNS)
      .where(column, '=', value)
      .executeTakeFirst();
    return row ? toType(row) : null;
  }

  async createType(type: NewDictType): Promise<Result<SysDictType, DomainError>> {
    return refusingDuplicates(this.db, 'create', type.dictName, async () => {
      const row = await this.db
        .insertInto('sys_dict_type')
        .values({
          dict_name: type.dictName,
          dict_type: type.dictType,
          status: type.status ?? '0',
          remark: type.remark ?? '',
        })
        .returning(TYPE_COLUMNS)
        .executeTakeFirstOrThrow();
      return ok(toType(row));
    });
  }

  async updateType(
    dictId: number,
    patch: DictTypePatch,
  ): Promise<Result<SysDictType, DomainError>> {
    const current = await this.findTypeById(dictId);
    if (!current) return err(PlatformErrors.notFound('字典类型'));
    const subject = patch.dictName ?? current.dictName;
    const written = await refusingDuplicates(this.db, 'update', subject, async () => {
      await inTransaction(this.db, async (trx) => {
        await trx
          .updateTable('sys_dict_type')
          .set({
            ...(patch.dictName !== undefined ? { dict_name: patch.dictName } : {}),
            ...(patch.dictType !== undefined ? { dict_type: patch.dictType } : {}),
            ...(patch.status !== undefined ? { status: patch.status } : {}),
            ...(patch.remark !== undefined ? { remark: patch.remark } : {}),
            update_time: new Date(),
          })
          .where('dict_id', '=', dictId)
          .execute();
        if (patch.dictType !== undefined && patch.dictType !== current.dictType) {
          await trx
            .updateTable('sys_dict_data')
            .set({ dict_type: patch.dictType })
            .where('dict_type', '=', current.dictType)
            .execute();
        }
      });
      return ok(undefined);
    });
    if (!written.ok) return written;
    const updated = await this.findTypeById(dictId);
    return updated ? ok(updated) : err(PlatformErrors.notFound('字典类型'));
  }

  async deleteType(dictId: number): Promise<Result<void, DomainError>> {
    const current = await this.findTypeById(dictId);
    if (!current) return err(PlatformErrors.notFound('字典类型'));
    await inTransaction(this.db, async (trx) => {
      await trx.deleteFrom('sys_dict_data').where('dict_type', '=', current.dictType).execute();
      await trx.deleteFrom('sys_dict_type').where('dict_id', '=', dictId).execute();
    });
    return ok(undefined);
  }

  async listData(
    query: ListQuery<DictDataFilter, DictDataSortColumn>,
  ): Promise<ListPage<SysDictData>> {
    const f = query.filter;
    const filtered = this.db
      .selectFrom('sys_dict_data')
      .$if(!!f.dictType, (q) => q.where('dict_type', '=', f.dictType ?? ''))
      .$if(!!f.dictLabel, (q) => q.where('dict_label', 'ilike', containsPattern(f.dictLabel ?? '')))
      .$if(!!f.status, (q) => q.where('status', '=', f.status ?? '0'));
    const count = filtered.select((eb) => eb.fn.countAll<number>().as('n'));
    let q = filtered.select(DATA_COLUMNS);
    q = query.sort
      ? q.orderBy(DATA_SORT[query.sort.column], query.sort.direction)
      : q.orderBy('dict_sort');
    q = q.orderBy('dict_code');
    const { limit, offset } = pageBounds(query.page);
    if (limit !== undefined) q = q.limit(limit).offset(offset ?? 0);
    return pageWithCount(q, count, (rows) => rows.map(toData));
  }

  async dataByType(dictType: string): Promise<readonly SysDictData[]> {
    const rows = await this.db
      .selectFrom('sys_dict_data')
      .select(DATA_COLUMNS)
      .where('dict_type', '=', dictType)
      .where('status', '=', '0')
      .orderBy('dict_sort')
      .orderBy('dict_code')
      .execute();
    return rows.map(toData);
  }

  async findDataById(dictCode: number): Promise<SysDictData | null> {
    const row = await this.db
      .selectFrom('sys_dict_data')
      .select(DATA_COLUMNS)
      .where('dict_code', '=', dictCode)
      .executeTakeFirst();
    return row ? toData(row) : null;
  }

  async createData(data: NewDictData): Promise<Result<SysDictData, DomainError>> {
    return refusingDuplicates(this.db, 'create', data.dictLabel, async () => {
      const row = await this.db
        .insertInto('sys_dict_data')
        .values({
          dict_type: data.dictType,
          dict_label: data.dictLabel,
          dict_value: data.dictValue,
          dict_sort: data.dictSort ?? 0,
          css_class: data.cssClass ?? '',
          list_class: data.listClass ?? '',
          is_default: data.isDefault ?? 'N',
          status: data.status ?? '0',
          remark: data.remark ?? '',
        })
        .returning(DATA_COLUMNS)
        .executeTakeFirstOrThrow();
      return ok(toData(row));
    });
  }

  async updateData(
    dictCode: number,
    patch: DictDataPatch,
  ): Promise<Result<SysDictData, DomainError>> {
    const current = await this.findDataById(dictCode);
    if (!current) return err(PlatformErrors.notFound('字典数据'));
    const subject = patch.dictLabel ?? current.dictLabel;
    return refusingDuplicates(this.db, 'update', subject, async () => {
      const row = await this.db
        .updateTable('sys_dict_data')
        .set({
          ...(patch.dictType !== undefined ? { dict_type: patch.dictType } : {}),
          ...(patch.dictLabel !== undefined ? { dict_label: patch.dictLabel } : {}),
          ...(patch.dictValue !== undefined ? { dict_value: patch.dictValue } : {}),
          ...(patch.dictSort !== undefined ? { dict_sort: patch.dictSort } : {}),
          ...(patch.cssClass !== undefined ? { css_class: patch.cssClass } : {}),
          ...(patch.listClass !== undefined ? { list_class: patch.listClass } : {}),
          ...(patch.isDefault !== undefined ? { is_default: patch.isDefault } : {}),
          ...(patch.status !== undefined ? { status: patch.status } : {}),
          ...(patch.remark !== undefined ? { remark: patch.remark } : {}),
          update_time: new Date(),
        })
        .where('dict_code', '=', dictCode)
        .returning(DATA_COLUMNS)
        .executeTakeFirst();
      return row ? ok(toData(row)) : err(PlatformErrors.notFound('字典数据'));
    });
  }

  async deleteData(dictCodes: readonly number[]): Promise<Result<number, DomainError>> {
    if (dictCodes.length === 0) return ok(0);
    const res = await this.db
      .deleteFrom('sys_dict_data')
      .where('dict_code', 'in', [...dictCodes])
      .executeTakeFirst();
    return ok(Number(res.numDeletedRows));
  }
}

function toType(r: {
  dict_id: number;
  dict_name: string;
  dict_type: string;
  status: '0' | '1';
  remark: string;
  create_time: Date;
}): SysDictType {
  return {
    dictId: r.dict_id,
    dictName: r.dict_name,
    dictType: r.dict_type,
    status: r.status,
    remark: r.remark,
    createTime: r.create_time,
  };
}

function toData(r: {
  dict_code: number;
  dict_sort: number;
  dict_label: string;
  dict_value: string;
  dict_type: string;
  css_class: string;
  list_class: string;
  is_default: 'Y' | 'N';
  status: '0' | '1';
  remark: string;
  create_time: Date;
}): SysDictData {
  return {
    dictCode: r.dict_code,
    dictSort: r.dict_sort,
    dictLabel: r.dict_label,
    dictValue: r.dict_value,
    dictType: r.dict_type,
    cssClass: r.css_class,
    listClass: r.list_class,
    isDefault: r.is_default,
    status: r.status,
    remark: r.remark,
    createTime: r.create_time,
  };
}
