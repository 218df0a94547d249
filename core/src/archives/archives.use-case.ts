import type { ApprovalEndedEvent } from '../approval/approval.repository.port.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { err, ok, type DomainError, type Result } from '../shared/result.js';
import { runWrite, WriteAbort, type WriteIdempotency } from '../shared/write.js';
import { instituteDay } from '../platform/institute-clock.js';
import { borrowStateCheck } from './archive-actions.js';
import {
  ARCHIVE_BORROW_RECORD_KIND,
  ARCHIVE_BORROW_TYPE_CODE,
  archiveBorrowErrors,
  borrowApprovalContent,
  borrowApprovalTitle,
  checkBorrowInput,
  type ArchiveBorrow,
  type ArchiveBorrowInput,
} from './archive-borrow.js';
import {
  ARCHIVE_NO_MAX,
  ARCHIVE_PROJECT_NAME_MAX,
  archiveErrors,
  archiveRegisterProblems,
  canManageArchive,
  canReadArchive,
  checkMemo,
  normaliseAllowView,
  type Archive,
  type ArchiveAction,
  type ArchiveActor,
  type ArchiveLog,
} from './archives.js';
import type {
  ArchiveBorrowListFilter,
  ArchiveListFilter,
  ArchiveListRow,
  ArchiveRepositories,
} from './archives.repository.port.js';

type R<T> = Promise<Result<T>>;

/**
 * Archives (/project/archives/*): reading one (view, downLoad) is allowed to its keeper, its
 * registrant and the users granted; every read is logged in the same transaction.
 */
export class ArchiveService {
  constructor(
    private readonly uow: UnitOfWork<ArchiveRepositories>,
    private readonly clock: { now(): Date },
  ) {}

  list(
    filter: ArchiveListFilter,
    actor: ArchiveActor,
    page: { offset: number; limit: number },
  ): Promise<{ total: number; rows: ArchiveListRow[] }> {
    return this.uow.transaction(async (r) =>
      r.archives.list(filter, actor, page, instituteDay(this.clock.now(), await r.timeZone())),
    );
  }

  /**
   * Reads an archive (view or download) and logs it; refused without permission: the keeper, the
   * registrant, the users granted, and a borrower within the approved period may read.
   */
  read(archiveId: number, action: ArchiveAction, actor: ArchiveActor): R<Archive> {
    return this.uow.transaction(async (r) => {
      const a = await r.archives.findById(archiveId);
      if (a === null) return err(archiveErrors.notFound());
      if (!(await ArchiveService.mayRead(r, a, actor, this.clock.now())))
        return err(archiveErrors.denied());
      await r.archives.appendLog(archiveId, action, actor, this.clock.now());
      return ok(a);
    });
  }

  /**
   * Registers an archive from a file the registrant uploaded (the keeper may register any file);
   * the registrant may read and manage it.
   */
  register(
    input: {
      archiveName: string;
      archiveNo?: string;
      projectName?: string;
      fileId: string;
      memo?: string;
    },
    actor: ArchiveActor,
  ): R<Archive> {
    const first = archiveRegisterProblems(input)[0];
    if (first !== undefined) return Promise.resolve(err(first));
    const name = input.archiveName.trim();
    const memo = (input.memo ?? '').trim();
    return runWrite(
      this.uow,
      () => this.clock.now(),
      async (r, now) => {
        const archiveId = await r.archives.register(
          {
            archiveName: name,
            archiveNo: [...(input.archiveNo ?? '').trim()].slice(0, ARCHIVE_NO_MAX).join(''),
            projectName: [...(input.projectName ?? '').trim()]
              .slice(0, ARCHIVE_PROJECT_NAME_MAX)
              .join(''),
            fileId: input.fileId.trim(),
            memo,
            userId: actor.userId,
            deptId: actor.deptId,
            createBy: actor.userName,
            at: now,
          },
          !actor.keeper,
        );
        if (archiveId === null) return err(archiveErrors.fileInvalid());
        const a = await r.archives.findById(archiveId);
        return a === null ? err(archiveErrors.notFound()) : ok(a);
      },
    );
  }

  /** The per-archive rule, with an approved borrowing within its period counted in. */
  static async mayRead(
    r: ArchiveRepositories,
    a: Archive,
    actor: ArchiveActor,
    now: Date,
  ): Promise<boolean> {
    if (canReadArchive(actor, a)) return true;
    const today = instituteDay(now, await r.timeZone());
    return r.borrows.grantsRead(a.archiveId, actor.userId, today);
  }

