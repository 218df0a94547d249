import type { StatusFlag } from './user.js';

export interface SysDictType {
  readonly dictId: number;
  readonly dictName: string;
  readonly dictType: string;
  readonly status: StatusFlag;
  readonly remark: string;
  readonly createTime: Date;
}

export interface SysDictData {
  readonly dictCode: number;
  readonly dictSort: number;
  readonly dictLabel: string;
  readonly dictValue: string;
  readonly dictType: string;
  readonly cssClass: string;
  readonly listClass: string;
  readonly isDefault: 'Y' | 'N';
  readonly status: StatusFlag;
  readonly remark: string;
  readonly createTime: Date;
}

export interface NewDictType {
  readonly dictName: string;
  readonly dictType: string;
  readonly status?: StatusFlag;
  readonly remark?: string;
}
export type DictTypePatch = Partial<NewDictType>;

export interface NewDictData {
  readonly dictType: string;
  readonly dictLabel: string;
  readonly dictValue: string;
  readonly dictSort?: number;
  readonly cssClass?: string;
  readonly listClass?: string;
  readonly isDefault?: 'Y' | 'N';
  readonly status?: StatusFlag;
  readonly remark?: string;
}
export type DictDataPatch = Partial<NewDictData>;

export interface DictTypeFilter {
  readonly dictName?: string;
  readonly dictType?: string;
  readonly status?: StatusFlag;
  readonly createTime?: { readonly from?: Date; readonly to?: Date };
}

export interface DictDataFilter {
  readonly dictType?: string;
  readonly dictLabel?: string;
  readonly status?: StatusFlag;
}

export const DICT_TYPE_SORT_COLUMNS = ['dictId', 'dictName', 'dictType', 'createTime'] as const;
export type DictTypeSortColumn = (typeof DICT_TYPE_SORT_COLUMNS)[number];
export const DICT_DATA_SORT_COLUMNS = [
  'dictCode',
  'dictSort',
  'dictLabel',
  'dictValue',
  'createTime',
] as const;
export type DictDataSortColumn = (typeof DICT_DATA_SORT_COLUMNS)[number];
