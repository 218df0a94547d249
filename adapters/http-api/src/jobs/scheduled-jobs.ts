import {
  SYSTEM_JOBS,
  type JobDefinition,
  type JobRunner,
  type JobSchedule,
  type SelfHeldRepairOutcome,
  type UrgentTaskCheckResult,
  urgentTaskReport,
} from '@dpms/core';
import type { SeedReport } from '@dpms/sql';
import type { JobCatalogue } from './job-catalogue.js';

/**
 * When the server's own jobs run, on the institute's clock. The sweeps run at each start too
 * (uploads abandoned while the server was down go at once); the daily ones at night, when
 * nobody works, apart from each other and from the backup (BACKUP_HOUR, 02:00 by default).
 */
export const SCHEDULES = {
  /** Abandoned chunked uploads (UPLOAD_ABANDON_AFTER_MS) are removed. */
  uploadSweep: { cron: '*/10 * * * *', atStart: true },
  /** Sessions, captchas, login attempts and idempotency keys that ended a day ago. */
  sessionPurge: { cron: '*/10 * * * *', atStart: true },
  /** Scheduling-log runs past their retention. */
  jobLogPurge: { cron: '30 3 * * *', atStart: true },
  /**
   * Approvals sent before separation of duties that wait on their own drafter are re-routed by
   * each node's configuration (core's SelfHeldApprovalRepair). The first run after the upgrade
   * does the work; later runs find nothing and change nothing.
   */
  selfHeldRepair: { cron: '0 4 * * *', atStart: true },
  /**
   * 紧急任务提醒: each morning before work (and at start, so a server started late in the day
   * still checks today), everyone's overdue and due-soon tasks (core's UrgentTaskCheck).
   */
  urgentTaskCheck: { cron: '0 8 * * *', atStart: true },
  /**
   * Background exports ended a day ago, with their workbooks (core's EXPORT_JOB_KEPT_MS): hourly,
   * so a busy day's workbooks never pile up for long; at 20 past, apart from the sweeps.
   */
  exportJobPurge: { cron: '20 * * * *', atStart: true },
} as const satisfies Record<string, JobSchedule>;

export interface ScheduledJobsDeps {
  readonly jobs: JobRunner;
  /** Where 定时任务 and the job queue find the jobs. */
  readonly catalogue: JobCatalogue;
  /** The upload service's sweep: answers how many abandoned uploads it removed. */
  readonly sweepUploads: () => Promise<number>;
  /** Drops what ended a day ago (sessions, captchas ...); answers the log's line. */
  readonly purgeExpired?: () => Promise<string>;
  /** Re-routes approvals left waiting on their own drafter; absent in tests without it. */
  readonly repairSelfHeld?: () => Promise<readonly SelfHeldRepairOutcome[]>;
  /** Finds everyone's urgent tasks; absent in tests without it. */
  readonly checkUrgentTasks?: () => Promise<UrgentTaskCheckResult>;
  /** Removes exports ended a day ago and their workbooks; answers how many. */
  readonly purgeExports?: () => Promise<number>;
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

/** Registers `work` as `job` on `schedule`; each run goes to the scheduling log. */
export function scheduleJob(
  deps: Pick<ScheduledJobsDeps, 'jobs' | 'catalogue'>,
  job: JobDefinition,
  schedule: JobSchedule,
  work: () => Promise<string>,
) {
  return deps.catalogue.add(job, schedule, () => deps.jobs.run(job, work));
}

/**
 * The server's background jobs, registered in the catalogue: the job queue (job-queue.ts) runs
 * them on their schedules, once across every instance on the database. All are idempotent.
 */
export function registerScheduledJobs(deps: ScheduledJobsDeps): void {
  scheduleJob(deps, SYSTEM_JOBS.uploadSweep, SCHEDULES.uploadSweep, async () => {
    const removed = await deps.sweepUploads();
    return `清理 ${removed} 个未完成的上传`;
  });
  if (deps.purgeExpired)
    scheduleJob(deps, SYSTEM_JOBS.sessionPurge, SCHEDULES.sessionPurge, deps.purgeExpired);
  scheduleJob(deps, SYSTEM_JOBS.jobLogPurge, SCHEDULES.jobLogPurge, async () => {
    const removed = await deps.jobs.purgeOld();
    return `清理 ${removed} 条过期日志`;
  });
  const repair = deps.repairSelfHeld;
  if (repair)
    scheduleJob(deps, SYSTEM_JOBS.selfHeldRepair, SCHEDULES.selfHeldRepair, async () =>
      selfHeldRepairReport(await repair()),
    );
  const check = deps.checkUrgentTasks;
  if (check)
    scheduleJob(deps, SYSTEM_JOBS.urgentTaskCheck, SCHEDULES.urgentTaskCheck, async () =>
      urgentTaskReport(await check()),
    );
  const purgeExports = deps.purgeExports;
  if (purgeExports)
    scheduleJob(deps, SYSTEM_JOBS.exportJobPurge, SCHEDULES.exportJobPurge, async () => {
      const removed = await purgeExports();
      return `清理 ${removed} 个过期的导出任务及其文件`;
    });
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
