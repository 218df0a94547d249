import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ActionActor } from '../session/action-actor.js';
import {
  ARCHIVE_KEEPER_PERMISSION,
  borrowStateCheck,
  mayActOnArchive,
  mayActOnBorrow,
} from './archive-actions.js';

const ALL = [
  'project:archives:query',
  'project:archives:download',
  'project:archives:borrow',
  'project:archives:edit',
];
const staff: ActionActor = { userId: 7, permissions: ALL, isAdmin: false };
const keeper: ActionActor = {
  ...staff,
  userId: 2,
  permissions: [...ALL, ARCHIVE_KEEPER_PERMISSION],
};

describe('what 档案管理 offers on an archive', () => {
  it('offers 查看/下载 to a reader and 借阅 to someone who cannot read it yet, never both', () => {
    const other = { userId: 9, canRead: false };
    expect(mayActOnArchive('download', other, staff)).toBe(false);
    expect(mayActOnArchive('borrow', other, staff)).toBe(true);
    const granted = { userId: 9, canRead: true };
    expect(mayActOnArchive('download', granted, staff)).toBe(true);
    expect(mayActOnArchive('borrow', granted, staff)).toBe(false);
  });

  it('offers 备注, 授权查看 and 日志 to the keeper and to the person who registered it, each with its permission', () => {
    const own = { userId: 7, canRead: true };
    const theirs = { userId: 9, canRead: true };
    expect(mayActOnArchive('memo', own, staff)).toBe(true);
    expect(mayActOnArchive('memo', theirs, staff)).toBe(false);
    // 授权查看 needs the keeper's permission, even on one's own archive.
    expect(mayActOnArchive('allowView', own, staff)).toBe(false);
    expect(mayActOnArchive('allowView', theirs, keeper)).toBe(true);
    expect(mayActOnArchive('memo', own, { ...staff, permissions: [] })).toBe(false);
  });
});

describe('what 借阅记录 offers on a borrowing', () => {
  it('offers 提交审批 of one’s own borrowing not in approval, and 归还 of an approved one not returned', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(-1, 0, 1, 2, 3),
        fc.boolean(),
        fc.constantFrom(7, 9),
        fc.constantFrom(staff, keeper),
        (status, returned, userId, actor) => {
          const b = { userId, status, returnedTime: returned ? '2026-11-20T00:00:00Z' : null };
          expect(mayActOnBorrow('submit', b, actor)).toBe(
            userId === actor.userId && status !== 0 && status !== 1,
          );
          expect(mayActOnBorrow('giveBack', b, actor)).toBe(
            (userId === actor.userId || actor === keeper) && status === 1 && !returned,
          );
        },
      ),
    );
  });

  it('refuses on the server in the words the use case answers with', () => {
    const r = borrowStateCheck(
      'giveBack',
      { userId: 7, status: 0, returnedTime: null },
      {
        userId: 7,
        keeper: false,
      },
    );
    expect(r.ok ? null : r.error.message).toBe('只有审批通过且尚未归还的借阅可以归还');
  });
});
