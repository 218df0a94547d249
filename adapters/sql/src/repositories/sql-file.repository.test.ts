import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileRecord, UploadShape } from '@dpms/core';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { SqlFileRecordRepository } from './sql-file.repository.js';

const id = () => randomBytes(16).toString('hex');
const shape: UploadShape = { fileSize: 5, fileHash: 'a'.repeat(32), chunkTotal: 2, chunkSize: 3 };
const part = (partNum: number, size: number, key = `staging/${id()}`) => ({
  partNum,
  size,
  md5: 'b'.repeat(32),
  storageKey: key,
});

describe.each(testDatabaseKinds())('FileRecordRepository contract on %s', (kind) => {
  let handle: DatabaseHandle;
  let files: SqlFileRecordRepository;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    files = new SqlFileRecordRepository(handle.db);
  });
  afterAll(() => handle.close());

  it("lists an owner's live files, newest first, with where each is linked", async () => {
    const owner = 9;
    const file = (name: string, minutesAgo: number): FileRecord => ({
      fileId: id(),
      originalName: name,
      fileType: 'pdf',
      size: 1000 + minutesAgo,
      contentHash: 'c'.repeat(32),
      storageKey: `files/${id()}`,
      ownerUserId: owner,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    const [contractFile, taskFile, loose, gone] = [
      file('合同扫描件.pdf', 1),
      file('任务单.pdf', 2),
      file('备忘.pdf', 3),
      file('已删除.pdf', 4),
    ];
    const someoneElse = { ...file('别人的.pdf', 0), ownerUserId: 10 };
    for (const f of [contractFile, taskFile, loose, gone, someoneElse]) await files.createFile(f);
    await files.deleteFile(gone.fileId);
    const contract = await handle.db
      .selectFrom('contract')
      .select(['contract_id', 'contract_name'])
      .orderBy('contract_id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('contract_file')
      .values({
        contract_id: contract.contract_id,
        category: 'contract',
        file_id: contractFile.fileId,
        file_name: contractFile.originalName,
        user_id: owner,
      })
      .execute();
    const task = await handle.db
      .selectFrom('design_task')
      .select(['task_id', 'task_no', 'task_name'])
      .orderBy('task_id')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('design_task_file')
      .values({ kind: 'task', owner_id: task.task_id, file_id: taskFile.fileId, user_id: owner })
      .execute();

    const page = await files.listOwnedFiles(owner, { offset: 0, limit: 2 });
    expect(page.total).toBe(3);
    expect(page.rows.map((r) => r.originalName)).toEqual(['合同扫描件.pdf', '任务单.pdf']);
    expect(page.rows[0]!.uses).toEqual([{ what: '合同文件', record: contract.contract_name }]);
    expect(page.rows[1]!.uses).toEqual([
      { what: '任务单附件', record: `${task.task_no} ${task.task_name}` },
    ]);
    const rest = await files.listOwnedFiles(owner, { offset: 2, limit: 2 });
    expect(rest.rows.map((r) => [r.originalName, r.uses])).toEqual([['备忘.pdf', []]]);
    const named = await files.listOwnedFiles(owner, { name: '任务', offset: 0, limit: 10 });
    expect(named.rows.map((r) => r.fileId)).toEqual([taskFile.fileId]);
    expect(named.total).toBe(1);
  });

  it('records parts, replaces a re-sent one and refuses a different shape', async () => {
    const uploadId = id();
    const now = new Date();
    await files.createUpload({ uploadId, ownerUserId: 1, fileName: '合同.pdf', now });
    expect((await files.findUpload(uploadId))?.fileName).toBe('合同.pdf');
    const first = await files.recordPart(uploadId, shape, part(1, 3, 'staging/k1'), now);
    expect(first).toEqual({ kind: 'recorded', replacedKey: null });
    const again = await files.recordPart(uploadId, shape, part(1, 3, 'staging/k2'), now);
    expect(again).toEqual({ kind: 'recorded', replacedKey: 'staging/k1' });
    const other = await files.recordPart(uploadId, { ...shape, fileSize: 6 }, part(2, 3), now);
    expect(other.kind).toBe('shape-mismatch');
    expect((await files.listParts(uploadId)).map((p) => [p.partNum, p.storageKey])).toEqual([
      [1, 'staging/k2'],
    ]);
    expect((await files.recordPart(id(), shape, part(1, 3), now)).kind).toBe('missing');
  });

  it('completion is claimed once, then answers the finished file', async () => {
    const uploadId = id();
    const now = new Date();
    await files.createUpload({ uploadId, ownerUserId: 2, fileName: 'a.txt', now });
    await files.recordPart(uploadId, shape, part(1, 3, 'staging/c1'), now);
    await files.recordPart(uploadId, shape, part(2, 2, 'staging/c2'), now);
    const stale = new Date(now.getTime() - 60_000);
    const claim = await files.claimCompletion(uploadId, now, stale);
    expect(claim.kind).toBe('claimed');
    expect(claim.kind === 'claimed' && claim.parts.map((p) => p.partNum)).toEqual([1, 2]);
    expect((await files.claimCompletion(uploadId, now, stale)).kind).toBe('busy');
    // A claim left by a crashed instance is taken over once stale.
    expect((await files.claimCompletion(uploadId, now, new Date(now.getTime() + 1))).kind).toBe(
      'claimed',
    );
    const parts = await files.recordPart(uploadId, shape, part(1, 3), now);
    expect(parts).toEqual({ kind: 'not-uploading', status: 'completing' });
    const file: FileRecord = {
      fileId: id(),
      originalName: 'a.txt',
      fileType: 'txt',
      size: 5,
      contentHash: 'a'.repeat(32),
      storageKey: `files/${id()}`,
      ownerUserId: 2,
      createdAt: now,
    };
    expect([...(await files.finishCompletion(uploadId, file, now))].sort()).toEqual([
      'staging/c1',
      'staging/c2',
    ]);
    const done = await files.claimCompletion(uploadId, now, stale);
    expect(done.kind === 'complete' && done.file).toEqual(file);
    expect(await files.findFile(file.fileId)).toEqual(file);
    expect(await files.deleteFile(file.fileId)).toBe(file.storageKey);
    expect(await files.findFile(file.fileId)).toBeNull();
    expect(await files.deleteFile(file.fileId)).toBeNull();
  });

  it('a released claim lets chunks in again', async () => {
    const uploadId = id();
    const now = new Date();
    await files.createUpload({ uploadId, ownerUserId: 2, fileName: 'b.txt', now });
    await files.claimCompletion(uploadId, now, now);
    await files.releaseCompletion(uploadId, now);
    expect((await files.recordPart(uploadId, shape, part(1, 3), now)).kind).toBe('recorded');
  });

  it('purges uploads untouched since the cut-off and answers their part keys', async () => {
    const old = new Date(Date.now() - 86_400_000);
    const oldId = id();
    const freshId = id();
    await files.createUpload({ uploadId: oldId, ownerUserId: 3, fileName: 'o.txt', now: old });
    await files.recordPart(oldId, shape, part(1, 3, 'staging/old1'), old);
    await files.createUpload({
      uploadId: freshId,
      ownerUserId: 3,
      fileName: 'f.txt',
      now: new Date(),
    });
    const keys = await files.purgeAbandoned(new Date(Date.now() - 3_600_000), 100);
    expect(keys).toContain('staging/old1');
    expect(await files.findUpload(oldId)).toBeNull();
    expect(await files.findUpload(freshId)).not.toBeNull();
  });
});
