import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { SqlExportJobRepository } from './sql-export-job.repository.js';

const at = (s: number) => new Date(Date.UTC(2026, 10, 27, 4, 0, s));
const id = (c: string) => c.repeat(32);

describe.each(testDatabaseKinds())('ExportJobRepository contract on %s', (kind) => {
  let handle: DatabaseHandle;
  let jobs: SqlExportJobRepository;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    jobs = new SqlExportJobRepository(handle.db);
  });
  afterAll(() => handle.close());

  it('keeps a job from its start through its progress to its file', async () => {
    await jobs.create({
      jobId: id('a'),
      ownerUserId: 1,
      fileName: '操作日志.xlsx',
      rowsTotal: 9000,
      now: at(0),
    });
    expect(await jobs.findOwned(id('a'), 1)).toMatchObject({
      status: 'running',
      rowsDone: 0,
      rowsTotal: 9000,
      fileId: null,
      createdAt: at(0),
      updatedAt: at(0),
      finishedAt: null,
    });
    await jobs.progress(id('a'), 4000, at(2));
    expect(await jobs.findOwned(id('a'), 1)).toMatchObject({ rowsDone: 4000, updatedAt: at(2) });
    await jobs.finish(id('a'), 9000, id('f'), at(3));
    const done = await jobs.findOwned(id('a'), 1);
    expect(done).toMatchObject({
      status: 'done',
      rowsDone: 9000,
      fileId: id('f'),
      finishedAt: at(3),
    });
    // A late progress or failure does not undo a finished job.
    await jobs.progress(id('a'), 10, at(4));
    await jobs.fail(id('a'), 'late', at(4));
    expect(await jobs.findOwned(id('a'), 1)).toEqual(done);
  });

  it('keeps why a job failed, and answers a job to its owner only', async () => {
    await jobs.create({
      jobId: id('b'),
      ownerUserId: 2,
      fileName: '用户数据.xlsx',
      rowsTotal: null,
      now: at(0),
    });
    await jobs.fail(id('b'), '磁盘已满', at(1));
    expect(await jobs.findOwned(id('b'), 2)).toMatchObject({
      status: 'failed',
      message: '磁盘已满',
      rowsTotal: null,
      finishedAt: at(1),
    });
    expect(await jobs.findOwned(id('b'), 1)).toBeNull();
    expect(await jobs.findOwned(id('c'), 2)).toBeNull();
  });

  it('lists the jobs last changed before a moment, oldest first and a batch at a time, and removes one', async () => {
    const day = (d: number) => new Date(Date.UTC(2026, 9, d));
    for (const [c, d] of [
      ['1', 3],
      ['2', 1],
      ['3', 2],
      ['4', 9],
    ] as const)
      await jobs.create({
        jobId: id(c),
        ownerUserId: 3,
        fileName: 'x.xlsx',
        rowsTotal: 1,
        now: day(d),
      });
    await jobs.finish(id('3'), 1, id('9'), day(4));
    expect(await jobs.expired(day(5), 10)).toEqual([
      { jobId: id('2'), fileId: null },
      { jobId: id('1'), fileId: null },
      { jobId: id('3'), fileId: id('9') },
    ]);
    expect(await jobs.expired(day(5), 1)).toEqual([{ jobId: id('2'), fileId: null }]);
    await jobs.remove(id('2'));
    expect(await jobs.findOwned(id('2'), 3)).toBeNull();
    expect((await jobs.expired(day(5), 10)).map((j) => j.jobId)).toEqual([id('1'), id('3')]);
  });
});
