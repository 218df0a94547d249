import { jobLogEntry, type JobDefinition, type JobLog, type JobOutcome } from './job-log.js';
import type { JobLogRepository } from './job-log.repository.port.js';

export interface JobClock {
  now(): Date;
}

/** How long the scheduling log keeps a run. */
export const JOB_LOG_RETENTION_DAYS = 30;

/**
 * Runs background work and writes one scheduling-log entry per run, success or failure. The
 * work's error is caught and logged, never rethrown: a failed clean-up must not stop the timer
 * that runs it. A failure to write the log itself does reject, so the caller can report it.
 */
export class JobRunner {
  constructor(
    private readonly logs: JobLogRepository,
    private readonly clock: JobClock,
  ) {}

  async run(job: JobDefinition, work: () => Promise<string>): Promise<JobLog> {
    const started = this.clock.now();
    let outcome: JobOutcome;
    try {
      outcome = { ok: true, result: await work() };
    } catch (e) {
      outcome = { ok: false, error: e instanceof Error ? e.message || e.name : String(e) };
    }
    return this.logs.add(jobLogEntry(job, started, this.clock.now(), outcome));
  }

  /** Records a run that happened elsewhere (the migration and seed before the server started). */
  record(job: JobDefinition, startTime: Date, endTime: Date, outcome: JobOutcome): Promise<JobLog> {
    return this.logs.add(jobLogEntry(job, startTime, endTime, outcome));
  }

  /** Drops runs older than the retention period. */
  purgeOld(): Promise<number> {
    return this.logs.purge(
      new Date(this.clock.now().getTime() - JOB_LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000),
    );
  }
}
