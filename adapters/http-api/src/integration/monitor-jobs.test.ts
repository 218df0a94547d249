/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '@dpms/core';
import { SqlJobLogRepository, SqlJobStateRepository } from '@dpms/sql';
import { JobCatalogue } from '../jobs/job-catalogue.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { jobQueueOn } from '../jobs/job-queue-on.js';
import { registerScheduledJobs } from '../jobs/scheduled-jobs.js';
import { createLogger } from '../http/logger.js';
import { apiClient } from '../test-support/api-client.js';
import { openTestApi, type TestApi } from '../test-support/api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

describe.each(testDatabaseKinds())('定时任务 API on %s', (kind) => {
  let api: TestApi;
  const { get, put, signIn } = apiClient(() => api);
  let queue: JobQueue | undefined;
  /** The upload sweep's answers, one per run; a run waits for its answer. */
  const sweeps: Array<(n: number) => void> = [];
  let sweepStarted: () => void = () => undefined;
  const sweep = () =>
    new Promise<number>((resolve) => {
      sweeps.push(resolve);
      sweepStarted();
    });
  const nextSweep = () => new Promise<void>((resolve) => (sweepStarted = resolve));

  beforeAll(async () => {
    // 定时任务 lists the catalogue; the job queue runs it, as in the server (no cron slots: a
    // sweep at the next ten minutes would land in the middle of a test).
    api = await openTestApi(kind);
    const catalogue = api.jobs;
    const { handle } = api.database;
    await handle.db.deleteFrom('sys_job_log').execute();
    const logs = new SqlJobLogRepository(handle.db);
    const jobs = new JobRunner(logs, { now: () => new Date() });
    registerScheduledJobs({ jobs, catalogue, sweepUploads: sweep });
    const q = jobQueueOn(handle, {
      catalogue,
      logs,
      logger: createLogger('silent'),
      cron: false,
    });
    queue = q;
    catalogue.runThrough((jobId) => q.runNow(jobId));
    const started = nextSweep();
    await q.start();
    // The start's run of the sweep answers 2; the purge finds nothing.
    await started;
    sweeps.shift()!(2);
    await signIn('admin');
  }, 120_000);
  afterAll(async () => {
    await queue?.stop();
    await api?.close();
  });

  it('lists the server’s jobs with their 执行策略 and last run', async () => {
    // Wait for the start's runs to reach the log.
    let r = await get('admin', '/monitor/job/list').expect(200);
    while (r.body.rows.some((j: { lastRun: unknown }) => j.lastRun === null))
      r = await get('admin', '/monitor/job/list').expect(200);
    expect(r.body).toMatchObject({ code: 200, total: 2 });
    expect(r.body.rows).toEqual([
      expect.objectContaining({
        jobId: 1,
        jobName: '清理未完成的上传',
        jobGroup: 'SYSTEM',
        schedule: '每 10 分钟（服务启动时执行一次）',
        status: '0',
        lastRun: expect.objectContaining({
          status: '0',
          jobMessage: expect.stringContaining('清理 2 个未完成的上传'),
        }),
      }),
      expect.objectContaining({
        jobId: 2,
        jobName: '清理过期调度日志',
        schedule: '每天 03:30（服务启动时执行一次）',
        cronExpression: '0 30 3 * * ?',
      }),
    ]);
    const filtered = await get(
      'admin',
      '/monitor/job/list?jobName=调度日志&pageNum=1&pageSize=10',
    ).expect(200);
    expect(filtered.body.rows.map((j: { jobId: number }) => j.jobId)).toEqual([2]);
    const one = await get('admin', '/monitor/job/1').expect(200);
    expect(one.body.data.jobName).toBe('清理未完成的上传');
  });

  it('执行一次 runs the job now, logs it, and refuses a second run while it runs', async () => {
    const started = nextSweep();
    const run = put('admin', '/monitor/job/run', { jobId: 1, jobGroup: 'SYSTEM' }).then((r) => r);
    await started;
    const twice = await put('admin', '/monitor/job/run', { jobId: 1, jobGroup: 'SYSTEM' }).expect(
      409,
    );
    expect(twice.body.msg).toBe('任务正在执行，请稍后再试');
    sweeps.shift()!(7);
    const done = await run;
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      msg: '执行成功',
      data: { jobName: '清理未完成的上传', status: '0' },
    });
    expect(done.body.data.jobMessage).toContain('清理 7 个未完成的上传');
    const log = await get('admin', '/monitor/jobLog/list?jobName=清理未完成的上传').expect(200);
    expect(log.body.total).toBe(2);
    const listed = await get('admin', '/monitor/job/1').expect(200);
    expect(listed.body.data.lastRun.jobMessage).toContain('清理 7 个');
  });

  it('refuses an unknown job and a caller without the permission, running nothing', async () => {
    const unknown = await put('admin', '/monitor/job/run', { jobId: 99 }).expect(404);
    expect(unknown.body.msg).toBe('任务不存在或已过期！');
    await put('admin', '/monitor/job/run', { jobId: 1, jobGroup: 'DEFAULT' }).expect(404);
    await signIn('jingying');
    await get('jingying', '/monitor/job/list').expect(403);
    await put('jingying', '/monitor/job/run', { jobId: 1 }).expect(403);
    expect(sweeps).toEqual([]);
  });

  it('pauses a job for every instance: its timers skip it until it is resumed', async () => {
    const changeStatus = (body: object) => put('admin', '/monitor/job/changeStatus', body);
    await changeStatus({ jobId: 2, status: '1' }).expect(200);
    const paused = await get('admin', '/monitor/job/list?status=1').expect(200);
    expect(paused.body.rows).toEqual([expect.objectContaining({ jobId: 2, status: '1' })]);
    // Another instance's timers read the stored state before a run.
    const elsewhere = new JobCatalogue(new SqlJobStateRepository(api.database.handle.db));
    let runs = 0;
    const timer = elsewhere.add(
      { jobName: '清理过期调度日志', jobGroup: 'SYSTEM', invokeTarget: 'jobRunner.purgeOld()' },
      { cron: '30 3 * * *', atStart: true },
      () => {
        runs += 1;
        return Promise.reject(new Error('not expected while paused'));
      },
    );
    expect(await timer()).toBeNull();
    expect(runs).toBe(0);
    await changeStatus({ jobId: 2, status: '0' }).expect(200);
    await expect(timer()).rejects.toThrow('not expected while paused');
    expect(runs).toBe(1);
    // Refusals: an unknown job, a bad status, a caller without the permission.
    await changeStatus({ jobId: 99, status: '1' }).expect(404);
    const bad = await changeStatus({ jobId: 2, status: '2' }).expect(400);
    expect(bad.body.msg).toContain('任务状态的取值不正确');
    await signIn('jingying');
    await put('jingying', '/monitor/job/changeStatus', { jobId: 2, status: '1' }).expect(403);
    const after = await get('admin', '/monitor/job/2').expect(200);
    expect(after.body.data.status).toBe('0');
  });
});
