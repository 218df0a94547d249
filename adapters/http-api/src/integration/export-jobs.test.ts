/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_IN_BACKGROUND_MIN_ROWS, EXPORT_JOB_STALE_MS } from '@dpms/core';
import { SqlExportJobRepository } from '@dpms/sql';
import { openFilesTestApi, type FilesTestApi } from '../test-support/files-api.js';
import { binaryBody, openXlsx } from '../test-support/xlsx-answer.js';

// A large export asked with `Prefer: respond-async` becomes a background job (core's
// export-job.ts): 202 at once, its progress on /common/exportJob/{id}, the workbook among the
// caller's files when done. Without the header, or below the threshold, the workbook is the answer.

const ROWS = 100_000;
const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

describe('background exports', () => {
  let api: FilesTestApi;
  let admin: string;
  let other: string;
  beforeAll(async () => {
    api = await openFilesTestApi('embedded', {}, { exportJobs: true });
    admin = await api.login('admin');
    other = await api.login('caiwu');
    // 100,000 sign-ins, one a second back from now; u1 … u100000 from 10.9.x.x.
    await sql`insert into sys_logininfor (user_name, ipaddr, status, msg, login_time)
      select 'u' || g, '10.9.' || (g / 256 % 256) || '.' || (g % 256), '0', '登录成功',
             now() - g * interval '1 second'
      from generate_series(1, ${ROWS}) g`.execute(api.database.handle.db);
  }, 120_000);
  afterAll(() => api?.close());

  const http = () => request(api.app);
  const exportLogins = (query = '', prefer = true) => {
    const call = http().get(`/prod-api/monitor/logininfor/export${query}`).set(bearer(admin));
    return prefer ? call.set('Prefer', 'respond-async') : call;
  };
  const job = (id: string, token = admin) =>
    http().get(`/prod-api/common/exportJob/${id}`).set(bearer(token));

  it('answers a small export at once even when the background is asked for', async () => {
    const wb = await openXlsx(exportLogins('?userName=u12345'), 'small export');
    expect(wb.getWorksheet('登录日志')!.rowCount).toBe(2);
  });

  it(`writes ${ROWS} rows in the background with progress, into the caller's files`, async () => {
    const asked = await exportLogins();
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.headers['preference-applied']).toBe('respond-async');
    const { jobId } = asked.body.data;
    expect(asked.headers.location).toBe(`/prod-api/common/exportJob/${jobId}`);
    expect(asked.body.msg).toContain('已转入后台导出');
    expect(asked.body.data).toMatchObject({
      fileName: '登录日志.xlsx',
      status: 'running',
      rowsTotal: expect.any(Number),
      fileId: null,
    });
    expect(asked.body.data.rowsTotal).toBeGreaterThanOrEqual(ROWS);
    const running = await job(jobId).expect(200);
    expect(['running', 'done']).toContain(running.body.data.status);

    await api.exportJobs!.settled();
    const done = await job(jobId).expect(200);
    const total = asked.body.data.rowsTotal as number;
    expect(done.body.data).toMatchObject({ status: 'done', percent: 100, rowsDone: total });
    expect(done.body.msg).toContain('导出完成');

    // The workbook downloads like any of the caller's files, and has every row.
    const file = await http()
      .get('/prod-api/common/download/resource')
      .query({ resource: done.body.data.fileId })
      .set(bearer(admin))
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as never);
    const sheet = wb.getWorksheet('登录日志')!;
    expect(sheet.rowCount).toBe(total + 1);
    expect(sheet.getRow(1).getCell(2).value).toBe('用户名称');
    const mine = await http().get('/prod-api/common/files/mine').set(bearer(admin)).expect(200);
    expect(mine.body.rows[0]).toMatchObject({ originalFilename: '登录日志.xlsx' });

    // Another user neither sees the job nor reads the file.
    await job(jobId, other).expect(404);
    await http()
      .get('/prod-api/common/download/resource')
      .query({ resource: done.body.data.fileId })
      .set(bearer(other))
      .expect(403);
  });

  it('answers the workbook itself to a client that does not ask for the background', async () => {
    // u1, u10-u19, … u10000-u19999, u100000: 11,112 sign-ins, above the background's threshold.
    const wb = await openXlsx(exportLogins('?userName=u1', false), 'export without Prefer');
    expect(wb.getWorksheet('登录日志')!.rowCount).toBe(11_112 + 1);
    expect(11_112).toBeGreaterThan(EXPORT_IN_BACKGROUND_MIN_ROWS);
  });

  it('reads a job its instance stopped writing as interrupted, and a failed one with its reason', async () => {
    const repo = new SqlExportJobRepository(api.database.handle.db);
    const me = (await http().get('/prod-api/getInfo').set(bearer(admin))).body.user.userId;
    const old = new Date(api.clock.now().getTime() - EXPORT_JOB_STALE_MS - 1000);
    await repo.create({
      jobId: 'c'.repeat(32),
      ownerUserId: me,
      fileName: '用户数据.xlsx',
      rowsTotal: 9000,
      now: old,
    });
    const cut = await job('c'.repeat(32)).expect(200);
    expect(cut.body.data).toMatchObject({ status: 'interrupted', fileId: null });
    expect(cut.body.msg).toBe('导出已中断（服务重启或停止），请重新导出');

    const failing = await api.exportJobs!.start(me, '坏的.xlsx', 10, () =>
      Promise.reject(new Error('/srv/dpms/tmp/exports: something broke')),
    );
    await api.exportJobs!.settled();
    const failed = await job(failing.jobId).expect(200);
    expect(failed.body.data).toMatchObject({ status: 'failed', fileId: null });
    // In Chinese, and without the server's paths (the detail is in the server's log).
    expect(failed.body.msg).toBe('导出失败：生成文件时出错，请稍后重试或缩小筛选范围');

    // The file's own failure ends the job, though the workbook writer would wait on.
    const full = await api.exportJobs!.start(me, '磁盘满.xlsx', 10, (out) => {
      out.destroy(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
      return new Promise<void>(() => undefined);
    });
    await api.exportJobs!.settled();
    const diskFull = await job(full.jobId).expect(200);
    expect(diskFull.body.msg).toBe('导出失败：服务器磁盘空间不足，请联系管理员');
  });

  it('keeps one export under way per person: the same one again answers it, another waits', async () => {
    const me = (await http().get('/prod-api/getInfo').set(bearer(admin))).body.user.userId;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = await api.exportJobs!.start(me, '用户数据.xlsx', 10, async (out) => {
      await held;
      out.end();
    });
    const again = await api.exportJobs!.start(me, '用户数据.xlsx', 10, () => Promise.resolve());
    expect(again.jobId).toBe(first.jobId);
    await expect(
      api.exportJobs!.start(me, '岗位数据.xlsx', 10, () => Promise.resolve()),
    ).rejects.toMatchObject({
      status: 429,
      message: '您的导出“用户数据.xlsx”仍在进行，请完成后再导出',
    });
    release();
    await api.exportJobs!.settled();
    expect((await job(first.jobId).expect(200)).body.data.status).toBe('done');
  });

  it('refuses a malformed job id naming it, and an unknown one', async () => {
    const bad = await job('not-an-id').expect(400);
    expect(bad.body).toMatchObject({ field: 'jobId', msg: expect.stringContaining('jobId') });
    await job('d'.repeat(32)).expect(404);
  });
});
