import { SYSTEM_JOBS, type JobDefinition, type JobRunner } from '@dpms/core';
import type { SeedReport } from '@dpms/sql';

/** Every 10 minutes: abandoned chunked uploads (UPLOAD_ABANDON_AFTER_MS) are removed. */
export const UPLOAD_SWEEP_EVERY_MS = 10 * 60_000;
/** Once a day: scheduling-log runs past their retention are removed. */
export const JOB_LOG_PURGE_EVERY_MS = 24 * 60 * 60_000;

export interface ScheduledJobsDeps {
  readonly jobs: JobRunner;
  /** The upload service's sweep: answers how many abandoned uploads it removed. */
  readonly sweepUploads: () => Promise<number>;
  /** Called when writing the log itself fails (the database is away). */
  readonly onError: (job: JobDefinition, e: unknown) => void;
}

/** Runs `work` now and every `everyMs` as `job`, each run in the scheduling log (unref'd timer). */
export function every(
  deps: Pick<ScheduledJobsDeps, 'jobs' | 'onError'>,
  job: JobDefinition,
  everyMs: number,
  work: () => Promise<string>,
): NodeJS.Timeout {
  const run = () => void deps.jobs.run(job, work).catch((e: unknown) => deps.onError(job, e));
  const timer = setInterval(run, everyMs);
  timer.unref();
  run();
  return timer;
}

/**
 * The server's background jobs: the upload clean-up and the log's own purge, each run at start
 * (uploads abandoned while the server was down go at once) and then on its interval. Answers the
 * timers for shutdown. Any instance may run them; both are idempotent deletes.
 */
export function startScheduledJobs(deps: ScheduledJobsDeps): NodeJS.Timeout[] {
  return [
    every(deps, SYSTEM_JOBS.uploadSweep, UPLOAD_SWEEP_EVERY_MS, async () => {
      const removed = await deps.sweepUploads();
      return `清理 ${removed} 个未完成的上传`;
    }),
    every(deps, SYSTEM_JOBS.jobLogPurge, JOB_LOG_PURGE_EVERY_MS, async () => {
      const removed = await deps.jobs.purgeOld();
      return `清理 ${removed} 条过期日志`;
    }),
  ];
}

/** The start-up's migration and seed, recorded once the log's table exists. */
export function recordDatabasePrepare(
  jobs: JobRunner,
  startTime: Date,
  endTime: Date,
  report: Pick<SeedReport, 'seeded'>,
) {
  return jobs.record(SYSTEM_JOBS.databasePrepare, startTime, endTime, {
    ok: true,
    result: report.seeded ? '已迁移至最新版本并写入初始数据' : '已迁移至最新版本',
  });
}
