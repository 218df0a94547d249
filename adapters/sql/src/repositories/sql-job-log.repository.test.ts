import { SYSTEM_JOBS, jobLogEntry, type JobLogFilter } from '@dpms/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import {
  assertNoSeqScan,
  explainPlan,
  openTestDatabase,
  testDatabaseKinds,
} from '../testing/index.js';
import { SqlJobLogRepository } from './sql-job-log.repository.js';

const at = (iso: string) => new Date(iso);

describe.each(testDatabaseKinds())('JobLogRepository contract on %s', (kind) => {
  let handle: DatabaseHandle;
  let logs: SqlJobLogRepository;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    logs = new SqlJobLogRepository(handle.db);
    await handle.db.deleteFrom('sys_job_log').execute();
  });
  afterAll(() => handle.close());

  it('adds runs and lists them newest first with filters and paging', async () => {
    const ok = await logs.add(
      jobLogEntry(SYSTEM_JOBS.uploadSweep, at('2025-03-01T10:00:00Z'), at('2025-03-01T10:00:01Z'), {
        ok: true,
        result: '清理 2 个未完成的上传',
      }),
    );
    expect(ok).toMatchObject({
      jobName: '清理未完成的上传',
      jobGroup: 'SYSTEM',
      status: '0',
      jobMessage: '清理未完成的上传 总共耗时：1000毫秒；清理 2 个未完成的上传',
      exceptionInfo: '',
    });
    expect(ok.jobLogId).toBeGreaterThan(0);
    expect(ok.startTime.toISOString()).toBe('2025-03-01T10:00:00.000Z');
    expect(await logs.get(ok.jobLogId)).toEqual(ok);
    expect(await logs.get(ok.jobLogId + 1000)).toBeUndefined();
    await logs.add(
      jobLogEntry(SYSTEM_JOBS.uploadSweep, at('2025-03-02T10:00:00Z'), at('2025-03-02T10:00:00Z'), {
        ok: false,
        error: '对象存储不可用',
      }),
    );
    await logs.add(
      jobLogEntry(
        SYSTEM_JOBS.databasePrepare,
        at('2025-02-01T08:00:00Z'),
        at('2025-02-01T08:00:09Z'),
        {
          ok: true,
          result: '',
        },
      ),
    );
    const all = await logs.list({ filter: {}, page: { pageNum: 1, pageSize: 20 } });
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.startTime.toISOString().slice(0, 10))).toEqual([
      '2025-03-02',
      '2025-03-01',
      '2025-02-01',
    ]);
    const cases: Array<[JobLogFilter, number]> = [
      [{ jobName: '上传' }, 2],
      [{ jobName: '%' }, 0],
      [{ status: '1' }, 1],
      [{ jobGroup: 'SYSTEM' }, 3],
      [{ jobGroup: 'DEFAULT' }, 0],
      [{ startTime: { from: at('2025-03-01T00:00:00Z') } }, 2],
      [{ startTime: { to: at('2025-02-28T23:59:59Z') } }, 1],
    ];
    for (const [filter, total] of cases)
      expect((await logs.list({ filter })).total, JSON.stringify(filter)).toBe(total);
    const page2 = await logs.list({ filter: {}, page: { pageNum: 2, pageSize: 2 } });
    expect(page2).toMatchObject({ total: 3, rows: [{ jobName: '数据库迁移与初始化' }] });
    const oldest = await logs.list({ filter: {}, sort: { column: 'startTime', direction: 'asc' } });
    expect(oldest.rows[0]?.jobName).toBe('数据库迁移与初始化');
  });

  it("reads each job's latest run, even when another job's name contains its name", async () => {
    // A newer run of a job whose name contains 清理未完成的上传: a "contains" filter cut to one row
    // found this one and lost 清理未完成的上传's own run.
    const longer = { ...SYSTEM_JOBS.uploadSweep, jobName: '清理未完成的上传（旧）' };
    await logs.add(
      jobLogEntry(longer, at('2025-03-03T10:00:00Z'), at('2025-03-03T10:00:00Z'), {
        ok: true,
        result: '',
      }),
    );
    const runs = await logs.lastRuns(['清理未完成的上传', '数据库迁移与初始化', '每日备份']);
    expect(
      runs.map((r) => `${r.jobName} ${r.startTime.toISOString().slice(0, 10)} ${r.status}`).sort(),
    ).toEqual(['数据库迁移与初始化 2025-02-01 0', '清理未完成的上传 2025-03-02 1']);
    expect(await logs.lastRuns([])).toEqual([]);
    await handle.db.deleteFrom('sys_job_log').where('job_name', '=', longer.jobName).execute();
  });

  it('purges runs that started before a time', async () => {
    expect(await logs.purge(at('2025-03-01T00:00:00Z'))).toBe(1);
    expect((await logs.list({ filter: {} })).total).toBe(2);
  });

  it('reaches 100,000 runs through an index for every filter of the page', async () => {
    await sql`insert into sys_job_log (job_name, job_group, status, start_time, end_time)
      select case when i % 3 = 0 then '清理未完成的上传' else '清理过期调度日志' end,
             case when i % 10 = 0 then 'DEFAULT' else 'SYSTEM' end,
             case when i % 50 = 0 then '1' else '0' end,
             timestamptz '2024-01-01' + i * interval '1 minute',
             timestamptz '2024-01-01' + i * interval '1 minute'
      from generate_series(1, 100000) i`.execute(handle.db);
    await sql`analyze sys_job_log`.execute(handle.db);
    const page = { pageNum: 3, pageSize: 20 };
    const filters: JobLogFilter[] = [
      {},
      { status: '1' },
      { jobGroup: 'DEFAULT' },
      { startTime: { from: at('2024-02-01T00:00:00Z'), to: at('2024-02-02T00:00:00Z') } },
    ];
    for (const filter of filters) {
      const { page: q, count } = logs.listQueries({ filter, page });
      await assertNoSeqScan(handle.db, await explainPlan(handle.db, q));
      if (Object.keys(filter).length > 0)
        await assertNoSeqScan(handle.db, await explainPlan(handle.db, count));
    }
  });
});
