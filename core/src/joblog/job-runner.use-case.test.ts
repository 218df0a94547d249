import { describe, expect, it } from 'vitest';
import type { ListPage } from '../platform/list-query.js';
import type { JobLog, NewJobLog } from './job-log.js';
import { SYSTEM_JOBS } from './job-log.js';
import type { JobLogRepository } from './job-log.repository.port.js';
import { JOB_LOG_RETENTION_DAYS, JobRunner } from './job-runner.use-case.js';

/** An in-memory log: the runner's unit test only (the SQL repository has its own suite). */
class MemoryJobLogs implements JobLogRepository {
  rows: JobLog[] = [];
  purgedBefore: Date | undefined;
  list(): Promise<ListPage<JobLog>> {
    return Promise.resolve({ total: this.rows.length, rows: this.rows });
  }
  lastRuns(): Promise<readonly JobLog[]> {
    return Promise.resolve([]);
  }
  get(jobLogId: number): Promise<JobLog | undefined> {
    return Promise.resolve(this.rows.find((r) => r.jobLogId === jobLogId));
  }
  add(entry: NewJobLog): Promise<JobLog> {
    const row = { ...entry, jobLogId: this.rows.length + 1, createTime: entry.endTime };
    this.rows.push(row);
    return Promise.resolve(row);
  }
  purge(before: Date): Promise<number> {
    this.purgedBefore = before;
    return Promise.resolve(0);
  }
}

class StepClock {
  constructor(private t: number) {}
  now(): Date {
    this.t += 40;
    return new Date(this.t);
  }
}

describe('JobRunner', () => {
  it('logs a successful run with its result', async () => {
    const logs = new MemoryJobLogs();
    const runner = new JobRunner(logs, new StepClock(0));
    const entry = await runner.run(SYSTEM_JOBS.uploadSweep, () => Promise.resolve('清理 1 个'));
    expect(entry.status).toBe('0');
    expect(entry.jobMessage).toBe('清理未完成的上传 总共耗时：40毫秒；清理 1 个');
    expect(logs.rows).toHaveLength(1);
  });

  it('logs a failed run instead of throwing', async () => {
    const logs = new MemoryJobLogs();
    const runner = new JobRunner(logs, new StepClock(0));
    const entry = await runner.run(SYSTEM_JOBS.uploadSweep, () =>
      Promise.reject(new Error('存储不可用')),
    );
    expect(entry).toMatchObject({ status: '1', exceptionInfo: '存储不可用' });
  });

  it('purges runs older than the retention period', async () => {
    const logs = new MemoryJobLogs();
    const runner = new JobRunner(logs, { now: () => new Date(Date.UTC(2025, 5, 30)) });
    await runner.purgeOld();
    expect(logs.purgedBefore).toEqual(
      new Date(Date.UTC(2025, 5, 30) - JOB_LOG_RETENTION_DAYS * 86_400_000),
    );
  });
});
