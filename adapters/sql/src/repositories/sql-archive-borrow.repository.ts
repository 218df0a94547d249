import {
  type ArchiveActor,
  type ArchiveBorrow,
  type ArchiveBorrowListFilter,
  type ArchiveBorrowPatch,
  type ArchiveBorrowRepository,
  type ArchiveBorrowStatus,
  type NewArchiveBorrow,
  personNameOf,
} from '@dpms/core';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../database/schema.js';
import { recordAuthor } from './record-author.js';
import { containsPattern, isUniqueViolation, nickNameOf, pageWithCount } from './sql-helpers.js';

/*
 * Archive borrowings (project_archive_borrow, 调档承诺书 27_1): the borrowing half of the archives
 * adapter, beside the catalogue's SqlArchiveRepository (sql-archives.repository.ts).
 */

type Db = Kysely<Database>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

const BORROW_COLUMNS = [
  'b.borrow_id',
  'b.archive_id',
  'a.archive_name',
  'a.archive_no',
  'a.project_name',
  'b.user_id',
  'b.user_name',
  nickNameOf('b.user_name').as('user_nick_name'),
  'b.dept_id',
  'b.purpose',
  'b.start_date',
  'b.end_date',
  'b.pledge',
  'b.status',
  'b.approval_id',
  'b.approved_time',
  'b.returned_time',
  'b.returned_by',
  'b.create_time',
] as const;

const dateText = (v: unknown): string =>
  v instanceof Date ? v.toISOString().slice(0, 10) : str(v).slice(0, 10);
const timeOf = (v: unknown): Date | null =>
  v instanceof Date ? v : typeof v === 'string' ? new Date(v) : null;

function toBorrow(r: Record<string, unknown>): ArchiveBorrow {
  return {
    borrowId: Number(r.borrow_id),
    archiveId: Number(r.archive_id),
    archiveName: str(r.archive_name),
    archiveNo: str(r.archive_no),
    projectName: str(r.project_name),
    userId: Number(r.user_id),
    userName: str(r.user_name),
    nickName: personNameOf(str(r.user_name), str(r.user_nick_name)),
    deptId: r.dept_id === null ? null : Number(r.dept_id),
    purpose: str(r.purpose),
    startDate: dateText(r.start_date),
    endDate: dateText(r.end_date),
    pledge: str(r.pledge),
    status: Number(r.status) as ArchiveBorrowStatus,
    approvalId: r.approval_id === null ? null : String(Number(r.approval_id)),
    approvedTime: timeOf(r.approved_time),
    returnedTime: timeOf(r.returned_time),
    returnedBy: str(r.returned_by),
    createTime: timeOf(r.create_time),
  };
}

/** The SQL condition of a borrowing state on `today` (core's borrowState). */
export function stateCondition(state: ArchiveBorrowListFilter['state'], today: string) {
  const day = sql`cast(${today} as date)`;
  switch (state) {
    case 'draft':
      return sql<SqlBool>`b.status = -1`;
    case 'approving':
      return sql<SqlBool>`b.status = 0`;
    case 'rejected':
      return sql<SqlBool>`b.status = 2`;
    case 'withdrawn':
      return sql<SqlBool>`b.status = 3`;
    case 'returned':
      return sql<SqlBool>`b.status = 1 and b.returned_time is not null`;
    case 'waiting':
      return sql<SqlBool>`b.status = 1 and b.returned_time is null and b.start_date > ${day}`;
    case 'borrowed':
      return sql<SqlBool>`b.status = 1 and b.returned_time is null
        and b.start_date <= ${day} and b.end_date >= ${day}`;
    case 'overdue':
      return sql<SqlBool>`b.status = 1 and b.returned_time is null and b.end_date < ${day}`;
    case undefined:
      return sql<SqlBool>`true`;
  }
}

export class SqlArchiveBorrowRepository implements ArchiveBorrowRepository {
  constructor(private readonly db: Db) {}

  authorOf(recordId: string) {
    return recordAuthor(this.db, 'project_archive_borrow', recordId);
  }

  private base() {
    return this.db
      .selectFrom('project_archive_borrow as b')
      .innerJoin('project_archive as a', 'a.archive_id', 'b.archive_id')
      .where('b.del_flag', '=', '0');
  }

