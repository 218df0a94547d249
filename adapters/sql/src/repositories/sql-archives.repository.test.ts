import {
  addDays,
  ArchiveBorrowService,
  ArchiveService,
  clockAt,
  instituteDay,
  registerArchiveRecords,
  type ArchiveActor,
} from '@dpms/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { KyselyUnitOfWork } from './platform-repositories.js';
import { createLinkedRecordRegistry } from './sql-approval.repository.js';
import { createArchiveRepositories, insertArchive } from './sql-archives.repository.js';
import { value, failure } from '../testing/results.js';

const actor = (userId: number, keeper = false): ArchiveActor => ({
  userId,
  userName: `u${userId}`,
  deptId: 110,
  scope: { kind: 'all' },
  keeper,
});

describe.each(testDatabaseKinds())('archive repositories on %s', (kind) => {
  let handle: DatabaseHandle;
  let service: ArchiveService;
  let borrows: ArchiveBorrowService;
  let archiveId: number;
  const owner = actor(3);
  const other = actor(4);
  const keeper = actor(1, true);

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    const linked = createLinkedRecordRegistry();
    registerArchiveRecords(linked, (trx, at) =>
      createArchiveRepositories(trx, linked, clockAt(at, { now: () => new Date() })),
    );
    const uow = new KyselyUnitOfWork(handle.db, (trx) => createArchiveRepositories(trx, linked));
    service = new ArchiveService(uow, { now: () => new Date() });
    borrows = new ArchiveBorrowService(uow, { now: () => new Date() });
    const fileId = 'a'.repeat(32);
    await handle.db
      .insertInto('file_object')
      .values({
        file_id: fileId,
        original_name: '竣工图.pdf',
        file_type: 'pdf',
        size: 10,
        content_hash: 'x',
        storage_key: 'k/a',
        owner_user_id: 3,
      })
      .execute();
    archiveId = await insertArchive(handle.db, {
      archiveName: '竣工图纸',
      fileId,
      fileName: '竣工图.pdf',
      userId: 3,
      createBy: 'xmjl',
    });
  });
  afterAll(async () => {
    await handle.close();
  });

  it('refuses a read without permission and logs nothing; a grant opens it and logs each read', async () => {
    expect(failure(await service.read(archiveId, 'view', other))).toBe('ARCHIVE.NOT_ALLOWED|');
    expect(value(await service.logs(archiveId, owner))).toHaveLength(0);
    expect(
      (await service.list({ readableOnly: true }, other, { offset: 0, limit: 10 })).total,
    ).toBe(0);
    // The catalogue (all-data scope) lists it, marked as not readable.
    const catalogue = await service.list({}, other, { offset: 0, limit: 10 });
    expect(catalogue.rows.find((r) => r.archiveId === archiveId)?.canRead).toBe(false);
    expect(failure(await service.updateAllowView(archiveId, [4], other))).toBe(
      'ARCHIVE.FORBIDDEN|',
    );
    expect(failure(await service.updateAllowView(archiveId, [4, 999_999], owner))).toBe(
      'VALIDATION.ARCHIVE_UNKNOWN_USER|allowViewUserIds',
    );
    expect(value(await service.updateAllowView(archiveId, [4, 4], owner)).allowViewUserIds).toEqual(
      [4],
    );
    expect(value(await service.read(archiveId, 'view', other)).fileId).toBe('a'.repeat(32));
    value(await service.read(archiveId, 'download', other));
    value(await service.read(archiveId, 'view', keeper));
    const logs = value(await service.logs(archiveId, keeper));
    expect(logs.map((l) => [l.action, l.userId])).toEqual([
      ['view', 1],
      ['download', 4],
      ['view', 4],
    ]);
    expect(
      (await service.list({ archiveName: '竣工' }, other, { offset: 0, limit: 10 })).total,
    ).toBe(1);
  });

  it('keeps the memo within its limit and the log append-only', async () => {
    expect(value(await service.updateMemo(archiveId, ' 原件在二号柜 ', owner)).memo).toBe(
      '原件在二号柜',
    );
    expect(failure(await service.updateMemo(archiveId, '档'.repeat(501), owner))).toBe(
      'VALIDATION.ARCHIVE_MEMO_TOO_LONG|memo',
    );
    await expect(
      handle.db.deleteFrom('project_archive_log').where('archive_id', '=', archiveId).execute(),
    ).rejects.toThrow(/append-only/);
  });

  it('keeps one open borrowing per person and archive; an approved one within its period opens it', async () => {
    const borrower = { ...actor(5), userName: 'u5' };
    const today = instituteDay(new Date());
    const input = {
      archiveId,
      purpose: '复核竣工图',
      startDate: today,
      endDate: addDays(today, 6),
      pledge: '本人承诺保密',
    };
    const draft = value(await borrows.borrow(input, borrower, false));
    expect(draft).toMatchObject({ status: -1, archiveName: '竣工图纸', pledge: '本人承诺保密' });
    expect(failure(await borrows.borrow(input, borrower, false))).toBe(
      'ARCHIVE_BORROW.ALREADY_EXISTS|',
    );
    expect(failure(await borrows.borrow({ ...input, pledge: '密'.repeat(1201) }, actor(6)))).toBe(
      'VALIDATION.ARCHIVE_PLEDGE_TOO_LONG|pledge',
    );
    expect(failure(await borrows.detail(draft.borrowId, other))).toBe(
      'ARCHIVE_BORROW.NOT_ALLOWED|',
    );
    expect(failure(await service.read(archiveId, 'view', borrower))).toBe('ARCHIVE.NOT_ALLOWED|');
    // The approval's end moves the borrowing (the engine's part is the API tests').
    await handle.db
      .updateTable('project_archive_borrow')
      .set({ status: 1 })
      .where('borrow_id', '=', draft.borrowId)
      .execute();
    value(await service.read(archiveId, 'view', borrower));
    const mine = await borrows.list({ state: 'borrowed' }, borrower, { offset: 0, limit: 10 });
    expect(mine.rows.map((b) => b.borrowId)).toEqual([draft.borrowId]);
    // The borrower by name: the login the row keeps, the nick name of the user who has it.
    expect(mine.rows[0]).toMatchObject({ userName: 'u5', nickName: 'u5' });
    await sql`insert into sys_user (user_name, nick_name, password, status, create_time)
              values ('u5', '五号借阅人', 'x', '0', now())`.execute(handle.db);
    const named = await borrows.list({ state: 'borrowed' }, borrower, { offset: 0, limit: 10 });
    expect(named.rows[0]).toMatchObject({ userName: 'u5', nickName: '五号借阅人' });
    expect((await borrows.list({}, keeper, { offset: 0, limit: 10 })).total).toBe(1);
    expect((await borrows.list({}, other, { offset: 0, limit: 10 })).total).toBe(0);
    const back = value(await borrows.giveBack(draft.borrowId, borrower));
    expect(back.returnedTime).not.toBeNull();
    expect(failure(await borrows.giveBack(draft.borrowId, borrower))).toBe(
      'ARCHIVE_BORROW.NOT_BORROWED|',
    );
    expect(failure(await service.read(archiveId, 'view', borrower))).toBe('ARCHIVE.NOT_ALLOWED|');
    // Returned, it is no longer open: a new request may be made.
    value(await borrows.borrow(input, borrower, false));
    const rows: number[] = [];
    for await (const b of borrows.exportRows({}, keeper, 1)) rows.push(b.borrowId);
    expect(rows).toHaveLength(2);
  });
});
