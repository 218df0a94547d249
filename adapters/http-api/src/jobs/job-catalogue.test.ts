import { SYSTEM_JOBS, type JobLog, type JobStateRepository } from '@dpms/core';
import { describe, expect, it, vi } from 'vitest';
import { memoryJobStates } from '../test-support/memory-job-states.js';
import { JobCatalogue, RunNotHeard } from './job-catalogue.js';

const log = { jobLogId: 1 } as JobLog;

describe('the job catalogue', () => {
  it('runs a job on its saved cron once read, and on its own again when the cron is cleared', async () => {
    const stored = memoryJobStates();
    const catalogue = new JobCatalogue(stored);
    catalogue.add(SYSTEM_JOBS.jobLogPurge, { cron: '30 3 * * *', atStart: true }, () =>
      Promise.resolve(log),
    );
    let told = 0;
    catalogue.whenRescheduled(() => {
      told += 1;
      return Promise.resolve();
    });
    await stored.saveSchedule(2, { cron: '0 4 * * 1-5' }, 'admin');
    expect(catalogue.get(2)?.schedule.cron).toBe('30 3 * * *');
    await catalogue.reschedule();
    expect(told).toBe(1);
    expect(catalogue.get(2)).toMatchObject({
      schedule: { cron: '0 4 * * 1-5', atStart: true },
      defaultSchedule: { cron: '30 3 * * *' },
      scheduleWords: '每周一至周五 04:00（服务启动时执行一次）',
      cronExpression: '0 0 4 ? * 2-6',
    });
    expect(catalogue.scheduledJobs.get(2)?.defaultCron).toBe('30 3 * * *');
    expect(await catalogue.refresh()).toEqual([]);
    await stored.saveSchedule(2, { cron: null }, 'admin');
    expect(await catalogue.refresh()).toEqual([2]);
    expect(catalogue.get(2)?.scheduleWords).toBe('每天 03:30（服务启动时执行一次）');
  });

  it('a paused job skips its timer’s runs; 执行一次 still runs it', async () => {
    const stored = memoryJobStates();
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
    const catalogue = new JobCatalogue(memoryJobStates());
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
    const catalogue = new JobCatalogue(memoryJobStates());
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

  it('applies refreshes in the order asked: a slow read begun before a save cannot undo it', async () => {
    let release: (() => void) | undefined;
    let reads = 0;
    let saved = new Map<number, string>();
    const slowFirst: JobStateRepository = {
      pausedJobIds: () => Promise.resolve(new Set()),
      setStatus: () => Promise.resolve(),
      savedCrons: () => {
        reads += 1;
        const snapshot = new Map(saved);
        // The first read is held until released, as a slow query would be.
        if (reads === 1) return new Promise((r) => (release = () => r(snapshot)));
        return Promise.resolve(snapshot);
      },
      saveSchedule: () => Promise.resolve(),
    };
    const catalogue = new JobCatalogue(slowFirst);
    catalogue.add(SYSTEM_JOBS.jobLogPurge, { cron: '30 3 * * *', atStart: true }, () =>
      Promise.resolve(log),
    );
    const before = catalogue.refresh(); // reads the old (no saved cron), slowly
    await vi.waitFor(() => expect(release).toBeDefined());
    saved = new Map([[2, '0 4 * * *']]);
    const after = catalogue.refresh(); // the save's notice
    release!();
    await Promise.all([before, after]);
    expect(catalogue.get(2)?.schedule.cron).toBe('0 4 * * *');
  });
});
