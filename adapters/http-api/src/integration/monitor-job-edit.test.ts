/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_JOBS, formatInstant, nextCronTimes } from '@dpms/core';
import { apiClient } from '../test-support/api-client.js';
import { openTestApi, type TestApi } from '../test-support/api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

describe.each(testDatabaseKinds())('定时任务 修改 on %s', (kind) => {
  let api: TestApi;
  const { get, put, signIn } = apiClient(() => api);
  let told = 0;
  const row = () =>
    api.database.handle.db
      .selectFrom('sys_job_state')
      .selectAll()
      .where('job_id', '=', 2)
      .executeTakeFirst();

  beforeAll(async () => {
    api = await openTestApi(kind);
    // The API's catalogue reads the stored crons, as the server's does.
    api.jobs.whenRescheduled(() => {
      told += 1;
      return Promise.resolve();
    });
    api.jobs.add(SYSTEM_JOBS.jobLogPurge, { cron: '30 3 * * *', atStart: true }, () =>
      Promise.reject(new Error('not run here')),
    );
    await signIn('admin');
  }, 120_000);
  afterAll(() => api?.close());

  it('explains a cron before saving: words and the next 5 runs on the institute’s clock', async () => {
    const r = await get(
      'admin',
      `/monitor/job/cron/explain?cron=${encodeURIComponent('0 0 2 * * ?')}`,
    ).expect(200);
    expect(r.body.data).toMatchObject({
      cron: '0 2 * * *',
      cronExpression: '0 0 2 * * ?',
      words: '每天 02:00',
    });
    expect(r.body.data.nextTimes.map((t: string) => formatInstant(t))).toEqual(
      nextCronTimes('0 2 * * *', new Date()).map((t) => formatInstant(t)),
    );
    expect(r.body.data.nextTimes).toHaveLength(5);
    const bad = await get(
      'admin',
      `/monitor/job/cron/explain?cron=${encodeURIComponent('30 0 2 * * ?')}`,
    ).expect(422);
    expect(bad.body).toMatchObject({ field: 'cron', errorCode: 'JOB.CRON_INVALID' });
    expect(bad.body.msg).toContain('秒字段“30”只能为 0');
    const empty = await get('admin', '/monitor/job/cron/explain?cron=').expect(400);
    expect(JSON.stringify(empty.body)).toContain('cron');
  });

  it('saves RuoYi’s edit form: the list and the job show the new 执行策略', async () => {
    const detail = await get('admin', '/monitor/job/2').expect(200);
    expect(detail.body.data).toMatchObject({ misfirePolicy: '3', concurrent: '1' });
    // RuoYi's dialog sends the job back as it read it, with the cron changed.
    await put('admin', '/monitor/job', {
      ...detail.body.data,
      cronExpression: '0 0 4 ? * MON-FRI',
      remark: null,
    }).expect(200);
    expect(told).toBe(1);
    expect(await row()).toMatchObject({ cron: '0 4 * * 1-5', status: '0', update_by: 'admin' });
    const list = await get('admin', '/monitor/job/list').expect(200);
    expect(list.body.rows[0]).toMatchObject({
      jobId: 2,
      schedule: '每周一至周五 04:00（服务启动时执行一次）',
      cronExpression: '0 0 4 ? * 2-6',
    });
    const again = await get('admin', '/monitor/job/2').expect(200);
    expect(again.body.data.cronExpression).toBe('0 0 4 ? * 2-6');
  });

  it('refuses what cannot be saved, leaving the row as it was', async () => {
    const before = await row();
    const refused = async (body: object, status: number, field: string, msg: string) => {
      const r = await put('admin', '/monitor/job', { jobId: 2, ...body }).expect(status);
      expect(r.body.msg).toContain(msg);
      expect(JSON.stringify(r.body)).toContain(field);
    };
    await refused({ cronExpression: '0 0 4 * * ? 2027' }, 422, 'cronExpression', '年字段');
    await refused({ cronExpression: '0 0 0 31 2 ?' }, 422, 'cronExpression', '8 年内没有一次执行');
    await refused(
      { cronExpression: '0 4 * * *', jobName: '别的任务' },
      422,
      'jobName',
      '任务名称不可修改',
    );
    await refused(
      { cronExpression: '0 4 * * *', invokeTarget: "ryTask.ryParams('x')" },
      422,
      'invokeTarget',
      '调用目标字符串不可修改',
    );
    await refused(
      { cronExpression: '0 4 * * *', concurrent: '0' },
      422,
      'concurrent',
      '是否并发不可修改',
    );
    await refused({ cronExpression: '' }, 400, 'cronExpression', 'cron 表达式不能为空');
    await put('admin', '/monitor/job', { jobId: 99, cronExpression: '0 4 * * *' }).expect(404);
    await signIn('jingying');
    await put('jingying', '/monitor/job', { jobId: 2, cronExpression: '0 5 * * *' }).expect(403);
    await get('jingying', '/monitor/job/cron/explain?cron=0%205%20*%20*%20*').expect(403);
    expect(await row()).toEqual(before);
    expect(told).toBe(1);
  });

  it('saves the status with the cron, and the job’s own cron as null', async () => {
    await put('admin', '/monitor/job', {
      jobId: 2,
      cronExpression: '0 0 3 * * ?',
      status: '1',
    }).expect(200);
    expect(await row()).toMatchObject({ cron: '0 3 * * *', status: '1' });
    await put('admin', '/monitor/job', {
      jobId: 2,
      cronExpression: '30 3 * * *',
      status: '0',
    }).expect(200);
    expect(await row()).toMatchObject({ cron: null, status: '0' });
    const one = await get('admin', '/monitor/job/2').expect(200);
    expect(one.body.data).toMatchObject({
      schedule: '每天 03:30（服务启动时执行一次）',
      status: '0',
    });
  });
});
