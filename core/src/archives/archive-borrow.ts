import type { ContentEntry, TemplateContent } from '../approval/template.js';
import {
  ARCHIVE_PLEDGE_MAX_LENGTH,
  ARCHIVE_PURPOSE_MAX_LENGTH,
  TEMPLATE_INPUT_MAX_LENGTH,
} from '../approval/approval-limits.js';
import { isValidApprovalDate } from '../approval/template-validation.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { DEFAULT_INSTITUTE_TIME_ZONE, instituteDay } from '../platform/institute-clock.js';
import { addDays } from '../task/task-warnings.js';

/** The borrowing (retrieval commitment, 调档承诺书) of an archive: approval 27_1. */
export const ARCHIVE_BORROW_TYPE_CODE = '27_1';
/** The record kind the borrowing's approvals carry. */
export const ARCHIVE_BORROW_RECORD_KIND = 'archives.borrow';

export const ARCHIVE_PLEDGE_MAX = ARCHIVE_PLEDGE_MAX_LENGTH;
export const ARCHIVE_BORROW_PURPOSE_MAX = ARCHIVE_PURPOSE_MAX_LENGTH;
/** The longest period one borrowing may ask for, in calendar days counting both ends. */
export const ARCHIVE_BORROW_MAX_DAYS = 90;

/** The approval's status: -1 to submit, 0 in approval, 1 approved, 2 rejected, 3 withdrawn. */
export type ArchiveBorrowStatus = -1 | 0 | 1 | 2 | 3;

/** What a person sees of a borrowing, from its approval status, its period and its return. */
export type ArchiveBorrowState =
  | 'draft'
  | 'approving'
  | 'waiting'
  | 'borrowed'
  | 'overdue'
  | 'returned'
  | 'rejected'
  | 'withdrawn';

export const ARCHIVE_BORROW_STATE_LABELS: Readonly<Record<ArchiveBorrowState, string>> = {
  draft: '待提交',
  approving: '审批中',
  waiting: '未到借阅期',
  borrowed: '借阅中',
  overdue: '已逾期',
  returned: '已归还',
  rejected: '已驳回',
  withdrawn: '已撤回',
};

export interface ArchiveBorrow {
  readonly borrowId: number;
  readonly archiveId: number;
  readonly archiveName: string;
  readonly archiveNo: string;
  readonly projectName: string;
  readonly userId: number;
  /** The borrower's login, and the name the screens show (see personNameOf). */
  readonly userName: string;
  readonly nickName: string;
  readonly deptId: number | null;
  readonly purpose: string;
  /** yyyy-MM-dd, both ends included. */
  readonly startDate: string;
  readonly endDate: string;
  readonly pledge: string;
  readonly status: ArchiveBorrowStatus;
  readonly approvalId: string | null;
  readonly approvedTime: Date | null;
  readonly returnedTime: Date | null;
  readonly returnedBy: string;
  readonly createTime: Date | null;
}

export interface ArchiveBorrowInput {
  readonly archiveId: number;
  readonly purpose?: string | undefined;
  readonly startDate?: string | undefined;
  readonly endDate?: string | undefined;
  readonly pledge?: string | undefined;
}

export const ARCHIVE_BORROW_ERROR_CODES = {
  notFound: 'ARCHIVE_BORROW.NOT_FOUND',
  denied: 'ARCHIVE_BORROW.NOT_ALLOWED',
  open: 'ARCHIVE_BORROW.ALREADY_EXISTS',
  notSubmittable: 'ARCHIVE_BORROW.NOT_SUBMITTABLE',
  needless: 'ARCHIVE_BORROW.NEEDLESS',
  notBorrowed: 'ARCHIVE_BORROW.NOT_BORROWED',
  pledgeRequired: 'VALIDATION.ARCHIVE_PLEDGE_REQUIRED',
  pledgeTooLong: 'VALIDATION.ARCHIVE_PLEDGE_TOO_LONG',
  purposeRequired: 'VALIDATION.ARCHIVE_PURPOSE_REQUIRED',
  purposeTooLong: 'VALIDATION.ARCHIVE_PURPOSE_TOO_LONG',
  badDate: 'VALIDATION.ARCHIVE_BORROW_DATE',
  badPeriod: 'VALIDATION.ARCHIVE_BORROW_PERIOD',
} as const;

