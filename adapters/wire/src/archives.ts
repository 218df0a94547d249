import { z } from 'zod';
import {
  ARCHIVE_BORROW_STATE_LABELS,
  archiveErrors,
  archiveRegisterProblems,
  borrowInputProblems,
  checkMemo,
  REQUIRED_ARCHIVE_FIELDS,
  REQUIRED_BORROW_FIELDS,
  type ArchiveBorrowState,
} from '@dpms/core';
import { coreProblems } from './core-problems.js';
import { nullAsAbsent, okEnvelope, pageEnvelope, timestamp } from './envelope.js';
import { pagingShape } from './paging.js';
import { id, optionalEnum, optionalId, textFilter } from './primitives.js';

/*
 * The archives slice's wire contract (/project/archives/*): the catalogue, registering an archive,
 * its memo and grants, its logs, and borrowing (调档承诺书 27_1). Shapes here; the rules are
 * core's (`borrowInputProblems`, `archiveRegisterProblems`, `checkMemo`), run as one check over
 * the whole object so a form shows every field's problem at once in core's words. The use case
 * checks again with what only it knows (the institute's day, who owns the file).
 */

/** Text as sent: core trims it and checks its limit; null is absent. */
const text = () => z.preprocess(nullAsAbsent, z.string().optional());

export const ARCHIVE_BORROW_STATES = Object.keys(ARCHIVE_BORROW_STATE_LABELS) as [
  ArchiveBorrowState,
  ...ArchiveBorrowState[],
];

export { REQUIRED_ARCHIVE_FIELDS, REQUIRED_BORROW_FIELDS };

// ---- requests ------------------------------------------------------------------------------------

export const archiveIdQuery = z.object({ archiveId: id() });

export const archiveListQuery = z.object({
  ...pagingShape(['archiveId'] as const),
  archiveName: textFilter(100),
  projectName: textFilter(100),
  contractId: optionalId(),
  readableOnly: optionalEnum(['0', '1']),
});

export const archiveFileQuery = z.object({
  archiveId: id(),
  preview: optionalEnum(['true', 'false', '1', '0']),
});

/** 登记档案: a name, the registrant's uploaded file, and optional number, project and memo. */
export const archiveAddBody = z
  .object({
    archiveName: z.string({ error: archiveErrors.nameRequired().message }),
    archiveNo: text(),
    projectName: text(),
    fileId: z.string({ error: archiveErrors.fileRequired().message }).trim().max(64),
    memo: text(),
  })
  .check(coreProblems(archiveRegisterProblems));

export const archiveMemoBody = z.object({ archiveId: id(), memo: z.string() }).check(
  coreProblems((v) => {
    const r = checkMemo(typeof v['memo'] === 'string' ? v['memo'] : '');
    return r.ok ? [] : [r.error];
  }),
);

export const archiveAllowViewBody = z.object({
  archiveId: id(),
  allowViewUserIds: z.array(id()).max(500),
});

const borrowShape = {
  archiveId: id(),
  purpose: text(),
  startDate: text().meta({ format: 'date' }),
  endDate: text().meta({ format: 'date' }),
  pledge: text(),
  /** false keeps the request as a draft instead of sending it into approval. */
  submit: z.boolean().optional(),
};

/**
 * 申请借阅: core's borrowing rules over the whole request. "Not before today" needs the
 * institute's day, which a schema on the server has not got: the use case checks it there, and a
 * form checks it with `archiveBorrowFormBody(today)`.
 */
export const archiveBorrowBody = z
  .object(borrowShape)
  .check(coreProblems((v) => borrowInputProblems(v)));

/** The borrowing form's schema: the request's rules on the institute's `today` (yyyy-MM-dd). */
export const archiveBorrowFormBody = (today: string) =>
  z.object(borrowShape).check(coreProblems((v) => borrowInputProblems(v, today)));

export const borrowIdBody = z.object({ borrowId: id() });
export const borrowIdQuery = z.object({ borrowId: id() });

const borrowFilterShape = {
  archiveId: optionalId(),
  archiveName: textFilter(100),
  userName: textFilter(64),
  state: optionalEnum(ARCHIVE_BORROW_STATES),
};
export const borrowListQuery = z.object({
  ...pagingShape(['borrowId'] as const),
  ...borrowFilterShape,
});
export const borrowExportQuery = z.object(borrowFilterShape);

// ---- answers -------------------------------------------------------------------------------------

const int = () => z.number().int();

export const archiveRecord = z
  .object({
    archiveId: int(),
    archiveName: z.string(),
    archiveNo: z.string(),
    contractId: int().nullable(),
    projectName: z.string(),
    /** Blank in the catalogue for those who may not read it. */
    fileId: z.string(),
    fileName: z.string(),
    allowViewUserIds: z.array(int()),
    memo: z.string(),
    deptId: int().nullable(),
    userId: int(),
    createBy: z.string(),
    /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
    createByName: z.string(),
    createTime: timestamp().nullable(),
    /** The archive's own file call (the per-archive rule); blank for those who may not read it. */
    downloadUrl: z.string(),
  })
  .meta({ id: 'ArchiveRecord' });

/** A catalogue row: the archive, and whether the caller may view and download it today. */
export const archiveListRecord = archiveRecord.extend({ canRead: z.boolean() });

export const archiveLogRecord = z.object({
  logId: int(),
  archiveId: int(),
  action: z.enum(['view', 'download']),
  actionName: z.string(),
  userId: int(),
  /** Who viewed or downloaded: the login, and the name the screens show. */
  userName: z.string(),
  nickName: z.string(),
  createTime: timestamp().nullable(),
});

export const borrowRecord = z
  .object({
    borrowId: int(),
    archiveId: int(),
    archiveName: z.string(),
    archiveNo: z.string(),
    projectName: z.string(),
    userId: int(),
    /** The borrower's login, and the name the screens show. */
    userName: z.string(),
    nickName: z.string(),
    deptId: int().nullable(),
    purpose: z.string(),
    startDate: z.string().meta({ format: 'date' }),
    endDate: z.string().meta({ format: 'date' }),
    pledge: z.string(),
    /** The approval's status: -1 to submit, 0 in approval, 1 approved, 2 rejected, 3 withdrawn. */
    status: z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    statusName: z.string(),
    state: z.enum(ARCHIVE_BORROW_STATES),
    stateName: z.string(),
    approvalId: z.string().nullable(),
    approvedTime: timestamp().nullable(),
    returnedTime: timestamp().nullable(),
    returnedBy: z.string(),
    createTime: timestamp().nullable(),
  })
  .meta({ id: 'ArchiveBorrowRecord' });

export const archiveAnswer = okEnvelope(archiveRecord);
export const archivePage = pageEnvelope(archiveListRecord);
export const archiveLogsAnswer = okEnvelope(z.array(archiveLogRecord));
export const borrowAnswer = okEnvelope(borrowRecord);
export const borrowPage = pageEnvelope(borrowRecord);

export type ArchiveRecord = z.infer<typeof archiveRecord>;
export type ArchiveListRecord = z.infer<typeof archiveListRecord>;
export type ArchiveLogRecord = z.infer<typeof archiveLogRecord>;
export type ArchiveBorrowRecord = z.infer<typeof borrowRecord>;
export type ArchiveBorrowInputBody = z.input<typeof archiveBorrowBody>;
export type ArchiveAddInput = z.input<typeof archiveAddBody>;
