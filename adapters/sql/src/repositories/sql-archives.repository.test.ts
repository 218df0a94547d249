import { ArchiveService, type ArchiveActor, type Result } from '@dpms/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { KyselyUnitOfWork } from './platform-repositories.js';
import { createArchiveRepositories, insertArchive } from './sql-archives.repository.js';

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};
const failure = (r: Result<unknown>) => (r.ok ? 'ok' : `${r.error.code}|${r.error.field ?? ''}`);
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
  let archiveId: number;
  const owner = actor(3);
  const other = actor(4);
  const keeper = actor(1, true);

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    service = new ArchiveService(
      new KyselyUnitOfWork(handle.db, (trx) => createArchiveRepositories(trx)),
      { now: () => new Date() },
    );
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
    expect((await service.list({}, other, { offset: 0, limit: 10 })).total).toBe(0);
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
});
