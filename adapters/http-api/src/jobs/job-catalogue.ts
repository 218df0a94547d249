import {
  JobErrors,
  cronOf,
  err,
  ok,
  scheduleInWords,
  scheduledJobId,
  type DomainError,
  type JobDefinition,
  type JobLog,
  type JobSchedule,
  type JobStateRepository,
  type Result,
  type ScheduledJob,
} from '@dpms/core';

/** A job the server schedules, as 定时任务 lists it. */
export interface CatalogueEntry {
  readonly jobId: number;
  readonly job: JobDefinition;
  /** The schedule it runs on: its own, or with the cron saved on 定时任务. */
  readonly schedule: JobSchedule;
  /** Its own schedule, from the code. */
  readonly defaultSchedule: JobSchedule;
  readonly scheduleWords: string;
  readonly cronExpression: string;
}

const entryOn = (
  jobId: number,
  job: JobDefinition,
  defaultSchedule: JobSchedule,
  cron: string | undefined,
) => {
  const schedule = cron === undefined ? defaultSchedule : { ...defaultSchedule, cron };
  return {
    jobId,
    job,
    schedule,
    defaultSchedule,
    scheduleWords: scheduleInWords(schedule),
    cronExpression: cronOf(schedule),
  };
};

/** How 执行一次 reaches the job: through the job queue (job-queue.ts), answering the run. */
export type RunNowDispatch = (jobId: number) => Promise<JobLog>;

/** A 执行一次 whose run was not heard of within the wait: it may still be running somewhere. */
export class RunNotHeard extends Error {
  constructor(readonly jobId: number) {
    super(`no outcome heard for job ${jobId} within the wait`);
  }
}

/**
 * The background jobs this server schedules (registered at start, before the job queue starts)
 * and their runs. A scheduled run (a cron slot, a server's start) is skipped while the job is
 * paused (`states`, stored, so every instance reads the same) or while this instance runs it
 * already; 执行一次 runs a paused job too, as RuoYi's does, and refuses a second 执行一次 asked of
 * this instance while the first is under way. Across instances the job queue keeps a job's runs
 * one at a time (job-queue.ts).
 */
export class JobCatalogue {
  private readonly entries = new Map<
    number,
    CatalogueEntry & { readonly run: () => Promise<JobLog> }
  >();
  private readonly busy = new Set<number>();
  private dispatch: RunNowDispatch | undefined;
  private readonly rescheduled: (() => Promise<void>)[] = [];
  private refreshing: Promise<unknown> = Promise.resolve();

  constructor(private readonly states: JobStateRepository) {}

  /** Registers `job`; answers its scheduled run: null when paused or already running here. */
  add(job: JobDefinition, schedule: JobSchedule, run: () => Promise<JobLog>) {
    const jobId = scheduledJobId(job);
    this.entries.set(jobId, { ...entryOn(jobId, job, schedule, undefined), run });
    return () => this.runScheduled(jobId);
  }

  /**
   * Reads the crons saved on 定时任务 (`states`) into the entries: a job without one runs on its
   * own. The job queue's crontab reads each job's cron from here at every minute (job-queue.ts),
   * so this is all a changed cron needs on an instance. Answers the jobs whose cron changed.
   */
  refresh(): Promise<number[]> {
    // One at a time, in the order asked: a read begun before a save cannot land after the read
    // the save's notice began, putting the old cron back.
    const next = this.refreshing.then(() => this.readSaved());
    this.refreshing = next.catch(() => undefined);
    return next;
  }

  private async readSaved(): Promise<number[]> {
    const saved = await this.states.savedCrons();
    const changed: number[] = [];
    for (const [jobId, e] of this.entries) {
      const next = entryOn(jobId, e.job, e.defaultSchedule, saved.get(jobId));
      if (next.schedule.cron === e.schedule.cron) continue;
      this.entries.set(jobId, { ...next, run: e.run });
      changed.push(jobId);
    }
    return changed;
  }

  /** Who hears that a cron was saved on this instance: the job queue, to tell the others. */
  whenRescheduled(listener: () => Promise<void>): void {
    this.rescheduled.push(listener);
  }

  /** A cron was saved here: read it, and tell the job queue (which tells other instances). */
  async reschedule(): Promise<void> {
    await this.refresh();
    for (const listener of this.rescheduled) await listener();
  }

  /** The jobs as the edit use case reads them: each with the cron it runs on when none is saved. */
  readonly scheduledJobs = {
    get: (jobId: number): ScheduledJob | undefined => {
      const e = this.entries.get(jobId);
      return e && { jobId, job: e.job, defaultCron: e.defaultSchedule.cron };
    },
  };

  /** 执行一次 goes through `dispatch` from now on (the job queue); without it, it runs here. */
  runThrough(dispatch: RunNowDispatch): void {
    this.dispatch = dispatch;
  }

  list(): readonly CatalogueEntry[] {
    return [...this.entries.values()].sort((a, b) => a.jobId - b.jobId);
  }

  get(jobId: number): CatalogueEntry | undefined {
    return this.entries.get(jobId);
  }

  /** A run on the job's schedule: null (nothing run) when it is paused or running here. */
  async runScheduled(jobId: number): Promise<JobLog | null> {
    const entry = this.entries.get(jobId);
    if (!entry) return null;
    if ((await this.states.pausedJobIds()).has(jobId)) return null;
    if (this.busy.has(jobId)) return null;
    this.busy.add(jobId);
    try {
      return await entry.run();
    } finally {
      this.busy.delete(jobId);
    }
  }

  /** The run itself, unguarded: the queue's worker running a 执行一次 asked of some instance. */
  work(jobId: number): Promise<JobLog> | undefined {
    return this.entries.get(jobId)?.run();
  }

  /** 执行一次: runs the job now (through the queue when there is one) and answers its log entry. */
  async runNow(jobId: number): Promise<Result<JobLog, DomainError>> {
    const entry = this.entries.get(jobId);
    if (!entry) return err(JobErrors.notFound());
    if (this.busy.has(jobId)) return err(JobErrors.running());
    this.busy.add(jobId);
    try {
      return ok(await (this.dispatch ? this.dispatch(jobId) : entry.run()));
    } catch (e) {
      if (e instanceof RunNotHeard) return err(JobErrors.stillRunning());
      throw e;
    } finally {
      this.busy.delete(jobId);
    }
  }
}