const C = ARCHIVE_BORROW_ERROR_CODES;
const BORROW_DATE_LABELS = { startDate: '借阅开始日期', endDate: '借阅结束日期' } as const;
export const archiveBorrowErrors = {
  notFound: (): DomainError => domainError(C.notFound, '借阅申请不存在', 'borrowId'),
  denied: (): DomainError =>
    domainError(C.denied, '只有借阅人本人或档案管理员可以查看和办理该借阅'),
  open: (): DomainError =>
    domainError(C.open, '您已有该档案未结束的借阅（待提交、审批中或未归还），不能重复申请'),
  notSubmittable: (): DomainError =>
    domainError(C.notSubmittable, '该借阅申请已在审批中或已通过，不能再次提交'),
  needless: (): DomainError => domainError(C.needless, '您已可以查看该档案，无需借阅', 'archiveId'),
  notBorrowed: (): DomainError =>
    domainError(C.notBorrowed, '只有审批通过且尚未归还的借阅可以归还'),
  pledgeRequired: (): DomainError => domainError(C.pledgeRequired, '保密承诺不能为空', 'pledge'),
  pledgeTooLong: (): DomainError =>
    domainError(C.pledgeTooLong, `保密承诺不能超过${ARCHIVE_PLEDGE_MAX}个字符`, 'pledge'),
  purposeRequired: (): DomainError => domainError(C.purposeRequired, '借阅目的不能为空', 'purpose'),
  purposeTooLong: (): DomainError =>
    domainError(C.purposeTooLong, `借阅目的不能超过${ARCHIVE_BORROW_PURPOSE_MAX}个字符`, 'purpose'),
  dateRequired: (field: 'startDate' | 'endDate'): DomainError =>
    domainError(C.badDate, `${BORROW_DATE_LABELS[field]}不能为空`, field),
  badDate: (field: 'startDate' | 'endDate'): DomainError =>
    domainError(C.badDate, `${BORROW_DATE_LABELS[field]}格式应为 yyyy-MM-dd`, field),
  endBeforeStart: (): DomainError =>
    domainError(C.badPeriod, '借阅结束日期不能早于开始日期', 'endDate'),
  startInPast: (): DomainError => domainError(C.badPeriod, '借阅开始日期不能早于今天', 'startDate'),
  tooLong: (): DomainError =>
    domainError(C.badPeriod, `借阅期限不能超过${ARCHIVE_BORROW_MAX_DAYS}天`, 'endDate'),
};

/** Characters as a person counts them (a CJK character or an emoji is one). */
export const charCount = (text: string): number => [...text].length;

export interface CheckedBorrow {
  readonly purpose: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly pledge: string;
}

/** The fields a borrowing request requires: the form marks them, the rules refuse them blank. */
export const REQUIRED_BORROW_FIELDS = ['purpose', 'startDate', 'endDate', 'pledge'] as const;

/** A request as a form or the wire holds it: anything not a string reads as blank. */
export type BorrowInputFields = Readonly<
  Partial<Record<'purpose' | 'startDate' | 'endDate' | 'pledge', unknown>>
>;

const textOf = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * A borrowing request's rules, every field's problem at once (at most one per field): a purpose
 * (up to 200 characters), the confidentiality pledge (required, up to 1200 characters), and a
 * period of valid yyyy-MM-dd dates, end not before start, of at most 90 days. `today` (the
 * institute's day) adds "not before today"; without it (a check that has no clock, such as the
 * request's schema on the server) that part is left to the use case, which always has it.
 */
export function borrowInputProblems(input: BorrowInputFields, today?: string): DomainError[] {
  const problems: DomainError[] = [];
  const purpose = textOf(input.purpose);
  if (purpose === '') problems.push(archiveBorrowErrors.purposeRequired());
  else if (charCount(purpose) > ARCHIVE_BORROW_PURPOSE_MAX)
    problems.push(archiveBorrowErrors.purposeTooLong());
  const pledge = textOf(input.pledge);
  if (pledge === '') problems.push(archiveBorrowErrors.pledgeRequired());
  else if (charCount(pledge) > ARCHIVE_PLEDGE_MAX)
    problems.push(archiveBorrowErrors.pledgeTooLong());
  const dates: Partial<Record<'startDate' | 'endDate', string>> = {};
  for (const field of ['startDate', 'endDate'] as const) {
    const v = textOf(input[field]);
    if (v === '') problems.push(archiveBorrowErrors.dateRequired(field));
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || !isValidApprovalDate(v))
      problems.push(archiveBorrowErrors.badDate(field));
    else dates[field] = v;
  }
  const { startDate, endDate } = dates;
  if (startDate !== undefined && endDate !== undefined) {
    if (endDate < startDate) problems.push(archiveBorrowErrors.endBeforeStart());
    else if (addDays(startDate, ARCHIVE_BORROW_MAX_DAYS - 1) < endDate)
      problems.push(archiveBorrowErrors.tooLong());
  }
  if (startDate !== undefined && today !== undefined && startDate < today)
    problems.push(archiveBorrowErrors.startInPast());
  return problems;
}