  async insert(n: NewArchiveBorrow): Promise<number | null> {
    try {
      // A savepoint, so losing the race at the unique index leaves the transaction usable.
      await sql`savepoint archive_borrow_insert`.execute(this.db);
      const r = await this.db
        .insertInto('project_archive_borrow')
        .values({
          archive_id: n.archiveId,
          user_id: n.userId,
          user_name: n.userName,
          dept_id: n.deptId,
          purpose: n.purpose,
          start_date: n.startDate,
          end_date: n.endDate,
          pledge: n.pledge,
          create_time: n.at,
          update_time: n.at,
        })
        .returning('borrow_id')
        .executeTakeFirstOrThrow();
      await sql`release savepoint archive_borrow_insert`.execute(this.db);
      return r.borrow_id;
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      await sql`rollback to savepoint archive_borrow_insert`.execute(this.db);
      return null;
    }
  }

  async get(borrowId: number, forUpdate = false): Promise<ArchiveBorrow | null> {
    let q = this.base().select(BORROW_COLUMNS).where('b.borrow_id', '=', borrowId);
    if (forUpdate) q = q.forUpdate('b');
    const r = await q.executeTakeFirst();
    return r === undefined ? null : toBorrow(r);
  }

  async openOf(archiveId: number, userId: number): Promise<ArchiveBorrow | null> {
    const r = await this.base()
      .select(BORROW_COLUMNS)
      .where('b.archive_id', '=', archiveId)
      .where('b.user_id', '=', userId)
      .where('b.returned_time', 'is', null)
      .where('b.status', 'in', [-1, 0, 1])
      .executeTakeFirst();
    return r === undefined ? null : toBorrow(r);
  }

  async grantsRead(archiveId: number, userId: number, today: string): Promise<boolean> {
    const r = await this.base()
      .select('b.borrow_id')
      .where('b.archive_id', '=', archiveId)
      .where(stateCondition('borrowed', today))
      .where('b.user_id', '=', userId)
      .executeTakeFirst();
    return r !== undefined;
  }

  async update(borrowId: number, patch: ArchiveBorrowPatch, at: Date): Promise<void> {
    await this.db
      .updateTable('project_archive_borrow')
      .set({
        ...(patch.status === undefined ? {} : { status: patch.status }),
        ...(patch.approvalId === undefined ? {} : { approval_id: Number(patch.approvalId) }),
        ...(patch.approvedTime === undefined ? {} : { approved_time: patch.approvedTime }),
        ...(patch.returnedTime === undefined ? {} : { returned_time: patch.returnedTime }),
        ...(patch.returnedBy === undefined ? {} : { returned_by: patch.returnedBy }),
        update_time: at,
      })
      .where('borrow_id', '=', borrowId)
      .execute();
  }

  private filtered(filter: ArchiveBorrowListFilter, actor: ArchiveActor, today: string) {
    return this.base()
      .$if(!actor.keeper, (q) => q.where('b.user_id', '=', actor.userId))
      .$if(filter.archiveId !== undefined, (q) =>
        q.where('b.archive_id', '=', filter.archiveId ?? 0),
      )
      .$if(filter.archiveName !== undefined, (q) =>
        q.where('a.archive_name', 'ilike', containsPattern(filter.archiveName ?? '')),
      )
      .$if(filter.userName !== undefined, (q) =>
        q.where('b.user_name', 'ilike', containsPattern(filter.userName ?? '')),
      )
      .where(stateCondition(filter.state, today));
  }

  async list(
    filter: ArchiveBorrowListFilter,
    actor: ArchiveActor,
    page: { readonly offset: number; readonly limit: number },
    today: string,
  ): Promise<{ total: number; rows: ArchiveBorrow[] }> {
    const count = this.filtered(filter, actor, today).select((eb) =>
      eb.fn.countAll<string>().as('n'),
    );
    const rows = this.filtered(filter, actor, today)
      .select(BORROW_COLUMNS)
      .orderBy('b.borrow_id', 'desc')
      .offset(page.offset)
      .limit(page.limit);
    return pageWithCount(rows, count, (found) => found.map(toBorrow));
  }

  async exportBatch(
    filter: ArchiveBorrowListFilter,
    actor: ArchiveActor,
    before: number,
    batch: number,
    today: string,
  ): Promise<readonly ArchiveBorrow[]> {
    const rows = await this.filtered(filter, actor, today)
      .select(BORROW_COLUMNS)
      .where('b.borrow_id', '<', before)
      .orderBy('b.borrow_id', 'desc')
      .limit(batch)
      .execute();
    return rows.map(toBorrow);
  }
}
