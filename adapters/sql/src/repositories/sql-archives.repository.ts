import { nickNameOf } from './sql-helpers.js';
import {
  personNameOf,
  type Archive,
  type ArchiveAction,
  type ArchiveActor,
  type ArchiveListFilter,
  type ArchiveListRow,
  type ArchiveLog,
  type ArchiveRepositories,
  type ArchiveRepository,
  type LinkedRecordRegistry,
  type NewArchive,
  type RecordApprovalPort,
} from '@dpms/core';
import { instituteTimeZone } from './institute-time-zone.js';
import { SqlIdempotencyRepository } from './sql-auth.repository.js';
import { sql, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../database/schema.js';
import { EngineRecordApprovalPort } from './sql-approval-submit.js';
import { SqlArchiveBorrowRepository, stateCondition } from './sql-archive-borrow.repository.js';
import { containsPattern, scopeCondition, pageWithCount } from './sql-helpers.js';

/** The borrowings' half lives beside it; re-exported so the package's surface stays put. */
export { SqlArchiveBorrowRepository };

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
  nickNameOf('a.create_by').as('create_by_name'),
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
    createByName: personNameOf(str(r.create_by), str(r.create_by_name)),
    createTime: r.create_time instanceof Date ? r.create_time : null,
  };
}

const intArray = (ids: readonly number[]) =>
  sql<number[]>`cast(${`{${ids.map((i) => String(Math.trunc(i))).join(',')}}`} as integer[])`;

type AnyEb = ExpressionBuilder<Database, keyof Database>;

/** Whether `userId` holds an approved, not returned borrowing of archive `a` covering `today`. */
const borrowGrants = (userId: number, today: string) =>
  sql<boolean>`exists (select 1 from project_archive_borrow b
    where b.archive_id = a.archive_id and b.user_id = ${userId} and b.del_flag = '0'
      and ${stateCondition('borrowed', today)})`;

/** Whether the actor may read archive `a` today (core's canReadArchive plus a borrowing). */
const canReadExpr = (actor: ArchiveActor, today: string) =>
  actor.keeper
    ? sql<SqlBool>`true`
    : sql<SqlBool>`(a.user_id = ${actor.userId} or ${actor.userId} = any(a.allow_view_user_ids)
        or ${borrowGrants(actor.userId, today)})`;

export class SqlArchiveRepository implements ArchiveRepository {
  constructor(private readonly db: Db) {}

  private filtered(filter: ArchiveListFilter, actor: ArchiveActor, today: string) {
    return this.db
      .selectFrom('project_archive as a')
      .where('a.del_flag', '=', '0')
      .$if(!actor.keeper, (q) =>
        q.where((eb) =>
          filter.readableOnly === true
            ? canReadExpr(actor, today)
            : eb.or([
                canReadExpr(actor, today),
                // The catalogue: what the data scope covers, and what the person has borrowed.
                scopeCondition(
                  eb as unknown as AnyEb,
                  actor.scope,
                  eb.ref('a.dept_id'),
                  eb.ref('a.user_id'),
                ),
                sql<SqlBool>`exists (select 1 from project_archive_borrow b
                  where b.archive_id = a.archive_id and b.user_id = ${actor.userId}
                    and b.del_flag = '0')`,
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
    today: string,
  ): Promise<{ total: number; rows: ArchiveListRow[] }> {
    const count = this.filtered(filter, actor, today).select((eb) =>
      eb.fn.countAll<string>().as('n'),
    );
    const rows = this.filtered(filter, actor, today)
      .select(ARCHIVE_COLUMNS)
      .select(canReadExpr(actor, today).as('can_read'))
      .orderBy('a.archive_id', 'desc')
      .offset(page.offset)
      .limit(page.limit);
    return pageWithCount(rows, count, (found) =>
      found.map((r) => ({ ...toArchive(r), canRead: r.can_read === true })),
    );
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

  async register(input: NewArchive, ownerOnly: boolean): Promise<number | null> {
    const file = await this.db
      .selectFrom('file_object')
      .select(['file_id', 'original_name', 'owner_user_id'])
      .where('file_id', '=', input.fileId)
      .executeTakeFirst();
    if (file === undefined || (ownerOnly && file.owner_user_id !== input.userId)) return null;
    return insertArchive(this.db, {
      archiveName: input.archiveName,
      archiveNo: input.archiveNo,
      projectName: input.projectName,
      fileId: input.fileId,
      fileName: file.original_name,
      memo: input.memo,
      deptId: input.deptId,
      userId: input.userId,
      createBy: input.createBy,
    });
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
      .select(nickNameOf('project_archive_log.user_name').as('nick_name'))
      .where('archive_id', '=', archiveId)
      .orderBy('log_id', 'desc')
      .execute();
    return rows.map((r) => ({
      logId: r.log_id,
      archiveId: r.archive_id,
      action: r.action,
      userId: r.user_id,
      userName: r.user_name,
      nickName: personNameOf(r.user_name, r.nick_name),
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

type EngineClock = { now(): Date };

/** Without the linked records (the reads' bindings) a borrowing cannot be sent into approval. */
const unlinkedApprovals: RecordApprovalPort = {
  submit: () => Promise.reject(new Error('archive approvals need the linked records')),
};

/** The archive ports bound to one connection or transaction. */
export const createArchiveRepositories = (
  db: Db,
  linked?: LinkedRecordRegistry<Db>,
  clock: EngineClock = { now: () => new Date() },
): ArchiveRepositories => ({
  archives: new SqlArchiveRepository(db),
  borrows: new SqlArchiveBorrowRepository(db),
  approvals:
    linked === undefined ? unlinkedApprovals : new EngineRecordApprovalPort(db, linked, clock),
  timeZone: () => instituteTimeZone(db),
  idempotency: new SqlIdempotencyRepository(db),
});
