import { DEFAULT_INSTITUTE_TIME_ZONE } from '../platform/institute-clock.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import { CRON_FIELD, cronInWords, quartzCronOf } from './cron-expression.js';
import { nextCronTimes } from './cron-next-times.js';
import type { JobDefinition } from './job-log.js';
import type { JobClock } from './job-runner.use-case.js';
import { JobErrors } from './job-schedule.js';
import type { JobStateRepository } from './job-state.repository.port.js';
import { cronFromQuartz } from './quartz-cron.js';

/**
 * RuoYi's 计划执行错误策略 and 是否并发 as the queue keeps them, the same for every job: a slot
 * missed while every instance was down is dropped (3 放弃执行), and a job's runs never overlap
 * (1 禁止). The edit dialog sends them back; anything else is refused.
 */
export const JOB_MISFIRE_POLICY = '3';
export const JOB_CONCURRENT = '1';

/** How many coming runs an explanation lists. */
export const NEXT_RUN_COUNT = 5;

/** A cron explained before it is saved: as stored, as Quartz, in Chinese, and its next runs. */
export interface CronExplanation {
  /** Five fields, as the job queue runs it. */
  readonly cron: string;
  /** RuoYi's Quartz form of it. */
  readonly cronExpression: string;
  readonly words: string;
  /** The next runs on the institute's clock, soonest first. */
  readonly nextTimes: readonly Date[];
}

/**
 * A cron from RuoYi's dialog (Quartz) or ours (five fields), checked and explained: refused with
 * `JOB.CRON_INVALID` naming `cronExpression` when the queue could not run it, or when it would
 * never run (`0 0 31 2 *`).
 */
export function explainCron(
  expression: string,
  now: Date,
  zone: string = DEFAULT_INSTITUTE_TIME_ZONE,
): Result<CronExplanation> {
  const five = cronFromQuartz(expression);
  if (!five.ok) return five;
  const cron = five.value;
  const nextTimes = nextCronTimes(cron, now, NEXT_RUN_COUNT, zone);
  if (nextTimes.length === 0)
    return err(
      domainError(
        'JOB.CRON_INVALID',
        'cron 表达式不正确：今后 8 年内没有一次执行（如 2 月 31 日）',
        CRON_FIELD,
      ),
    );
  return ok({ cron, cronExpression: quartzCronOf(cron), words: cronInWords(cron), nextTimes });
}

/** Explains a cron now, on the institute's clock (the 修改 dialog's live check). */
export class ExplainCron {
  constructor(private readonly clock: JobClock) {}

  explain(expression: string, zone: string = DEFAULT_INSTITUTE_TIME_ZONE) {
    return explainCron(expression, this.clock.now(), zone);
  }
}

/** A job the server schedules, with the cron it runs on when none was saved. */
export interface ScheduledJob {
  readonly jobId: number;
  readonly job: JobDefinition;
  readonly defaultCron: string;
}

/** Where the use case finds the server's jobs (the API's catalogue). */
export interface ScheduledJobs {
  get(jobId: number): ScheduledJob | undefined;
}

/**
 * RuoYi's job edit form (`PUT /monitor/job`). The jobs are the server's own: only the cron and
 * the status change; the other fields may be sent back as they are, or left out.
 */
export interface JobEditForm {
  readonly jobId: number;
  readonly cronExpression: string;
  readonly status?: '0' | '1';
  readonly jobName?: string;
  readonly jobGroup?: string;
  readonly invokeTarget?: string;
  readonly misfirePolicy?: string;
  readonly concurrent?: string;
}

/** What was saved: the cron (null: the job's own again) and the status, when sent. */
export interface JobScheduleSaved {
  readonly jobId: number;
  readonly cron: string | null;
  readonly effectiveCron: string;
  readonly status?: '0' | '1';
}

const FIXED_FIELDS = [
  ['jobName', '任务名称'],
  ['jobGroup', '任务分组'],
  ['invokeTarget', '调用目标字符串'],
  ['misfirePolicy', '执行策略'],
  ['concurrent', '是否并发'],
] as const;

const fixed = (field: string, label: string) =>
  err(
    domainError('JOB.FIELD_FIXED', `${label}不可修改：系统任务只能修改 cron 表达式和状态`, field),
  );

/**
 * 定时任务's 修改: checks the whole form before anything is written (a refusal leaves the job as
 * it was), then stores the cron, or null when it is the job's own (so a later release's default
 * applies again), and the status. Telling the job queue is the caller's part.
 */
export class EditJobSchedule {
  constructor(
    private readonly jobs: ScheduledJobs,
    private readonly states: JobStateRepository,
    private readonly clock: JobClock,
  ) {}

  async edit(
    form: JobEditForm,
    by: string,
    zone: string = DEFAULT_INSTITUTE_TIME_ZONE,
  ): Promise<Result<JobScheduleSaved>> {
    const scheduled = this.jobs.get(form.jobId);
    if (!scheduled) return err(JobErrors.notFound());
    const own: Record<(typeof FIXED_FIELDS)[number][0], string> = {
      ...scheduled.job,
      misfirePolicy: JOB_MISFIRE_POLICY,
      concurrent: JOB_CONCURRENT,
    };
    for (const [field, label] of FIXED_FIELDS) {
      const sent = form[field];
      if (sent !== undefined && sent !== '' && sent !== own[field]) return fixed(field, label);
    }
    const explained = explainCron(form.cronExpression, this.clock.now(), zone);
    if (!explained.ok) return explained;
    const effectiveCron = explained.value.cron;
    const cron = effectiveCron === scheduled.defaultCron ? null : effectiveCron;
    await this.states.saveSchedule(form.jobId, { cron, status: form.status }, by);
    return ok({
      jobId: form.jobId,
      cron,
      effectiveCron,
      ...(form.status === undefined ? {} : { status: form.status }),
    });
  }
}