  logs(archiveId: number, actor: ArchiveActor): R<ArchiveLog[]> {
    return this.uow.transaction(async (r) => {
      const a = await r.archives.findById(archiveId);
      if (a === null) return err(archiveErrors.notFound());
      if (!canManageArchive(actor, a)) return err(archiveErrors.grantDenied());
      return ok(await r.archives.logs(archiveId));
    });
  }

  updateAllowView(archiveId: number, userIds: readonly number[], actor: ArchiveActor): R<Archive> {
    return this.uow.transaction(async (r) => {
      const a = await r.archives.findById(archiveId, true);
      if (a === null) return err(archiveErrors.notFound());
      if (!canManageArchive(actor, a)) return err(archiveErrors.grantDenied());
      const ids = normaliseAllowView(userIds);
      if (!ids.ok) return ids;
      const known = await r.archives.existingUsers(ids.value);
      if (known.length !== ids.value.length) return err(archiveErrors.unknownUser());
      await r.archives.updateAllowView(archiveId, ids.value, this.clock.now());
      return ok({ ...a, allowViewUserIds: ids.value });
    });
  }

  updateMemo(archiveId: number, memo: string, actor: ArchiveActor): R<Archive> {
    return this.uow.transaction(async (r) => {
      const a = await r.archives.findById(archiveId, true);
      if (a === null) return err(archiveErrors.notFound());
      if (!canManageArchive(actor, a)) return err(archiveErrors.grantDenied());
      const text = checkMemo(memo);
      if (!text.ok) return text;
      await r.archives.updateMemo(archiveId, text.value, this.clock.now());
      return ok({ ...a, memo: text.value });
    });
  }
}

/** The borrowing of archives (/project/archives/borrow*): approval 27_1 with the pledge. */
export class ArchiveBorrowService {
  constructor(
    private readonly uow: UnitOfWork<ArchiveRepositories>,
    private readonly clock: { now(): Date },
  ) {}

  private write<T>(
    fn: (r: ArchiveRepositories, now: Date) => Promise<Result<T>>,
    idem?: WriteIdempotency,
  ): R<T> {
    return runWrite(this.uow, () => this.clock.now(), fn, idem);
  }

  /**
   * Asks to borrow an archive: purpose, period and the confidentiality pledge; a person has at
   * most one open borrowing of an archive. `submit` sends it into approval (27_1) at once. A
   * repeat under the same Idempotency-Key (an answer lost on the way) gets the first answer,
   * not "already borrowing".
   */
  borrow(
    input: ArchiveBorrowInput,
    actor: ArchiveActor,
    submit = true,
    idem?: WriteIdempotency,
  ): R<ArchiveBorrow> {
    return this.write(async (r, now) => {
      const checked = checkBorrowInput(input, now, await r.timeZone());
      if (!checked.ok) return checked;
      const a = await r.archives.findById(input.archiveId, true);
      if (a === null) return err(archiveErrors.notFound());
      if (await ArchiveService.mayRead(r, a, actor, now))
        return err(archiveBorrowErrors.needless());
      if ((await r.borrows.openOf(a.archiveId, actor.userId)) !== null)
        return err(archiveBorrowErrors.open());
      const borrowId = await r.borrows.insert({
        archiveId: a.archiveId,
        userId: actor.userId,
        userName: actor.userName,
        deptId: actor.deptId,
        ...checked.value,
        at: now,
      });
      // A second request racing this one lost at the open-borrowing index.
      if (borrowId === null) return err(archiveBorrowErrors.open());
      if (submit) {
        const sent = await ArchiveBorrowService.send(r, borrowId, actor, now);
        if (!sent.ok) throw new WriteAbort(sent.error);
      }
      return ArchiveBorrowService.visible(r, borrowId, actor);
    }, idem);
  }

  /** Sends a borrowing to submit, turned down or withdrawn into approval (updateToApproval). */
  submit(borrowId: number, actor: ArchiveActor): R<ArchiveBorrow> {
    return this.write(async (r, now) => {
      const found = await ArchiveBorrowService.visible(r, borrowId, actor, true);
      if (!found.ok) return found;
      const may = borrowStateCheck('submit', found.value, actor);
      if (!may.ok) return may;
      const sent = await ArchiveBorrowService.send(r, borrowId, actor, now);
      if (!sent.ok) return sent;
      return ArchiveBorrowService.visible(r, borrowId, actor);
    });
  }

