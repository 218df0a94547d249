import type { DomainError, Result } from '../shared/result.js';
import type { ListPage, ListQuery } from './list-query.js';
import type {
  DictDataFilter,
  DictDataPatch,
  DictDataSortColumn,
  DictTypeFilter,
  DictTypePatch,
  DictTypeSortColumn,
  NewDictData,
  NewDictType,
  SysDictData,
  SysDictType,
} from './dict.js';

export interface DictRepository {
  listTypes(query: ListQuery<DictTypeFilter, DictTypeSortColumn>): Promise<ListPage<SysDictType>>;
  findTypeById(dictId: number): Promise<SysDictType | null>;
  /** The type named `dictType` (its 字典类型, not its id), or null. */
  findTypeByType(dictType: string): Promise<SysDictType | null>;
  createType(type: NewDictType): Promise<Result<SysDictType, DomainError>>;
  /** Renaming `dictType` renames it on its data too. */
  updateType(dictId: number, patch: DictTypePatch): Promise<Result<SysDictType, DomainError>>;
  /** Deletes the type and its data. */
  deleteType(dictId: number): Promise<Result<void, DomainError>>;

  listData(query: ListQuery<DictDataFilter, DictDataSortColumn>): Promise<ListPage<SysDictData>>;
  /** Active items of a type ordered by dictSort: `system/dict/data/type/{dictType}`. */
  dataByType(dictType: string): Promise<readonly SysDictData[]>;
  findDataById(dictCode: number): Promise<SysDictData | null>;
  /** The rules (the type is stored, the item is) are DictWrites'. */
  createData(data: NewDictData): Promise<Result<SysDictData, DomainError>>;
  updateData(dictCode: number, patch: DictDataPatch): Promise<Result<SysDictData, DomainError>>;
  deleteData(dictCodes: readonly number[]): Promise<Result<number, DomainError>>;
}
