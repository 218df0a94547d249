import {
  actorHolds,
  firstRefusal,
  requirePermission,
  type ActionActor,
} from '../session/action-actor.js';
import { err, ok, type Result } from '../shared/result.js';
import { archiveBorrowErrors } from './archive-borrow.js';
import { archiveErrors, canManageArchive } from './archives.js';

/**
 * What 档案管理 offers on an archive and on a borrowing, and what the archive routes accept,
 * decided once: 查看/下载 what one may read, 借阅 what one may not read yet, 备注/授权查看/日志
 * for the keeper and the person who registered it; 提交审批 of one's own borrowing not in
 * approval, 归还 of an approved borrowing not returned (by the borrower or the keeper).
 */
export type ArchiveRowAction = 'view' | 'download' | 'borrow' | 'memo' | 'allowView' | 'logs';
export type ArchiveBorrowAction = 'submit' | 'giveBack';

/** The archive keeper's permission (档案管理员): sees and grants every archive. */
export const ARCHIVE_KEEPER_PERMISSION = 'project:archives:allowView';

/** The permission each action's route declares. */
export const ARCHIVE_ACTION_PERMISSIONS: Readonly<
  Record<ArchiveRowAction | ArchiveBorrowAction | 'list' | 'add', string>
> = {
  list: 'project:archives:list',
  add: 'project:archives:add',
  view: 'project:archives:query',
  download: 'project:archives:download',
  borrow: 'project:archives:borrow',
  memo: 'project:archives:edit',
  allowView: ARCHIVE_KEEPER_PERMISSION,
  logs: 'project:archives:query',
  submit: 'project:archives:borrow',
  giveBack: 'project:archives:borrow',
};

/** An archive as the rule reads it: who registered it and whether the actor may read it now. */
export interface ArchiveActionSubject {
  readonly userId: number;
  /** The reading rule's answer for this actor today (keeper, registrant, granted, borrowed). */
  readonly canRead: boolean;
}

/** A borrowing as the rule reads it. */
export interface BorrowActionSubject {
  readonly userId: number;
  readonly status: number;
  readonly returnedTime: unknown;
}

const isKeeper = (actor: ActionActor): boolean => actorHolds(actor, ARCHIVE_KEEPER_PERMISSION);

/** The state part of an archive's action, which the use case checks too. */
export function archiveStateCheck(
  action: ArchiveRowAction,
  a: ArchiveActionSubject,
  actor: ActionActor,
): Result<void> {
  switch (action) {
    case 'view':
    case 'download':
      return a.canRead ? ok(undefined) : err(archiveErrors.denied());
    // Borrowing what one already reads would only queue an approval nobody needs.
    case 'borrow':
      return a.canRead ? err(archiveBorrowErrors.needless()) : ok(undefined);
    case 'memo':
    case 'allowView':
    case 'logs':
      return canManageArchive({ keeper: isKeeper(actor), userId: actor.userId }, a)
        ? ok(undefined)
        : err(archiveErrors.grantDenied());
  }
}

/** The state part of a borrowing's action, which the use case checks inside its transaction. */
export function borrowStateCheck(
  action: ArchiveBorrowAction,
  b: BorrowActionSubject,
  actor: ActionActor | { readonly userId: number; readonly keeper: boolean },
): Result<void> {
  const keeper = 'keeper' in actor ? actor.keeper : isKeeper(actor);
  switch (action) {
    case 'submit':
      if (b.userId !== actor.userId) return err(archiveBorrowErrors.denied());
      return b.status === 0 || b.status === 1
        ? err(archiveBorrowErrors.notSubmittable())
        : ok(undefined);
    case 'giveBack':
      if (b.userId !== actor.userId && !keeper) return err(archiveBorrowErrors.denied());
      return b.status === 1 && (b.returnedTime === null || b.returnedTime === undefined)
        ? ok(undefined)
        : err(archiveBorrowErrors.notBorrowed());
  }
}

/** Whether 档案管理 offers `action` on archive `a`: the route's permission, then the state. */
export const mayActOnArchive = (
  action: ArchiveRowAction,
  a: ArchiveActionSubject,
  actor: ActionActor,
): boolean =>
  firstRefusal(
    () => requirePermission(actor, ARCHIVE_ACTION_PERMISSIONS[action]),
    () => archiveStateCheck(action, a, actor),
  ).ok;

/** Whether 借阅记录 offers `action` on borrowing `b`. */
export const mayActOnBorrow = (
  action: ArchiveBorrowAction,
  b: BorrowActionSubject,
  actor: ActionActor,
): boolean =>
  firstRefusal(
    () => requirePermission(actor, ARCHIVE_ACTION_PERMISSIONS[action]),
    () => borrowStateCheck(action, b, actor),
  ).ok;
