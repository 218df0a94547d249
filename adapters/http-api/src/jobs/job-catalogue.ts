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
} from '@dpms/core';

/** A job the server schedules, as 定时任务 lists it. */
export interface CatalogueEntry {
  readonly jobId: number;
  readonly job: JobDefinition;
  readonly schedule: JobSchedule;
  readonly scheduleWords: string;
  readonly cronExpression: string;
}

/**
 * The background jobs this process schedules (filled as the timers start) and their runs: a timer
 * and 执行一次 run a job through the same guard, so one instance never runs a job twice at once
 * (a run asked for while one is under way is refused; a timer firing then skips). Instances do
 * not coordinate: each runs its own timers, as before; the jobs are idempotent. A job paused
 * (`states`, stored, so every instance reads the same) skips its timer's runs; 执行一次 still
 * runs it, as RuoYi's does.
 */
export class JobCatalogue {
  private readonly entries = new Map<number, CatalogueEntry & { run(): Promise<JobLog> }>();
  private readonly running = new Set<number>();

  constructor(private readonly states?: JobStateRepository) {}

  /**
   * Registers `job`; answers the run its timer calls: null when the job is paused or already
   * running here.
   */
  add(job: JobDefinition, schedule: JobSchedule, run: () => Promise<JobLog>) {
    const jobId = scheduledJobId(job);
    this.entries.set(jobId, {
      jobId,
      job,
      schedule,
      scheduleWords: scheduleInWords(schedule),
      cronExpression: cronOf(schedule),
      run,
    });
    return async (): Promise<JobLog | null> => {
      if (this.states && (await this.states.pausedJobIds()).has(jobId)) return null;
      const r = await this.runNow(jobId);
      return r.ok ? r.value : null;
    };
  }

  list(): readonly CatalogueEntry[] {
    return [...this.entries.values()].sort((a, b) => a.jobId - b.jobId);
  }

  get(jobId: number): CatalogueEntry | undefined {
    return this.entries.get(jobId);
  }

  /** Runs the job now; its run goes to the scheduling log like a timer's. */
  async runNow(jobId: number): Promise<Result<JobLog, DomainError>> {
    const entry = this.entries.get(jobId);
    if (!entry) return err(JobErrors.notFound());
    if (this.running.has(jobId)) return err(JobErrors.running());
    this.running.add(jobId);
    try {
      return ok(await entry.run());
    } finally {
      this.running.delete(jobId);
    }
  }
}
