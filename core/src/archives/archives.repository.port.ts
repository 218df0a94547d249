import type { IdempotencyRepository } from '../platform/auth-session.repository.port.js';
import type { RecordApprovalPort } from '../approval/record-approval.port.js';
import type { RecordAuthors } from '../approval/linked-record-ports.js';
import type { ArchiveBorrow, ArchiveBorrowState, ArchiveBorrowStatus } from './archive-borrow.js';
import type { Archive, ArchiveAction, ArchiveActor, ArchiveLog } from './archives.js';

export interface ArchiveListFilter {
  readonly archiveName?: string;
  readonly projectName?: string;
  readonly contractId?: number;
  /** Only the archives the caller may read now (without it: the catalogue, see `list`). */
  readonly readableOnly?: boolean;
}

/** An archive row of the list with whether the caller may read it today. */
export interface ArchiveListRow extends Archive {
  readonly canRead: boolean;
}

export interface ArchiveRepository {
  /**
   * The catalogue the actor may browse (keeper: all), newest first: the archives they may read,
   * those they borrowed, and those in their data scope (so they can ask to borrow them).
   * `today` decides which borrowings grant reading.
   */
  list(
    filter: ArchiveListFilter,
    actor: ArchiveActor,
    page: { readonly offset: number; readonly limit: number },
    today: string,
  ): Promise<{ total: number; rows: ArchiveListRow[] }>;
  findById(archiveId: number, forUpdate?: boolean): Promise<Archive | null>;
  /** Registers an archive; null when the file is not one the registrant owns (or is missing). */
  register(input: NewArchive, ownerOnly: boolean): Promise<number | null>;
  /** The ids among `ids` that are live users. */
  existingUsers(ids: readonly number[]): Promise<readonly number[]>;
  updateAllowView(archiveId: number, ids: readonly number[], at: Date): Promise<void>;
  updateMemo(archiveId: number, memo: string, at: Date): Promise<void>;
  appendLog(archiveId: number, action: ArchiveAction, actor: ArchiveActor, at: Date): Promise<void>;
  logs(archiveId: number): Promise<ArchiveLog[]>;
}

export interface NewArchive {
  readonly archiveName: string;
  readonly archiveNo: string;
  readonly projectName: string;
  readonly fileId: string;
  readonly memo: string;
  readonly userId: number;
  readonly deptId: number | null;
  readonly createBy: string;
  readonly at: Date;
}

export interface ArchiveBorrowListFilter {
  readonly archiveId?: number;
  readonly archiveName?: string;
  readonly userName?: string;
  readonly state?: ArchiveBorrowState;
}

export interface NewArchiveBorrow {
  readonly archiveId: number;
  readonly userId: number;
  readonly userName: string;
  readonly deptId: number | null;
  readonly purpose: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly pledge: string;
  readonly at: Date;
}

export interface ArchiveBorrowPatch {
  readonly status?: ArchiveBorrowStatus;
  readonly approvalId?: string;
  readonly approvedTime?: Date;
  readonly returnedTime?: Date;
  readonly returnedBy?: string;
}

/** A borrowing's author (`authorOf`) is its borrower, kept off its approval. */
export interface ArchiveBorrowRepository extends RecordAuthors {
  /** Inserts a borrowing; null when the person already has an open one of the archive. */
  insert(n: NewArchiveBorrow): Promise<number | null>;
  get(borrowId: number, forUpdate?: boolean): Promise<ArchiveBorrow | null>;
  /** The person's open borrowing of the archive (to submit, in approval, not returned). */
  openOf(archiveId: number, userId: number): Promise<ArchiveBorrow | null>;
  /** Whether the person holds an approved, not returned borrowing of it covering `today`. */
  grantsRead(archiveId: number, userId: number, today: string): Promise<boolean>;
  update(borrowId: number, patch: ArchiveBorrowPatch, at: Date): Promise<void>;
  /** Borrowings the actor may see (keeper: all; others: their own), newest first. */
  list(
    filter: ArchiveBorrowListFilter,
    actor: ArchiveActor,
    page: { readonly offset: number; readonly limit: number },
    today: string,
  ): Promise<{ total: number; rows: ArchiveBorrow[] }>;
  /** One page of the export, newest first, below the id `before` (keyset). */
  exportBatch(
    filter: ArchiveBorrowListFilter,
    actor: ArchiveActor,
    before: number,
    batch: number,
    today: string,
  ): Promise<readonly ArchiveBorrow[]>;
}

export interface ArchiveRepositories {
  readonly archives: ArchiveRepository;
  readonly borrows: ArchiveBorrowRepository;
  /** Sends a borrowing (27_1) into approval through the engine, in the same transaction. */
  readonly approvals: RecordApprovalPort;
  /** The institute's time zone (sys_config sys.institute.timeZone): whose "today" counts. */
  timeZone(): Promise<string>;
  /** The Idempotency-Key store a borrowing claims its key in (runWrite). */
  readonly idempotency?: IdempotencyRepository;
}
