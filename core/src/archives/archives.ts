import type { DataScope } from '../platform/data-scope.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';

/** An archived paper: a file from the file store, kept with who may view it. */
export interface Archive {
  readonly archiveId: number;
  readonly archiveName: string;
  readonly archiveNo: string;
  readonly contractId: number | null;
  readonly projectName: string;
  readonly fileId: string;
  readonly fileName: string;
  /** Users allowed to view and download it besides its keeper (the creator) and all-data roles. */
  readonly allowViewUserIds: readonly number[];
  readonly memo: string;
  readonly deptId: number | null;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date | null;
}

export type ArchiveAction = 'view' | 'download';

export const ARCHIVE_ACTION_LABELS: Readonly<Record<ArchiveAction, string>> = {
  view: '查看',
  download: '下载',
};

export interface ArchiveLog {
  readonly logId: number;
  readonly archiveId: number;
  readonly action: ArchiveAction;
  readonly userId: number;
  /** Who viewed or downloaded: the login, and the name the screens show (see personNameOf). */
  readonly userName: string;
  readonly nickName: string;
  readonly createTime: Date | null;
}

export interface ArchiveActor {
  readonly userId: number;
  readonly userName: string;
  readonly deptId: number | null;
  readonly scope: DataScope;
  /** Holds the archive keeper's permission (授权查看, project:archives:allowView): sees and grants every archive. */
  readonly keeper: boolean;
}

export const ARCHIVE_ERROR_CODES = {
  notFound: 'ARCHIVE.NOT_FOUND',
  denied: 'ARCHIVE.NOT_ALLOWED',
  grantDenied: 'ARCHIVE.FORBIDDEN',
  unknownUser: 'VALIDATION.ARCHIVE_UNKNOWN_USER',
  memoTooLong: 'VALIDATION.ARCHIVE_MEMO_TOO_LONG',
  nameRequired: 'VALIDATION.ARCHIVE_NAME_REQUIRED',
  nameTooLong: 'VALIDATION.ARCHIVE_NAME_TOO_LONG',
  fileRequired: 'VALIDATION.ARCHIVE_FILE_REQUIRED',
  fileInvalid: 'VALIDATION.ARCHIVE_FILE',
} as const;

export const ARCHIVE_MEMO_MAX = 500;
export const ARCHIVE_NAME_MAX = 200;
/** Longer archive numbers and project names are cut to these when registered. */
export const ARCHIVE_NO_MAX = 64;
export const ARCHIVE_PROJECT_NAME_MAX = 200;
/** The fields registering an archive requires: the form marks them, the rules refuse them blank. */
export const REQUIRED_ARCHIVE_FIELDS = ['archiveName', 'fileId'] as const;

export const archiveErrors = {
  notFound: (): DomainError => domainError(ARCHIVE_ERROR_CODES.notFound, '档案不存在'),
  denied: (): DomainError =>
    domainError(ARCHIVE_ERROR_CODES.denied, '无权查看该档案，请联系档案管理员授权'),
  grantDenied: (): DomainError =>
    domainError(ARCHIVE_ERROR_CODES.grantDenied, '只有档案管理员或档案登记人可以修改查看权限'),
  unknownUser: (): DomainError =>
    domainError(ARCHIVE_ERROR_CODES.unknownUser, '允许查看人中有不存在的用户', 'allowViewUserIds'),
  nameRequired: (): DomainError =>
    domainError(ARCHIVE_ERROR_CODES.nameRequired, '档案名称不能为空', 'archiveName'),
  nameTooLong: (): DomainError =>
    domainError(
      ARCHIVE_ERROR_CODES.nameTooLong,
      `档案名称不能超过${ARCHIVE_NAME_MAX}个字符`,
      'archiveName',
    ),
  fileRequired: (): DomainError =>
    domainError(ARCHIVE_ERROR_CODES.fileRequired, '档案文件不能为空', 'fileId'),
  fileInvalid: (): DomainError =>
    domainError(ARCHIVE_ERROR_CODES.fileInvalid, '档案文件不存在或不是您上传的文件', 'fileId'),
  memoTooLong: (): DomainError =>
    domainError(ARCHIVE_ERROR_CODES.memoTooLong, `备注不能超过${ARCHIVE_MEMO_MAX}个字符`, 'memo'),
};

/**
 * Who may read an archive (view or download): its keeper (the archive manager permission), the
 * person who registered it, and the users it was granted to. Data scope does not widen this: an
 * archive holds papers a department head is not entitled to by rank alone.
 */
export function canReadArchive(
  actor: ArchiveActor,
  a: Pick<Archive, 'userId' | 'allowViewUserIds'>,
): boolean {
  return actor.keeper || a.userId === actor.userId || a.allowViewUserIds.includes(actor.userId);
}

/** Who may change who may view and the memo: the keeper and the person who registered it. */
export function canManageArchive(
  actor: Pick<ArchiveActor, 'keeper' | 'userId'>,
  a: Pick<Archive, 'userId'>,
): boolean {
  return actor.keeper || a.userId === actor.userId;
}

/** The granted users, each once, in ascending order; ids must be positive integers. */
export function normaliseAllowView(ids: readonly number[]): Result<readonly number[]> {
  if (ids.some((id) => !Number.isInteger(id) || id <= 0)) return err(archiveErrors.unknownUser());
  return ok([...new Set(ids)].sort((a, b) => a - b));
}

export function checkMemo(memo: string): Result<string> {
  const text = memo.trim();
  return [...text].length > ARCHIVE_MEMO_MAX ? err(archiveErrors.memoTooLong()) : ok(text);
}

const textOf = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/**
 * Registering an archive, every field's problem at once: a name (up to 200 characters), the file
 * and a memo of at most 500 characters. Whether the file is the registrant's own is the use
 * case's to check (it reads the store).
 */
export function archiveRegisterProblems(
  input: Readonly<Partial<Record<'archiveName' | 'fileId' | 'memo', unknown>>>,
): DomainError[] {
  const problems: DomainError[] = [];
  const name = textOf(input.archiveName);
  if (name === '') problems.push(archiveErrors.nameRequired());
  else if ([...name].length > ARCHIVE_NAME_MAX) problems.push(archiveErrors.nameTooLong());
  if (textOf(input.fileId) === '') problems.push(archiveErrors.fileRequired());
  const memo = checkMemo(textOf(input.memo));
  if (!memo.ok) problems.push(memo.error);
  return problems;
}
