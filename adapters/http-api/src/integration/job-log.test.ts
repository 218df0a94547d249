/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- supertest bodies are untyped JSON */
import { JobRunner, SYSTEM_JOBS } from '@dpms/core';
import { SqlJobLogRepository, SqlJobStateRepository } from '@dpms/sql';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobCatalogue } from '../jobs/job-catalogue.js';
import { recordDatabasePrepare, registerScheduledJobs } from '../jobs/scheduled-jobs.js';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

/** A clock that moves one second per reading, from a fixed day. */
const steppingClock = (startIso: string) => {
  let t = new Date(startIso).getTime();
  return {
    now: () => {
      const d = new Date(t);
      t += 1000;
      return d;
    },
  };
};

describe.each(testDatabaseKinds())('scheduling log API on %s', (kind) => {
  let api: ApprovalTestApi;
  let admin: string;
  let yuangong: string;
  const get = (url: string, token = admin) =>
    request(api.app).get(`/prod-api${url}`).set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    const db = api.database.handle.db;
    await db.deleteFrom('sys_job_log').execute();
    const repo = new SqlJobLogRepository(db);
    // What the server writes: the start's migration and seed, the jobs' first runs ...
    const jobs = new JobRunner(repo, steppingClock('2025-03-01T08:00:00Z'));
    await recordDatabasePrepare(
      jobs,
      new Date('2025-03-01T07:59:50Z'),
      new Date('2025-03-01T07:59:59Z'),
      { seeded: true },
    );
    const catalogue = new JobCatalogue(new SqlJobStateRepository(db));
    registerScheduledJobs({ jobs, catalogue, sweepUploads: () => Promise.resolve(3) });
    await catalogue.runScheduled(1);
    await catalogue.runScheduled(2);
    // ... and a failed run of a later day.
    await new JobRunner(repo, steppingClock('2025-03-02T08:00:00Z')).run(
      SYSTEM_JOBS.uploadSweep,
      () => Promise.reject(new Error('对象存储不可用')),
    );
    admin = await api.login('admin');
    yuangong = await api.login('yuangong');
  }, 120_000);
  afterAll(() => api?.close());

  it('lists the runs newest first with the log’s fields', async () => {
    const r = await get('/monitor/jobLog/list').expect(200);
    expect(r.body).toMatchObject({ code: 200, total: 4 });
    expect(r.body.rows.map((j: { jobName: string }) => j.jobName)).toEqual([
      '清理未完成的上传',
      '清理过期调度日志',
      '清理未完成的上传',
      '数据库迁移与初始化',
    ]);
    expect(r.body.rows[0]).toMatchObject({
      jobGroup: 'SYSTEM',
      invokeTarget: 'fileService.sweep()',
      status: '1',
      jobMessage: '清理未完成的上传 总共耗时：1000毫秒；执行失败',
      exceptionInfo: '对象存储不可用',
      startTime: '2025-03-02T08:00:00.000Z',
    });
    const sweep = r.body.rows.find(
      (j: { jobName: string; status: string }) =>
        j.jobName === '清理未完成的上传' && j.status === '0',
    );
    expect(sweep.jobMessage).toMatch(/^清理未完成的上传 总共耗时：\d+毫秒；清理 3 个未完成的上传$/);
    expect(r.body.rows[3].jobMessage).toBe(
      '数据库迁移与初始化 总共耗时：9000毫秒；已迁移至最新版本并写入初始数据',
    );
  });

  it('filters by name, group, status and start date, and pages', async () => {
    const total = async (q: string) =>
      (await get(`/monitor/jobLog/list?${q}`).expect(200)).body.total;
    expect(await total('jobName=上传')).toBe(2);
    expect(await total('jobName=%25')).toBe(0);
    expect(await total('status=1')).toBe(1);
    expect(await total('status=0')).toBe(3);
    expect(await total('jobGroup=SYSTEM')).toBe(4);
    expect(await total('jobGroup=DEFAULT')).toBe(0);
    expect(await total('params[beginTime]=2025-03-02')).toBe(1);
    expect(await total('params[beginTime]=2025-03-01&params[endTime]=2025-03-01')).toBe(3);
    const page2 = await get('/monitor/jobLog/list?pageNum=2&pageSize=20').expect(200);
    expect(page2.body).toMatchObject({ total: 4, rows: [] });
    const oldest = await get('/monitor/jobLog/list?orderByColumn=startTime&isAsc=asc').expect(200);
    expect(oldest.body.rows[0].jobName).toBe('数据库迁移与初始化');
  });

  it('refuses bad filters with a message naming the field', async () => {
    for (const [q, field] of [
      ['status=2', 'status'],
      ['jobGroup=OTHER', 'jobGroup'],
      ['pageSize=7', 'pageSize'],
      ['orderByColumn=jobMessage', 'orderByColumn'],
      ['params[beginTime]=yesterday', 'params.beginTime'],
    ] as const) {
      const r = await get(`/monitor/jobLog/list?${q}`).expect(400);
      expect(r.body.code).toBe(400);
      expect(r.body.msg, q).toContain(field);
    }
  });

  it('answers 401 without a session and 403 without monitor:job:list', async () => {
    await request(api.app).get('/prod-api/monitor/jobLog/list').expect(401);
    const r = await get('/monitor/jobLog/list', yuangong).expect(403);
    expect(r.body.code).toBe(403);
  });
});
