import { SYSTEM_JOBS, type JobDefinition } from './job-log.js';

/**
 * When a background job runs: every `everyMs` (and once when the server starts), or every night
 * at `hour`:00 on the server's clock.
 */
export type JobSchedule =
  | { readonly kind: 'every'; readonly everyMs: number; readonly atStart: boolean }
  | { readonly kind: 'nightly'; readonly hour: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** An interval in words: 每 10 分钟, 每 2 小时, 每天, 每 3 天, 每 90 秒. */
function intervalInWords(ms: number): string {
  const unit = (n: number, word: string) => (n === 1 ? `每${word}` : `每 ${n} ${word}`);
  if (ms % DAY === 0) return ms === DAY ? '每天' : unit(ms / DAY, '天');
  if (ms % HOUR === 0) return unit(ms / HOUR, '小时');
  if (ms % MINUTE === 0) return unit(ms / MINUTE, '分钟');
  return unit(Math.max(1, Math.round(ms / 1000)), '秒');
}

/** 执行策略 as the 定时任务 page shows it: `每 10 分钟（服务启动时执行一次）`, `每天 02:00`. */
export function scheduleInWords(schedule: JobSchedule): string {
  if (schedule.kind === 'nightly') return `每天 ${String(schedule.hour).padStart(2, '0')}:00`;
  const words = intervalInWords(schedule.everyMs);
  return schedule.atStart ? `${words}（服务启动时执行一次）` : words;
}

/**
 * The schedule as a Quartz cron expression (RuoYi's cronExpression), for clients that read one.
 * Intervals count from the server's start, not from the clock's hour, so no cron says them: ''.
 */
export function cronOf(schedule: JobSchedule): string {
  return schedule.kind === 'nightly' ? `0 0 ${schedule.hour} * * ?` : '';
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
} as const;