/**
 * A borrowing request's rules (`borrowInputProblems` on the institute's day), as the use case
 * applies them: the first problem refuses the request, otherwise the trimmed request.
 */
export function checkBorrowInput(
  input: ArchiveBorrowInput,
  now: Date,
  zone: string = DEFAULT_INSTITUTE_TIME_ZONE,
): Result<CheckedBorrow> {
  const first = borrowInputProblems(input, instituteDay(now, zone))[0];
  if (first !== undefined) return err(first);
  return ok({
    purpose: textOf(input.purpose),
    pledge: textOf(input.pledge),
    startDate: textOf(input.startDate),
    endDate: textOf(input.endDate),
  });
}

/** The state of a borrowing on the institute's calendar day `today` (yyyy-MM-dd). */
export function borrowState(
  b: Pick<ArchiveBorrow, 'status' | 'startDate' | 'endDate' | 'returnedTime'>,
  today: string,
): ArchiveBorrowState {
  switch (b.status) {
    case -1:
      return 'draft';
    case 0:
      return 'approving';
    case 2:
      return 'rejected';
    case 3:
      return 'withdrawn';
    case 1:
      if (b.returnedTime !== null) return 'returned';
      if (today < b.startDate) return 'waiting';
      return today > b.endDate ? 'overdue' : 'borrowed';
  }
}

/** An approved, not returned borrowing within its period lets the borrower view and download. */
export const borrowGrantsRead = (
  b: Pick<ArchiveBorrow, 'status' | 'startDate' | 'endDate' | 'returnedTime'>,
  today: string,
): boolean => borrowState(b, today) === 'borrowed';

/**
 * Open: a borrowing that is not over yet (to submit, in approval, or approved and not returned,
 * overdue included). One person has at most one open borrowing of an archive.
 */
export const isOpenBorrow = (b: Pick<ArchiveBorrow, 'status' | 'returnedTime'>): boolean =>
  b.status === -1 || b.status === 0 || (b.status === 1 && b.returnedTime === null);

/**
 * The title of the 27_1 approval: the archive, the period and the purpose, which the borrowing
 * template does not hold, so the approvers read them in every list and on the sheet.
 */
export function borrowApprovalTitle(
  b: Pick<ArchiveBorrow, 'archiveName' | 'startDate' | 'endDate' | 'purpose'>,
): string {
  return `调档承诺书-${b.archiveName}（${b.startDate} 至 ${b.endDate}）：${b.purpose}`;
}

/** Cuts text to the template's input length, marking the cut. */
const clip = (text: string, max = TEMPLATE_INPUT_MAX_LENGTH): string => {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
};

/**
 * The 27_1 form's content (the archive borrowing template): the archive and its project, the
 * borrower, the day of the request and the pledge as the borrower wrote it.
 */
export function borrowApprovalContent(b: ArchiveBorrow, today: string): TemplateContent {
  const e = (label: string, value: string, type: ContentEntry['type'] = 'input'): ContentEntry => ({
    label,
    value,
    type,
  });
  const name = b.archiveNo === '' ? b.archiveName : `${b.archiveName}（${b.archiveNo}）`;
  return {
    archivesName: e('档案名称', clip(name)),
    archivesCategory: e('档案类别', clip(b.projectName)),
    userName: e('借阅人', b.nickName, 'text'),
    createTime: e('申请日期', today, 'timeSelect'),
    purpose: e('借阅目的', b.purpose, 'textarea'),
    startDate: e('借阅开始日期', b.startDate, 'timeSelect'),
    endDate: e('借阅结束日期', b.endDate, 'timeSelect'),
    remark: e('保密承诺', b.pledge, 'textarea'),
  };
}