  private static async send(
    r: ArchiveRepositories,
    borrowId: number,
    actor: ArchiveActor,
    now: Date,
  ): R<void> {
    const b = await r.borrows.get(borrowId, true);
    if (b === null) return err(archiveBorrowErrors.notFound());
    if (b.status === 0 || b.status === 1) return err(archiveBorrowErrors.notSubmittable());
    // A turned-down request sent again must still be the person's only open one.
    const open = await r.borrows.openOf(b.archiveId, b.userId);
    if (open !== null && open.borrowId !== b.borrowId) return err(archiveBorrowErrors.open());
    const sent = await r.approvals.submit({
      kind: 'ArchivesApproval',
      typeCode: ARCHIVE_BORROW_TYPE_CODE,
      recordKind: ARCHIVE_BORROW_RECORD_KIND,
      title: borrowApprovalTitle(b),
      content: borrowApprovalContent(b, instituteDay(now, await r.timeZone())),
      recordId: String(b.borrowId),
      drafterId: actor.userId,
      drafterDeptId: actor.deptId,
      idempotencyScope: 'archives.submitBorrow',
    });
    if (!sent.ok) return sent;
    await r.borrows.update(
      b.borrowId,
      {
        status: sent.value.status === 1 ? 1 : 0,
        approvalId: sent.value.approvalId,
        ...(sent.value.status === 1 ? { approvedTime: now } : {}),
      },
      now,
    );
    return ok(undefined);
  }

  /** Returns a borrowed archive (the borrower or the keeper); reading ends with it. */
  giveBack(borrowId: number, actor: ArchiveActor): R<ArchiveBorrow> {
    return this.write(async (r, now) => {
      const found = await ArchiveBorrowService.visible(r, borrowId, actor, true);
      if (!found.ok) return found;
      const b = found.value;
      const may = borrowStateCheck('giveBack', b, actor);
      if (!may.ok) return may;
      await r.borrows.update(b.borrowId, { returnedTime: now, returnedBy: actor.userName }, now);
      return ArchiveBorrowService.visible(r, borrowId, actor);
    });
  }

  detail(borrowId: number, actor: ArchiveActor): R<ArchiveBorrow> {
    return this.uow.transaction((r) => ArchiveBorrowService.visible(r, borrowId, actor));
  }

  list(
    filter: ArchiveBorrowListFilter,
    actor: ArchiveActor,
    page: { offset: number; limit: number },
  ): Promise<{ total: number; rows: ArchiveBorrow[] }> {
    return this.uow.transaction(async (r) =>
      r.borrows.list(filter, actor, page, instituteDay(this.clock.now(), await r.timeZone())),
    );
  }

  /** The export's rows, page by page (each page its own read), so none sits whole in memory. */
  async *exportRows(
    filter: ArchiveBorrowListFilter,
    actor: ArchiveActor,
    batch = 1000,
  ): AsyncGenerator<ArchiveBorrow> {
    const today = await this.today();
    let before = 2_147_483_647;
    for (;;) {
      const rows = await this.uow.transaction((r) =>
        r.borrows.exportBatch(filter, actor, before, batch, today),
      );
      yield* rows;
      const last = rows[rows.length - 1];
      if (rows.length < batch || last === undefined) return;
      before = last.borrowId;
    }
  }

  /** Today's calendar day at the institute, for the views' state labels. */
  today(): Promise<string> {
    return this.uow.transaction(async (r) => instituteDay(this.clock.now(), await r.timeZone()));
  }

  private static async visible(
    r: ArchiveRepositories,
    borrowId: number,
    actor: ArchiveActor,
    forUpdate = false,
  ): R<ArchiveBorrow> {
    const b = await r.borrows.get(borrowId, forUpdate);
    if (b === null) return err(archiveBorrowErrors.notFound());
    if (!actor.keeper && b.userId !== actor.userId) return err(archiveBorrowErrors.denied());
    return ok(b);
  }
}

/**
 * The borrowing's approval ended: approved, the borrower may read the archive within the period;
 * turned down or withdrawn, it goes back to the borrower to change and send again. Runs in the
 * approval's transaction.
 */
export async function moveBorrowOnApproval(
  repos: ArchiveRepositories,
  event: Pick<ApprovalEndedEvent, 'approvalId' | 'recordId' | 'status' | 'at'>,
): Promise<Result<void, DomainError>> {
  const b = await repos.borrows.get(Number(event.recordId), true);
  if (b === null || b.approvalId !== event.approvalId || b.status !== 0) return ok(undefined);
  if (event.status === 1) {
    await repos.borrows.update(b.borrowId, { status: 1, approvedTime: event.at }, event.at);
  } else if (event.status === 2 || event.status === 3) {
    await repos.borrows.update(b.borrowId, { status: event.status }, event.at);
  }
  return ok(undefined);
}
