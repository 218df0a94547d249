import type {
  Archive,
  ArchiveAction,
  ArchiveActor,
  ArchiveListFilter,
  ArchiveLog,
  ArchiveRepositories,
  ArchiveRepository,
} from '@dpms/core';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { containsPattern } from './sql-helpers.js';

type Db = Kysely<Database>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const ARCHIVE_COLUMNS = [
  'a.archive_id',
  'a.archive_name',
  'a.archive_no',
  'a.contract_id',
  'a.project_name',
  'a.file_id',
  'a.file_name',
  'a.allow_view_user_ids',
  'a.memo',
  'a.dept_id',
  'a.user_id',
  'a.create_by',
  'a.create_time',
] as const;

function toArchive(r: Record<string, unknown>): Archive {
  const ids = Array.isArray(r.allow_view_user_ids) ? r.allow_view_user_ids : [];
  return {
    archiveId: Number(r.archive_id),
    archiveName: str(r.archive_name),
    archiveNo: str(r.archive_no),
    contractId: r.contract_id === null ? null : Number(r.contract_id),
    projectName: str(r.project_name),
    fileId: str(r.file_id).trim(),
    fileName: str(r.file_name),
    allowViewUserIds: ids.map(Number),
    memo: str(r.memo),
    deptId: r.dept_id === null ? null : Number(r.dept_id),
    userId: Number(r.user_id),
    createBy: str(r.create_by),
    createTime: r.create_time instanceof Date ? r.create_time : null,
  };
}

const intArray = (ids: readonly number[]) =>
  sql<number[]>`cast(${`{${ids.map((i) => String(Math.trunc(i))).join(',')}}`} as integer[])`;

export class SqlArchiveRepository implements ArchiveRepository {
  constructor(private readonly db: Db) {}

  private filtered(filter: ArchiveListFilter, actor: ArchiveActor) {
    return this.db
      .selectFrom('project_archive as a')
      .where('a.del_flag', '=', '0')
      .$if(!actor.keeper, (q) =>
        q.where((eb) =>
          eb.or([
            eb('a.user_id', '=', actor.userId),
            sql<boolean>`${actor.userId} = any(a.allow_view_user_ids)`,
          ]),
        ),
      )
      .$if(filter.archiveName !== undefined, (q) =>
        q.where('a.archive_name', 'ilike', containsPattern(filter.archiveName ?? '')),
      )
      .$if(filter.projectName !== undefined, (q) =>
        q.where('a.project_name', 'ilike', containsPattern(filter.projectName ?? '')),
      )
      .$if(filter.contractId !== undefined, (q) =>
        q.where('a.contract_id', '=', filter.contractId ?? 0),
      );
  }

  async list(
    filter: ArchiveListFilter,
    actor: ArchiveActor,
    page: { readonly offset: number; readonly limit: number },
  ): Promise<{ total: number; rows: Archive[] }> {
    const count = await this.filtered(filter, actor)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await this.filtered(filter, actor)
      .select(ARCHIVE_COLUMNS)
      .orderBy('a.archive_id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return { total: Number(count.n), rows: rows.map(toArchive) };
  }

  async findById(archiveId: number, forUpdate = false): Promise<Archive | null> {
    let q = this.db
      .selectFrom('project_archive as a')
      .select(ARCHIVE_COLUMNS)
      .where('a.archive_id', '=', archiveId)
      .where('a.del_flag', '=', '0');
    if (forUpdate) q = q.forUpdate();
    const r = await q.executeTakeFirst();
    return r === undefined ? null : toArchive(r);
  }

  async existingUsers(ids: readonly number[]): Promise<readonly number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('sys_user')
      .select('user_id')
      .where('user_id', 'in', [...ids])
      .where('del_flag', '=', '0')
      .execute();
    return rows.map((r) => Number(r.user_id));
  }

  async updateAllowView(archiveId: number, ids: readonly number[], at: Date): Promise<void> {
    await this.db
      .updateTable('project_archive')
      .set({ allow_view_user_ids: intArray(ids), update_time: at })
      .where('archive_id', '=', archiveId)
      .execute();
  }

  async updateMemo(archiveId: number, memo: string, at: Date): Promise<void> {
    await this.db
      .updateTable('project_archive')
      .set({ memo, update_time: at })
      .where('archive_id', '=', archiveId)
      .execute();
  }

  async appendLog(
    archiveId: number,
    action: ArchiveAction,
    actor: ArchiveActor,
    at: Date,
  ): Promise<void> {
    await this.db
      .insertInto('project_archive_log')
      .values({
        archive_id: archiveId,
        action,
        user_id: actor.userId,
        user_name: actor.userName,
        create_time: at,
      })
      .execute();
  }

  async logs(archiveId: number): Promise<ArchiveLog[]> {
    const rows = await this.db
      .selectFrom('project_archive_log')
      .selectAll()
      .where('archive_id', '=', archiveId)
      .orderBy('log_id', 'desc')
      .execute();
    return rows.map((r) => ({
      logId: r.log_id,
      archiveId: r.archive_id,
      action: r.action,
      userId: r.user_id,
      userName: r.user_name,
      createTime: r.create_time instanceof Date ? r.create_time : null,
    }));
  }
}

/** A new archive record (seed and tests; the registering screen is not part of 001 §7). */
export async function insertArchive(
  db: Db,
  a: {
    archiveName: string;
    archiveNo?: string;
    contractId?: number | null;
    projectName?: string;
    fileId: string;
    fileName?: string;
    allowViewUserIds?: readonly number[];
    memo?: string;
    deptId?: number | null;
    userId: number;
    createBy?: string;
  },
): Promise<number> {
  const r = await db
    .insertInto('project_archive')
    .values({
      archive_name: a.archiveName,
      archive_no: a.archiveNo ?? '',
      contract_id: a.contractId ?? null,
      project_name: a.projectName ?? '',
      file_id: a.fileId,
      file_name: a.fileName ?? '',
      allow_view_user_ids: intArray(a.allowViewUserIds ?? []),
      memo: a.memo ?? '',
      dept_id: a.deptId ?? null,
      user_id: a.userId,
      create_by: a.createBy ?? '',
    })
    .returning('archive_id')
    .executeTakeFirstOrThrow();
  return r.archive_id;
}

export const createArchiveRepositories = (db: Db): ArchiveRepositories => ({
  archives: new SqlArchiveRepository(db),
});
