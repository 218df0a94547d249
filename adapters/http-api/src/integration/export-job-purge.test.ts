import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_JOB_KEPT_MS, JobRunner } from '@dpms/core';
import { SqlExportJobRepository, SqlJobLogRepository, SqlJobStateRepository } from '@dpms/sql';
import { JobCatalogue } from '../jobs/job-catalogue.js';
import { registerScheduledJobs } from '../jobs/scheduled-jobs.js';
import { openFilesTestApi, type FilesTestApi } from '../test-support/files-api.js';

/**
 * 清理过期导出文件 (job 7) on the real database and a local store: exports ended a day ago go
 * with their workbooks' bytes; younger ones, and one still being written, stay.
 */
describe('the clean-up of background exports', () => {
  let api: FilesTestApi;
  let me: number;
  let admin: string;
  beforeAll(async () => {
    api = await openFilesTestApi('embedded', {}, { exportJobs: true });
    admin = await api.login('admin');
    const info = await request(api.app)
      .get('/prod-api/getInfo')
      .set('Authorization', `Bearer ${admin}`);
    me = (info.body as { user: { userId: number } }).user.userId;
  }, 120_000);
  afterAll(() => api?.close());

  const exported = async (name: string) => {
    const view = await api.exportJobs!.start(me, name, 1, async (out) => {
      await new Promise<void>((resolve) => out.end('workbook bytes', resolve));
    });
    await api.exportJobs!.settled();
    const job = await new SqlExportJobRepository(api.database.handle.db).findOwned(view.jobId, me);
    expect(job).toMatchObject({ status: 'done' });
    return job!;
  };
  const stored = async (fileId: string) => {
    const row = await api.database.handle.db
      .selectFrom('file_object')
      .select(['storage_key', 'deleted_at'])
      .where('file_id', '=', fileId)
      .executeTakeFirstOrThrow();
    return {
      live: row.deleted_at === null,
      onDisk: (await api.store.stat(row.storage_key)) !== null,
    };
  };

  it('removes exports ended a day ago and their workbooks, and logs how many', async () => {
    const old = await exported('旧的.xlsx');
    const failing = await api.exportJobs!.start(me, '失败.xlsx', 1, () =>
      Promise.reject(new Error('broken')),
    );
    await api.exportJobs!.settled();
    const repo = new SqlExportJobRepository(api.database.handle.db);
    // An export cut off by a stop: running, never touched again.
    await repo.create({
      jobId: 'e'.repeat(32),
      ownerUserId: me,
      fileName: '中断.xlsx',
      rowsTotal: 10,
      now: api.clock.now(),
    });
    expect(await stored(old.fileId!)).toEqual({ live: true, onDisk: true });

    api.clock.advance(EXPORT_JOB_KEPT_MS + 60_000);
    const young = await exported('新的.xlsx');
    const db = api.database.handle.db;
    await db.deleteFrom('sys_job_log').execute();
    const catalogue = new JobCatalogue(new SqlJobStateRepository(db));
    registerScheduledJobs({
      jobs: new JobRunner(new SqlJobLogRepository(db), api.clock),
      catalogue,
      sweepUploads: () => Promise.resolve(0),
      purgeExports: () => api.exportJobs!.purgeExpired(),
    });
    expect(catalogue.get(7)?.scheduleWords).toBe('每小时第 20 分（服务启动时执行一次）');
    expect(await catalogue.runScheduled(7)).toMatchObject({ status: '0' });

    const left = await db.selectFrom('sys_export_job').select('job_id').execute();
    expect(left.map((j) => j.job_id)).toEqual([young.jobId]);
    expect(await repo.findOwned(failing.jobId, me)).toBeNull();
    expect(await stored(old.fileId!)).toEqual({ live: false, onDisk: false });
    expect(await stored(young.fileId!)).toEqual({ live: true, onDisk: true });
    const log = await db.selectFrom('sys_job_log').selectAll().executeTakeFirstOrThrow();
    expect(log.job_name).toBe('清理过期导出文件');
    expect(log.job_message).toContain('清理 3 个过期的导出任务及其文件');

    // A second run finds nothing more; the young workbook still downloads.
    expect(await api.exportJobs!.purgeExpired()).toBe(0);
    await request(api.app)
      .get('/prod-api/common/download/resource')
      .query({ resource: young.fileId })
      .set('Authorization', `Bearer ${await api.login('admin')}`)
      .expect(200);
  });

  it('removes a workbook its owner already deleted without failing', async () => {
    // Its own state: whatever an earlier test left is purged first.
    api.clock.advance(EXPORT_JOB_KEPT_MS + 60_000);
    await api.exportJobs!.purgeExpired();
    const job = await exported('已删除.xlsx');
    await api.files.deleteGenerated(job.fileId!);
    api.clock.advance(EXPORT_JOB_KEPT_MS + 60_000);
    expect(await api.exportJobs!.purgeExpired()).toBe(1);
    expect(
      await new SqlExportJobRepository(api.database.handle.db).findOwned(job.jobId, me),
    ).toBeNull();
  });
});
