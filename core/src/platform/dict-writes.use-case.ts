import { err, ok, type DomainError, type Result } from '../shared/result.js';
import type {
  DictDataPatch,
  DictTypePatch,
  NewDictData,
  NewDictType,
  SysDictData,
  SysDictType,
} from './dict.js';
import type { DictRepository } from './dict.repository.port.js';
import { PlatformErrors } from './platform-errors.js';

/**
 * 字典管理's writes, of types and of their data: each checks core's dictionary rules against the
 * stored dictionaries, then writes. A unique 字典类型, and a 字典键值 unique within its type, are kept
 * by the database's constraints (the repository answers `PLATFORM.DUPLICATE`).
 */
export class DictWrites {
  constructor(private readonly dicts: DictRepository) {}

  createType(type: NewDictType): Promise<Result<SysDictType, DomainError>> {
    return this.dicts.createType(type);
  }

  async updateType(
    dictId: number,
    patch: DictTypePatch,
  ): Promise<Result<SysDictType, DomainError>> {
    if (!(await this.dicts.findTypeById(dictId))) return err(PlatformErrors.notFound('字典类型'));
    return this.dicts.updateType(dictId, patch);
  }

  /** One type after another, as RuoYi does: a type not stored stops the request there. */
  async removeTypes(dictIds: readonly number[]): Promise<Result<void, DomainError>> {
    for (const dictId of dictIds) {
      if (!(await this.dicts.findTypeById(dictId))) return err(PlatformErrors.notFound('字典类型'));
      const removed = await this.dicts.deleteType(dictId);
      if (!removed.ok) return removed;
    }
    return ok(undefined);
  }

  /** A data item belongs to a stored type. */
  async createData(data: NewDictData): Promise<Result<SysDictData, DomainError>> {
    if (!(await this.dicts.findTypeByType(data.dictType)))
      return err(PlatformErrors.notFound('字典类型'));
    return this.dicts.createData(data);
  }

  async updateData(
    dictCode: number,
    patch: DictDataPatch,
  ): Promise<Result<SysDictData, DomainError>> {
    if (!(await this.dicts.findDataById(dictCode))) return err(PlatformErrors.notFound('字典数据'));
    if (patch.dictType !== undefined && !(await this.dicts.findTypeByType(patch.dictType)))
      return err(PlatformErrors.notFound('字典类型'));
    return this.dicts.updateData(dictCode, patch);
  }

  removeData(dictCodes: readonly number[]): Promise<Result<number, DomainError>> {
    return this.dicts.deleteData(dictCodes);
  }
}
