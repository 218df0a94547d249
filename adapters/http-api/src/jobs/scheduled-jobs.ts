import {
  SYSTEM_JOBS,
  type JobDefinition,
  type JobRunner,
  type SelfHeldRepairOutcome,
} from '@dpms/core';
import type { SeedReport } from '@dpms/sql';
import type { JobCatalogue } from './job-catalogue.js';

/** Every 10 minutes: abandoned chunked uploads (UPLOAD_ABANDON_AFTER_MS) are removed. */
export const UPLOAD_SWEEP_EVERY_MS = 10 * 60_000;
/** Once a day: scheduling-log runs past their retention are removed. */
export const JOB_LOG_PURGE_EVERY_MS = 24 * 60 * 60_000;
/**
 * At start and once a day: approvals sent before separation of duties that wait on their own
 * drafter are re-routed by each node's configuration (core's SelfHeldApprovalRepair). The first
 * run after the upgrade does the work; later runs find nothing and change nothing.
 */
export const SELF_HELD_REPAIR_EVERY_MS = 24 * 60 * 60_000;

export interface ScheduledJobsDeps {
  readonly jobs: JobRunner;
  /** The upload service's sweep: answers how many abandoned uploads it removed. */
  readonly sweepUploads: () => Promise<number>;
  /** Called when writing the log itself fails (the database is away). */
  readonly onError: (job: JobDefinition, e: unknown) => void;
  /** Where 定时任务 finds the jobs to list and run now; absent in tests without the page. */
  readonly catalogue?: JobCatalogue;
  /** Re-routes approvals left waiting on their own drafter; absent in tests without it. */
  readonly repairSelfHeld?: () => Promise<readonly SelfHeldRepairOutcome[]>;
}

/**
 * Milliseconds from `now` to the next `hour`:00 of the server's local day (today's when still
 * ahead, else tomorrow's); never 0, so a run at the hour does not repeat at once.
 */
export function msUntilHour(hour: number, now: Date): number {
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * Runs `work` as `job` every night at `hour` (server local time), each run in the scheduling log.
 * Unlike `every`, not at start: a backup at each restart would be work nobody asked for.
 */
export function nightly(
  deps: Pick<ScheduledJobsDeps, 'jobs' | 'onError' | 'catalogue'>,
  job: JobDefinition,
  hour: number,
  work: () => Promise<string>,
  now: () => Date = () => new Date(),
): { stop(): void } {
  let timer: NodeJS.Timeout;
  const direct = () => deps.jobs.run(job, work);
  const run = deps.catalogue ? deps.catalogue.add(job, { kind: 'nightly', hour }, direct) : direct;
  const schedule = () => {
    timer = setTimeout(
      () => {
        void run()
          .catch((e: unknown) => deps.onError(job, e))
          .finally(schedule);
      },
      msUntilHour(hour, now()),
    );
    timer.unref();
  };
  schedule();
  return { stop: () => clearTimeout(timer) };
}

/** The scheduling log's line for one repair run: what it did to each approval. */
export function selfHeldRepairReport(outcomes: readonly SelfHeldRepairOutcome[]): string {
  if (outcomes.length === 0) return '没有等待拟稿人本人审批的审批';
  return outcomes
    .map((o) =>
      o.outcome === 'rerouted'
        ? `审批 ${o.approvalId} 已重新分派：${o.notes.join('；')}`
        : `审批 ${o.approvalId} 除拟稿人外没有其他审批人，请调整审批流程或由拟稿人撤回`,
    )
    .join('\n');
}

/** Runs `work` now and every `everyMs` as `job`, each run in the scheduling log (unref'd timer). */
export function every(
  deps: Pick<ScheduledJobsDeps, 'jobs' | 'onError' | 'catalogue'>,
  job: JobDefinition,
  everyMs: number,
  work: () => Promise<string>,
): NodeJS.Timeout {
  const direct = () => deps.jobs.run(job, work);
  const guarded = deps.catalogue
    ? deps.catalogue.add(job, { kind: 'every', everyMs, atStart: true }, direct)
    : direct;
  const run = () => void guarded().catch((e: unknown) => deps.onError(job, e));
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
    ...(deps.repairSelfHeld === undefined
      ? []
      : [
          every(deps, SYSTEM_JOBS.selfHeldRepair, SELF_HELD_REPAIR_EVERY_MS, async () =>
            selfHeldRepairReport(await deps.repairSelfHeld!()),
          ),
        ]),
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
