import { nickNameOf } from './sql-helpers.js';
import { personNameOf } from '@dpms/core';
import type {
  ContractFile,
  ContractFileCategory,
  ContractFileRepositories,
  ContractFileRepository,
} from '@dpms/core';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { SqlContractRepository } from './sql-contract.repository.js';
import type { Db } from './sql-helpers.js';

interface Row {
  contract_file_id: number;
  contract_id: number;
  category: ContractFileCategory;
  file_id: string;
  file_name: string;
  size: string | number;
  remark: string;
  user_id: number;
  create_by: string;
  create_by_name?: string | null;
  create_time: Date;
}

const toFile = (r: Row): ContractFile => ({
  contractFileId: r.contract_file_id,
  contractId: r.contract_id,
  category: r.category,
  fileId: r.file_id.trim(),
  fileName: r.file_name,
  size: Number(r.size),
  remark: r.remark,
  userId: r.user_id,
  createBy: r.create_by,
  createByName: personNameOf(r.create_by, r.create_by_name),
  createTime: r.create_time,
});

/** Contract, government and design files: links from a contract to the file store's records. */
export class SqlContractFileRepository implements ContractFileRepository {
  constructor(private readonly db: Db) {}

  async list(
    contractId: number,
    category?: ContractFileCategory,
  ): Promise<readonly ContractFile[]> {
    let q = this.db
      .selectFrom('contract_file')
      .selectAll()
      .select(nickNameOf('contract_file.create_by').as('create_by_name'))
      .where('contract_id', '=', contractId)
      .where('del_flag', '=', '0');
    if (category !== undefined) q = q.where('category', '=', category);
    return (await q.orderBy('contract_file_id').execute()).map(toFile);
  }

  async find(contractFileId: number): Promise<ContractFile | null> {
    const row = await this.db
      .selectFrom('contract_file')
      .selectAll()
      .select(nickNameOf('contract_file.create_by').as('create_by_name'))
      .where('contract_file_id', '=', contractFileId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return row === undefined ? null : toFile(row);
  }

  async uploaded(fileIds: readonly string[], ownerId: number | null) {
    const ids = fileIds.filter((f) => /^[0-9a-f]{32}$/.test(f));
    if (ids.length === 0) return [];
    let q = this.db
      .selectFrom('file_object')
      .select(['file_id', 'original_name', 'size'])
      .where('file_id', 'in', ids)
      .where('deleted_at', 'is', null);
    if (ownerId !== null) q = q.where('owner_user_id', '=', ownerId);
    return (await q.execute()).map((r) => ({
      fileId: r.file_id.trim(),
      fileName: r.original_name,
      size: Number(r.size),
    }));
  }

  async link(
    contractId: number,
    category: ContractFileCategory,
    files: readonly { fileId: string; fileName: string; size: number }[],
    remark: string,
    actor: { userId: number; userName: string },
    now: Date,
  ): Promise<readonly ContractFile[]> {
    const present = new Set((await this.list(contractId, category)).map((f) => f.fileId));
    const fresh = files.filter((f) => !present.has(f.fileId));
    if (fresh.length > 0) {
      await this.db
        .insertInto('contract_file')
        .values(
          fresh.map((f) => ({
            contract_id: contractId,
            category,
            file_id: f.fileId,
            file_name: f.fileName,
            size: f.size,
            remark,
            user_id: actor.userId,
            create_by: actor.userName,
            create_time: now,
          })),
        )
        .execute();
    }
    const wanted = new Set(files.map((f) => f.fileId));
    return (await this.list(contractId, category)).filter((f) => wanted.has(f.fileId));
  }

  async unlink(contractFileId: number): Promise<void> {
    await this.db
      .updateTable('contract_file')
      .set({ del_flag: '2' })
      .where('contract_file_id', '=', contractFileId)
      .execute();
  }
}

export function createContractFileRepositories(db: Kysely<Database>): ContractFileRepositories {
  return { contracts: new SqlContractRepository(db), files: new SqlContractFileRepository(db) };
}
