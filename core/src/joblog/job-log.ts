import type { TimeRange } from '../platform/list-query.js';

/** A run's outcome as the scheduling log shows it (RuoYi's sys_common_status): 0 正常, 1 失败. */
export const JOB_STATUS = { success: '0', failure: '1' } as const;
export type JobStatus = (typeof JOB_STATUS)[keyof typeof JOB_STATUS];
export const JOB_STATUS_LABELS: Readonly<Record<JobStatus, string>> = { '0': '正常', '1': '失败' };

/** Job groups (RuoYi's sys_job_group): DEFAULT 默认, SYSTEM 系统. */
export const JOB_GROUPS = { default: 'DEFAULT', system: 'SYSTEM' } as const;
export type JobGroup = (typeof JOB_GROUPS)[keyof typeof JOB_GROUPS];
export const JOB_GROUP_LABELS: Readonly<Record<JobGroup, string>> = {
  DEFAULT: '默认',
  SYSTEM: '系统',
};

/** The longest exception text kept per run: enough for a message and the top of a stack. */
export const JOB_EXCEPTION_MAX_LENGTH = 2000;
/** The longest log message kept per run. */
export const JOB_MESSAGE_MAX_LENGTH = 500;

/** A background job the server runs: what the log names it by. */
export interface JobDefinition {
  readonly jobName: string;
  readonly jobGroup: JobGroup;
  /** What runs, as RuoYi's "调用目标字符串" (a readable call, not something executed from text). */
  readonly invokeTarget: string;
}

/** One run of a background job (调度日志). */
export interface JobLog {
  readonly jobLogId: number;
  readonly jobName: string;
  readonly jobGroup: string;
  readonly invokeTarget: string;
  readonly jobMessage: string;
  readonly status: JobStatus;
  readonly exceptionInfo: string;
  readonly startTime: Date;
  readonly endTime: Date;
  readonly createTime: Date;
}

export type NewJobLog = Omit<JobLog, 'jobLogId' | 'createTime'>;

export interface JobLogFilter {
  /** Part of the job name. */
  readonly jobName?: string;
  readonly jobGroup?: string;
  readonly status?: JobStatus;
  /** On the start time, inclusive. */
  readonly startTime?: TimeRange;
}

/** Sorts the indexes serve (start time, or the id, which follows it). */
export const JOB_LOG_SORT_COLUMNS = ['jobLogId', 'startTime'] as const;
export type JobLogSortColumn = (typeof JOB_LOG_SORT_COLUMNS)[number];

/** What a job's work answers: a short result for the log ("清理 3 个未完成的上传"). */
export type JobOutcome =
  { readonly ok: true; readonly result: string } | { readonly ok: false; readonly error: string };

const clip = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;

/**
 * The log entry of one run, as RuoYi writes it: `{jobName} 总共耗时：{n}毫秒`, then the job's
 * own result; a failure keeps the error (clipped) in exceptionInfo. A clock that went backwards
 * between start and end reads as 0 ms rather than a negative duration.
 */
export function jobLogEntry(
  job: JobDefinition,
  startTime: Date,
  endTime: Date,
  outcome: JobOutcome,
): NewJobLog {
  const ms = Math.max(0, endTime.getTime() - startTime.getTime());
  const head = `${job.jobName} 总共耗时：${ms}毫秒`;
  const jobMessage = clip(
    outcome.ok ? (outcome.result ? `${head}；${outcome.result}` : head) : `${head}；执行失败`,
    JOB_MESSAGE_MAX_LENGTH,
  );
  return {
    jobName: job.jobName,
    jobGroup: job.jobGroup,
    invokeTarget: job.invokeTarget,
    jobMessage,
    status: outcome.ok ? JOB_STATUS.success : JOB_STATUS.failure,
    exceptionInfo: outcome.ok ? '' : clip(outcome.error, JOB_EXCEPTION_MAX_LENGTH),
    startTime,
    endTime: endTime.getTime() < startTime.getTime() ? startTime : endTime,
  };
}

/** The server's own background jobs. */
export const SYSTEM_JOBS = {
  databasePrepare: {
    jobName: '数据库迁移与初始化',
    jobGroup: JOB_GROUPS.system,
    invokeTarget: 'prepareDatabase(migrate, seed)',
  },
  uploadSweep: {
    jobName: '清理未完成的上传',
    jobGroup: JOB_GROUPS.system,
    invokeTarget: 'fileService.sweep()',
  },
  jobLogPurge: {
    jobName: '清理过期调度日志',
    jobGroup: JOB_GROUPS.system,
    invokeTarget: 'jobRunner.purgeOld()',
  },
  selfHeldRepair: {
    jobName: '重新分派拟稿人本人审批的节点',
    jobGroup: JOB_GROUPS.system,
    invokeTarget: 'selfHeldApprovals.repair()',
  },
  sessionPurge: {
    jobName: '清理过期会话',
    jobGroup: JOB_GROUPS.system,
    invokeTarget: 'sessions.purge(), captchas.purge(), loginAttempts.purge(), idempotency.purge()',
  },
  nightlyBackup: {
    jobName: '每日备份',
    jobGroup: JOB_GROUPS.system,
    invokeTarget: 'createBackup(), pruneBackups()',
  },
  urgentTaskCheck: {
    jobName: '紧急任务提醒',
    jobGroup: JOB_GROUPS.system,
    invokeTarget: 'urgentTaskCheck.run()',
  },
  exportJobPurge: {
    jobName: '清理过期导出文件',
    jobGroup: JOB_GROUPS.system,
    invokeTarget: 'exportJobs.purgeExpired()',
  },
} as const satisfies Record<string, JobDefinition>;
