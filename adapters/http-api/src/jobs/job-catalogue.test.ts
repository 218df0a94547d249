import { SYSTEM_JOBS, type JobLog, type JobStateRepository } from '@dpms/core';
import { describe, expect, it } from 'vitest';
import { JobCatalogue, RunNotHeard } from './job-catalogue.js';

const log = { jobLogId: 1 } as JobLog;

/** A stored state in memory. */
const states = (paused: number[] = []): JobStateRepository => {
  const set = new Set(paused);
  return {
    pausedJobIds: () => Promise.resolve(new Set(set)),
    setStatus: (jobId, status) => {
      if (status === '1') set.add(jobId);
      else set.delete(jobId);
      return Promise.resolve();
    },
  };
};

describe('the job catalogue', () => {
  it('a paused job skips its timer’s runs; 执行一次 still runs it', async () => {
    const stored = states();
    const catalogue = new JobCatalogue(stored);
    let runs = 0;
    const timer = catalogue.add(
      SYSTEM_JOBS.uploadSweep,
      { cron: '* * * * *', atStart: true },
      () => {
        runs += 1;
        return Promise.resolve(log);
      },
    );
    expect(await timer()).toBe(log);
    await stored.setStatus(1, '1', 'admin');
    expect(await timer()).toBeNull();
    expect(runs).toBe(1);
    expect(await catalogue.runNow(1)).toEqual({ ok: true, value: log });
    expect(runs).toBe(2);
    await stored.setStatus(1, '0', 'admin');
    expect(await timer()).toBe(log);
    expect(runs).toBe(3);
  });

  it('never runs one job twice at once; lists jobs by id with their schedule in words', async () => {
    const catalogue = new JobCatalogue();
    let finish: (l: JobLog) => void = () => undefined;
    const timer = catalogue.add(
      SYSTEM_JOBS.nightlyBackup,
      { cron: '0 2 * * *', atStart: false },
      () => new Promise<JobLog>((resolve) => (finish = resolve)),
    );
    catalogue.add(SYSTEM_JOBS.uploadSweep, { cron: '*/10 * * * *', atStart: true }, () =>
      Promise.resolve(log),
    );
    const first = catalogue.runNow(4);
    expect(await catalogue.runNow(4)).toMatchObject({
      ok: false,
      error: { code: 'JOB.IN_PROGRESS' },
    });
    expect(await timer()).toBeNull();
    finish(log);
    expect(await first).toEqual({ ok: true, value: log });
    expect(await catalogue.runNow(9)).toMatchObject({
      ok: false,
      error: { code: 'JOB.NOT_FOUND' },
    });
    expect(catalogue.list().map((e) => [e.jobId, e.scheduleWords, e.cronExpression])).toEqual([
      [1, '每 10 分钟（服务启动时执行一次）', '0 */10 * * * ?'],
      [4, '每天 02:00', '0 0 2 * * ?'],
    ]);
  });
  it('answers a 执行一次 not heard of within the queue’s wait as still running, and frees the job', async () => {
    const catalogue = new JobCatalogue(states());
    catalogue.add(SYSTEM_JOBS.uploadSweep, { cron: '* * * * *', atStart: false }, () =>
      Promise.resolve(log),
    );
    catalogue.runThrough((jobId) => Promise.reject(new RunNotHeard(jobId)));
    const answer = await catalogue.runNow(1);
    expect(answer).toMatchObject({ ok: false, error: { code: 'JOB.IN_PROGRESS' } });
    expect(!answer.ok && answer.error.message).toContain('调度日志');
    catalogue.runThrough(() => Promise.resolve(log));
    expect(await catalogue.runNow(1)).toEqual({ ok: true, value: log });
  });
});
