import { recordAuthor } from './record-author.js';
import {
  ApprovalEngine,
  ARCHIVE_BORROW_RECORD_KIND,
  ARCHIVE_BORROW_TYPE_CODE,
  moveBorrowOnApproval,
  ok,
  type Archive,
  type ArchiveAction,
  type ArchiveActor,
  type ArchiveApprovalPort,
  type ArchiveBorrow,
  type ArchiveBorrowListFilter,
  type ArchiveBorrowPatch,
  type ArchiveBorrowRepository,
  type ArchiveBorrowStatus,
  type ArchiveListFilter,
  type ArchiveListRow,
  type ArchiveLog,
  type ArchiveRepositories,
  type ArchiveRepository,
  type LinkedRecordRegistry,
  type NewArchive,
  type NewArchiveBorrow,
} from '@dpms/core';
import { instituteTimeZone } from './institute-time-zone.js';
import { sql, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../database/schema.js';
import { KyselyUnitOfWork } from './platform-repositories.js';
import { createApprovalRepositories } from './sql-approval.repository.js';
import { containsPattern, isUniqueViolation, scopeCondition } from './sql-helpers.js';

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
    const count = await this.filtered(filter, actor, today)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await this.filtered(filter, actor, today)
      .select(ARCHIVE_COLUMNS)
      .select(canReadExpr(actor, today).as('can_read'))
      .orderBy('a.archive_id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return {
      total: Number(count.n),
      rows: rows.map((r) => ({ ...toArchive(r), canRead: r.can_read === true })),
    };
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

// ---- borrowing ---------------------------------------------------------------------------------

const BORROW_COLUMNS = [
  'b.borrow_id',
  'b.archive_id',
  'a.archive_name',
  'a.archive_no',
  'a.project_name',
  'b.user_id',
  'b.user_name',
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
function stateCondition(state: ArchiveBorrowListFilter['state'], today: string) {
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
    const count = await this.filtered(filter, actor, today)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await this.filtered(filter, actor, today)
      .select(BORROW_COLUMNS)
      .orderBy('b.borrow_id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    return { total: Number(count.n), rows: rows.map(toBorrow) };
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

type EngineClock = { now(): Date };

/** Sends borrowings (27_1) through the approval engine inside the archive's transaction. */
export class EngineArchiveApprovalPort implements ArchiveApprovalPort {
  constructor(
    private readonly trx: Db,
    private readonly linked: LinkedRecordRegistry<Db> | undefined,
    private readonly clock: EngineClock,
  ) {}

  async submitBorrow(request: Parameters<ArchiveApprovalPort['submitBorrow']>[0]) {
    if (this.linked === undefined) throw new Error('archive approvals need the linked records');
    const engine = new ApprovalEngine(
      new KyselyUnitOfWork(this.trx, (t) =>
        createApprovalRepositories(t, this.linked as LinkedRecordRegistry<Db>),
      ),
      this.clock,
    );
    const r = await engine.create(
      {
        kind: 'ArchivesApproval',
        typeCode: ARCHIVE_BORROW_TYPE_CODE,
        title: request.title,
        content: request.content,
        recordKind: ARCHIVE_BORROW_RECORD_KIND,
        recordId: request.recordId,
        submit: true,
      },
      {
        userId: request.drafterId,
        deptId: request.drafterDeptId,
        scope: { kind: 'own', userId: request.drafterId },
      },
      { route: 'archives.submitBorrow' },
    );
    if (!r.ok) return r;
    return ok({ approvalId: r.value.approvalId, status: r.value.status });
  }
}

/** The archive ports bound to one connection or transaction. */
export const createArchiveRepositories = (
  db: Db,
  linked?: LinkedRecordRegistry<Db>,
  clock: EngineClock = { now: () => new Date() },
): ArchiveRepositories => ({
  archives: new SqlArchiveRepository(db),
  borrows: new SqlArchiveBorrowRepository(db),
  approvals: new EngineArchiveApprovalPort(db, linked, clock),
  timeZone: () => instituteTimeZone(db),
});

/** Registers the borrowing's handler: an approved 27_1 opens the archive to the borrower. */
export function registerArchiveRecords(linked: LinkedRecordRegistry<Db>): LinkedRecordRegistry<Db> {
  return linked.register(ARCHIVE_BORROW_RECORD_KIND, (trx) => ({
    approvalEnded: (event) =>
      moveBorrowOnApproval(createArchiveRepositories(trx, linked, { now: () => event.at }), event),
    authorOf: (recordId) => recordAuthor(trx, 'project_archive_borrow', recordId),
  }));
}
