import { cronInWords, quartzCronOf } from './cron-expression.js';
import { SYSTEM_JOBS, type JobDefinition } from './job-log.js';

/**
 * When a background job runs: on a five-field cron on the institute's clock (see
 * cron-expression.ts), and, when `atStart`, once more as a server starts (work left while it was
 * down, abandoned uploads say, goes at once rather than at the next slot).
 */
export interface JobSchedule {
  readonly cron: string;
  readonly atStart: boolean;
}

/** 执行策略 as the 定时任务 page shows it: `每 10 分钟（服务启动时执行一次）`, `每天 02:00`. */
export function scheduleInWords(schedule: JobSchedule): string {
  const words = cronInWords(schedule.cron);
  return schedule.atStart ? `${words}（服务启动时执行一次）` : words;
}

/** The schedule as a Quartz cron expression (RuoYi's cronExpression), for clients that read one. */
export function cronOf(schedule: JobSchedule): string {
  return quartzCronOf(schedule.cron);
}

/**
 * The scheduled jobs' ids (RuoYi's jobId), fixed so a link or a 执行一次 names the same job after
 * a restart and on every instance. The migration and seed run only at start and have none.
 */
export const SCHEDULED_JOB_IDS = new Map<string, number>([
  [SYSTEM_JOBS.uploadSweep.jobName, 1],
  [SYSTEM_JOBS.jobLogPurge.jobName, 2],
  [SYSTEM_JOBS.selfHeldRepair.jobName, 3],
  [SYSTEM_JOBS.nightlyBackup.jobName, 4],
  [SYSTEM_JOBS.sessionPurge.jobName, 5],
  [SYSTEM_JOBS.urgentTaskCheck.jobName, 6],
  [SYSTEM_JOBS.exportJobPurge.jobName, 7],
]);

/** A job's id, or a throw: a job scheduled without an id is a programming error. */
export function scheduledJobId(job: JobDefinition): number {
  const id = SCHEDULED_JOB_IDS.get(job.jobName);
  if (id === undefined) throw new Error(`no scheduled job id for ${job.jobName}`);
  return id;
}

/** A run of 执行一次 refused: the job is unknown, or already running on this instance. */
export const JobErrors = {
  notFound: () => ({ code: 'JOB.NOT_FOUND', message: '任务不存在或已过期！' }),
  running: () => ({ code: 'JOB.IN_PROGRESS', message: '任务正在执行，请稍后再试' }),
  /** 执行一次 waited its time and the run goes on: its outcome will be in the scheduling log. */
  stillRunning: () => ({
    code: 'JOB.IN_PROGRESS',
    message: '任务已开始执行，尚未完成，请稍后在调度日志中查看结果',
  }),
} as const;
