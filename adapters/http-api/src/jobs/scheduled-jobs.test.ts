import { JobRunner, type JobLog, type JobLogRepository, type NewJobLog } from '@dpms/core';
import { describe, expect, it } from 'vitest';
import { memoryJobStates } from '../test-support/memory-job-states.js';
import { JobCatalogue } from './job-catalogue.js';
import { registerScheduledJobs } from './scheduled-jobs.js';

/** A scheduling log in memory. */
const memoryLog = () => {
  const rows: JobLog[] = [];
  const repo = {
    add: (entry: NewJobLog) => {
      const row = { ...entry, jobLogId: rows.length + 1 } as JobLog;
      rows.push(row);
      return Promise.resolve(row);
    },
  } as unknown as JobLogRepository;
  return { rows, repo };
};

describe('紧急任务提醒 and 清理过期导出文件 on 定时任务', () => {
  it('are listed with their ids and 执行策略, skip their slots while paused, and run once on 执行一次', async () => {
    const log = memoryLog();
    const catalogue = new JobCatalogue(memoryJobStates([6, 7]));
    let checks = 0;
    let purges = 0;
    registerScheduledJobs({
      jobs: new JobRunner(log.repo, { now: () => new Date('2026-11-27T00:00:00Z') }),
      catalogue,
      sweepUploads: () => Promise.resolve(0),
      checkUrgentTasks: () => {
        checks += 1;
        return Promise.resolve({ day: '2026-11-27', tasks: 0, overdue: 0, people: [] });
      },
      purgeExports: () => {
        purges += 1;
        return Promise.resolve(2);
      },
    });
    expect(
      catalogue
        .list()
        .filter((e) => e.jobId >= 6)
        .map((e) => [e.jobId, e.job.jobName, e.scheduleWords, e.cronExpression]),
    ).toEqual([
      [6, '紧急任务提醒', '每天 08:00（服务启动时执行一次）', '0 0 8 * * ?'],
      [7, '清理过期导出文件', '每小时第 20 分（服务启动时执行一次）', '0 20 * * * ?'],
    ]);
    expect(await catalogue.runScheduled(6)).toBeNull();
    expect(await catalogue.runScheduled(7)).toBeNull();
    expect([checks, purges]).toEqual([0, 0]);
    expect(await catalogue.runNow(6)).toMatchObject({ ok: true });
    expect(await catalogue.runNow(7)).toMatchObject({ ok: true });
    expect([checks, purges]).toEqual([1, 1]);
    expect(log.rows.map((r) => r.jobMessage.replace(/总共耗时：\d+毫秒/, ''))).toEqual([
      '紧急任务提醒 ；2026-11-27 没有紧急任务',
      '清理过期导出文件 ；清理 2 个过期的导出任务及其文件',
    ]);
  });
});
