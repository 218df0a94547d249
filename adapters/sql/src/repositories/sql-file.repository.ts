import type {
  ClaimOutcome,
  FileRecord,
  FileRecordRepository,
  FileUse,
  OwnedFile,
  RecordPartOutcome,
  UploadPart,
  UploadSession,
  UploadShape,
} from '@dpms/core';
import { sql, type Selectable } from 'kysely';
import type { FileObjectTable, FileUploadTable } from '../database/files-schema.js';
import { inTransaction, pageWithCount, type Db } from './sql-helpers.js';

const toFile = (r: Selectable<FileObjectTable>): FileRecord => ({
  fileId: r.file_id,
  originalName: r.original_name,
  fileType: r.file_type,
  size: Number(r.size),
  contentHash: r.content_hash,
  storageKey: r.storage_key,
  ownerUserId: r.owner_user_id,
  createdAt: r.created_at,
});

const toSession = (r: Selectable<FileUploadTable>): UploadSession => ({
  uploadId: r.upload_id,
  ownerUserId: r.owner_user_id,
  fileName: r.file_name,
  fileSize: r.file_size === null ? null : Number(r.file_size),
  fileHash: r.file_hash,
  chunkTotal: r.chunk_total,
  chunkSize: r.chunk_size === null ? null : Number(r.chunk_size),
  status: r.status,
  fileId: r.file_id,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * Files and chunked uploads in PostgreSQL. Every chunk of an upload takes the upload row's lock
 * for its short transaction, so chunks landing on different API instances agree on the upload's
 * shape and a completion never races a chunk.
 */
export class SqlFileRecordRepository implements FileRecordRepository {
  constructor(private readonly db: Db) {}

  async createFile(file: FileRecord): Promise<void> {
    await this.db
      .insertInto('file_object')
      .values({
        file_id: file.fileId,
        original_name: file.originalName,
        file_type: file.fileType,
        size: file.size,
        content_hash: file.contentHash,
        storage_key: file.storageKey,
        owner_user_id: file.ownerUserId,
        created_at: file.createdAt,
      })
      .execute();
  }

  async findFile(fileId: string): Promise<FileRecord | null> {
    const row = await this.db
      .selectFrom('file_object')
      .selectAll()
      .where('file_id', '=', fileId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row ? toFile(row) : null;
  }

  async deleteFile(fileId: string): Promise<string | null> {
    const row = await this.db
      .updateTable('file_object')
      .set({ deleted_at: new Date() })
      .where('file_id', '=', fileId)
      .where('deleted_at', 'is', null)
      .returning('storage_key')
      .executeTakeFirst();
    return row?.storage_key ?? null;
  }

  async listOwnedFiles(
    ownerUserId: number,
    query: { readonly name?: string; readonly offset: number; readonly limit: number },
  ): Promise<{ readonly rows: readonly OwnedFile[]; readonly total: number }> {
    let owned = this.db
      .selectFrom('file_object')
      .where('owner_user_id', '=', ownerUserId)
      .where('deleted_at', 'is', null);
    const name = query.name?.trim();
    if (name) owned = owned.where(sql<boolean>`strpos(lower(original_name), lower(${name})) > 0`);
    const page = owned
      .select(['file_id', 'original_name', 'file_type', 'size', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('file_id')
      .offset(query.offset)
      .limit(query.limit);
    const count = owned.select((eb) => eb.fn.countAll<string>().as('n'));
    return pageWithCount(page, count, async (rows) => {
      const uses = await this.usesOf(rows.map((r) => r.file_id));
      return rows.map((r) => ({
        fileId: r.file_id,
        originalName: r.original_name,
        fileType: r.file_type,
        size: Number(r.size),
        createdAt: r.created_at,
        uses: uses.get(r.file_id) ?? [],
      }));
    });
  }

  /**
   * Where each file is linked, from every table that links a stored file to a record: contract
   * files, completion files, archives and the design tasks' files (the task's number and name).
   * Approval attachments live in each approval's form and are not listed here. A deleted
   * contract is not a place a file is used. The owner may see the name of a record outside
   * their data scope that their own file was linked to; nothing else of it.
   */
  private async usesOf(fileIds: readonly string[]): Promise<Map<string, FileUse[]>> {
    const out = new Map<string, FileUse[]>();
    if (fileIds.length === 0) return out;
    const ids = sql`${sql.val([...fileIds])}::text[]`;
    const { rows } = await sql<{ file_id: string; what: string; record: string | null }>`
      select cf.file_id, case cf.category when 'contract' then '合同文件'
          when 'government' then '政府文件' else '设计文件' end as what, c.contract_name as record
        from contract_file cf join contract c on c.contract_id = cf.contract_id
          and c.del_flag = '0'
        where cf.del_flag = '0' and cf.file_id = any(${ids})
      union all
      select ff.file_id, '完工文件', c.contract_name
        from contract_finish_file ff join contract c on c.contract_id = ff.contract_id
          and c.del_flag = '0'
        where ff.del_flag = '0' and ff.file_id = any(${ids})
      union all
      select a.file_id, '档案', a.archive_name
        from project_archive a where a.del_flag = '0' and a.file_id = any(${ids})
      union all
      select l.file_id, case l.kind when 'task' then '任务单附件' when 'result' then '成果文件'
          when 'acceptance' then '验收文件' when 'resultScan' then '成果盖章扫描件'
          when 'contractDesign' then '合同设计文件' when 'government' then '政府文件'
          when 'songda' then '送达文件' when 'sealImg' then '盖章图片' else '盖章扫描件' end,
          coalesce(t.task_no || ' ' || t.task_name, c.contract_name)
        from design_task_file l
        left join design_task_result r on l.kind in ('result', 'acceptance', 'resultScan')
          and r.result_id = l.owner_id
        left join design_task t on t.task_id = case when l.kind = 'task' then l.owner_id
          else r.task_id end
        left join contract c on l.kind in ('contractDesign', 'government')
          and c.contract_id = l.owner_id and c.del_flag = '0'
        where l.del_flag = '0' and l.file_id = any(${ids})`.execute(this.db);
    for (const r of rows) {
      const list = out.get(r.file_id.trim()) ?? [];
      list.push({ what: r.what, record: r.record ?? '' });
      out.set(r.file_id.trim(), list);
    }
    return out;
  }

  async createUpload(upload: {
    uploadId: string;
    ownerUserId: number;
    fileName: string;
    now: Date;
  }): Promise<void> {
    await this.db
      .insertInto('file_upload')
      .values({
        upload_id: upload.uploadId,
        owner_user_id: upload.ownerUserId,
        file_name: upload.fileName,
        file_size: null,
        file_hash: null,
        chunk_total: null,
        chunk_size: null,
        file_id: null,
        claimed_at: null,
        created_at: upload.now,
        updated_at: upload.now,
      })
      .execute();
  }

  async findUpload(uploadId: string): Promise<UploadSession | null> {
    const row = await this.db
      .selectFrom('file_upload')
      .selectAll()
      .where('upload_id', '=', uploadId)
      .executeTakeFirst();
    return row ? toSession(row) : null;
  }

  async listParts(uploadId: string): Promise<readonly UploadPart[]> {
    const rows = await this.db
      .selectFrom('file_upload_part')
      .select(['part_num', 'size', 'md5', 'storage_key'])
      .where('upload_id', '=', uploadId)
      .orderBy('part_num')
      .execute();
    return rows.map((r) => ({
      partNum: r.part_num,
      size: Number(r.size),
      md5: r.md5,
      storageKey: r.storage_key,
    }));
  }

  recordPart(
    uploadId: string,
    shape: UploadShape,
    part: UploadPart,
    now: Date,
  ): Promise<RecordPartOutcome> {
    return inTransaction(this.db, async (trx) => {
      // Fixes the shape on the first chunk and takes the row lock for this transaction.
      const row = await trx
        .selectFrom('file_upload')
        .selectAll()
        .where('upload_id', '=', uploadId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return { kind: 'missing' };
      const session = toSession(row);
      if (session.status !== 'uploading') return { kind: 'not-uploading', status: session.status };
      const fixed = session.fileSize !== null;
      if (
        fixed &&
        (session.fileSize !== shape.fileSize ||
          session.fileHash !== shape.fileHash ||
          session.chunkTotal !== shape.chunkTotal ||
          (session.chunkSize !== null &&
            shape.chunkSize !== null &&
            session.chunkSize !== shape.chunkSize))
      ) {
        return { kind: 'shape-mismatch', session };
      }
      await trx
        .updateTable('file_upload')
        .set({
          updated_at: now,
          ...(fixed
            ? {}
            : {
                file_size: shape.fileSize,
                file_hash: shape.fileHash,
                chunk_total: shape.chunkTotal,
                chunk_size: shape.chunkSize,
              }),
        })
        .where('upload_id', '=', uploadId)
        .execute();
      const previous = await trx
        .selectFrom('file_upload_part')
        .select('storage_key')
        .where('upload_id', '=', uploadId)
        .where('part_num', '=', part.partNum)
        .executeTakeFirst();
      await trx
        .insertInto('file_upload_part')
        .values({
          upload_id: uploadId,
          part_num: part.partNum,
          size: part.size,
          md5: part.md5,
          storage_key: part.storageKey,
          created_at: now,
        })
        .onConflict((oc) =>
          oc.columns(['upload_id', 'part_num']).doUpdateSet({
            size: part.size,
            md5: part.md5,
            storage_key: part.storageKey,
            created_at: now,
          }),
        )
        .execute();
      const replaced = previous && previous.storage_key !== part.storageKey;
      return { kind: 'recorded', replacedKey: replaced ? previous.storage_key : null };
    });
  }

  claimCompletion(uploadId: string, now: Date, staleBefore: Date): Promise<ClaimOutcome> {
    return inTransaction(this.db, async (trx) => {
      const row = await trx
        .selectFrom('file_upload')
        .selectAll()
        .where('upload_id', '=', uploadId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return { kind: 'missing' };
      const session = toSession(row);
      if (session.status === 'complete') {
        const file = session.fileId
          ? await trx
              .selectFrom('file_object')
              .selectAll()
              .where('file_id', '=', session.fileId)
              .executeTakeFirst()
          : undefined;
        return { kind: 'complete', session, file: file ? toFile(file) : null };
      }
      if (
        session.status === 'completing' &&
        row.claimed_at !== null &&
        row.claimed_at.getTime() >= staleBefore.getTime()
      ) {
        return { kind: 'busy' };
      }
      await trx
        .updateTable('file_upload')
        .set({ status: 'completing', claimed_at: now, updated_at: now })
        .where('upload_id', '=', uploadId)
        .execute();
      const parts = await new SqlFileRecordRepository(trx).listParts(uploadId);
      return { kind: 'claimed', session: { ...session, status: 'completing' }, parts };
    });
  }

  async releaseCompletion(uploadId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('file_upload')
      .set({ status: 'uploading', claimed_at: null, updated_at: now })
      .where('upload_id', '=', uploadId)
      .where('status', '=', 'completing')
      .execute();
  }

  finishCompletion(uploadId: string, file: FileRecord, now: Date): Promise<readonly string[]> {
    return inTransaction(this.db, async (trx) => {
      await new SqlFileRecordRepository(trx).createFile(file);
      await trx
        .updateTable('file_upload')
        .set({ status: 'complete', file_id: file.fileId, claimed_at: null, updated_at: now })
        .where('upload_id', '=', uploadId)
        .execute();
      const parts = await trx
        .deleteFrom('file_upload_part')
        .where('upload_id', '=', uploadId)
        .returning('storage_key')
        .execute();
      return parts.map((p) => p.storage_key);
    });
  }

  purgeAbandoned(before: Date, limit: number): Promise<readonly string[]> {
    return inTransaction(this.db, async (trx) => {
      // Another instance sweeping at the same time skips the rows this one holds.
      const stale = await trx
        .selectFrom('file_upload')
        .select('upload_id')
        .where('updated_at', '<', before)
        .orderBy('updated_at')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      const ids = stale.map((s) => s.upload_id);
      if (ids.length === 0) return [];
      const parts = await trx
        .deleteFrom('file_upload_part')
        .where('upload_id', 'in', ids)
        .returning('storage_key')
        .execute();
      await trx.deleteFrom('file_upload').where('upload_id', 'in', ids).execute();
      return parts.map((p) => p.storage_key);
    });
  }
}
