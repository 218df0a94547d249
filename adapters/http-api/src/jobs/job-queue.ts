import { EventEmitter } from 'node:events';
import { DEFAULT_INSTITUTE_TIME_ZONE, type JobLog, type JobLogRepository } from '@dpms/core';
import type { ChannelListener, ChannelSink } from '@dpms/sql';
import {
  Logger as WorkerLogger,
  makeWorkerUtils,
  parseCronItems,
  run,
  type JobHelpers,
  type Runner,
  type TaskList,
  type WorkerEvents,
  type WorkerUtils,
} from 'graphile-worker';
import pg from 'pg';
import type { Logger } from 'pino';
import { liveCronMatcher } from './institute-cron-matcher.js';
import { RunNotHeard, type JobCatalogue } from './job-catalogue.js';

export { instituteClockMatcher } from './institute-cron-matcher.js';

/**
 * The channel on which the instance whose worker ran a 执行一次 tells the instance that asked for
 * it (it may be another) which scheduling-log run it wrote.
 */
export const RUN_DONE_CHANNEL = 'dpms_job_run_done';

/**
 * The channel on which the instance where a cron was saved on 定时任务 tells the others, which
 * read the saved crons again (job-catalogue.ts's refresh): their crontabs follow at once.
 */
export const SCHEDULE_CHANGED_CHANNEL = 'dpms_job_schedule_changed';

/** How the queue's connections are named in pg_stat_activity. */
export const JOB_QUEUE_APPLICATION_NAME = 'dpms-job-queue';

/** graphile-worker's names for a catalogue job: its task, its queue, its keys, its cron line. */
export const queueNames = (jobId: number) => ({
  task: `dpms_job_${jobId}`,
  // One queue per job: its runs go one at a time across every instance.
  queue: `dpms_job_${jobId}`,
  // Slots and start runs not yet taken collapse into one run (a backlog after an outage).
  scheduledKey: `dpms_job_${jobId}_scheduled`,
  // Two 执行一次 asked before the first is taken (two clicks, two instances) run once.
  runNowKey: `dpms_job_${jobId}_run_now`,
  cronIdentifier: `dpms_job_${jobId}`,
});

/** What a queued job carries: a 执行一次, a server's start, or (graphile-worker's) a cron slot. */
type Payload = { readonly runNow?: true; readonly atStart?: true; readonly _cron?: unknown };

export interface JobQueueOptions {
  /** The database the server runs on: graphile-worker keeps its schema `graphile_worker` there. */
  readonly connectionString: string;
  /** The jobs, registered before the queue starts. */
  readonly catalogue: JobCatalogue;
  /** Where the run a 执行一次 wrote on another instance is read back. */
  readonly logs: Pick<JobLogRepository, 'get'>;
  /** Hears the runs other instances did for this one (the database handle's listen). */
  readonly listen: (channel: string, sink: ChannelSink) => ChannelListener;
  readonly logger: Logger;
  /**
   * The institute's time zone, the clock the crons read (Asia/Shanghai when absent); a source is
   * read once as the queue starts, so a changed zone applies from the next start.
   */
  readonly zone?: string | (() => Promise<string>);
  /** false: no cron slots (a test that runs jobs only at start and on 执行一次). */
  readonly cron?: boolean;
  /** How far back a start fills slots missed while every instance was down (0: none). */
  readonly backfillPeriodMs?: number;
  /** Jobs run at once on this instance (2: a long backup does not hold up the sweeps). */
  readonly concurrency?: number;
  /** graphile-worker's events (job:complete, cron:started ...), for tests to await. */
  readonly events?: WorkerEvents;
  /**
   * How long 执行一次 waits for its run (25 s, well inside the web client's timeout): a longer
   * run (a backup), or one never heard of (its notification lost while a listener reconnected),
   * answers that it goes on and that its outcome will be in the scheduling log.
   */
  readonly runNowWaitMs?: number;
  /** Called with the jobs whose cron this instance took up from another's change (for tests). */
  readonly onSchedulesFollowed?: (jobIds: readonly number[]) => void;
  /**
   * One-off tasks beside the catalogue's, queued by whoever needs them (the PDF pre-render, from
   * the approval's transaction). Each reports its own failures: graphile-worker's error line for
   * a failed attempt of one is kept at debug.
   */
  readonly tasks?: TaskList;
}

const RUN_NOW_WAIT_MS = 25_000;
/** How long the queue's first open waits for its run channel's LISTEN to be in place. */
const LISTEN_WAIT_MS = 10_000;

interface Waiter {
  resolve(log: JobLog): void;
  reject(e: unknown): void;
}

/**
 * The server's background jobs on PostgreSQL, with graphile-worker: each catalogue job is a task,
 * its cron a crontab line (graphile-worker claims each slot once in the database, so N instances
 * run a slot once), its start run and 执行一次 jobs keyed so repeats not yet taken collapse into
 * one. A job paused on 定时任务 is skipped when its slot comes (nothing is logged: a paused job's
 * log would fill with "skipped" every ten minutes); 执行一次 runs it anyway. The run lands in the
 * scheduling log through the catalogue's JobRunner, whichever instance runs it, and the
 * instance that was asked answers with it.
 *
 * Chosen over pg-boss: it is the smaller of the two, its crontab needs no leader (each slot is
 * claimed in `known_crontabs`), and it picks up new jobs at once by LISTEN/NOTIFY.
 */
export class JobQueue {
  private readonly names: readonly number[];
  private utils: Promise<WorkerUtils> | undefined;
  private runner: Runner | undefined;
  private starting: Promise<void> | undefined;
  private listener: ChannelListener | undefined;
  private scheduleListener: ChannelListener | undefined;
  private readonly waiting = new Map<string, Waiter[]>();
  /** Runs finished before their asker registered (a fast worker): job id → log or its id. */
  private readonly finished = new Map<string, JobLog | number | Error>();
  private stopped = false;
  private stopping: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private readonly workerLogger: WorkerLogger;
  /**
   * The queue's own connections, for its utilities and its worker alike. graphile-worker ends a
   * pool it made without waiting and takes its error handler off first, so a connection cut while
   * it closes (a database dropped, a server restarted) would be an unhandled 'error' event: this
   * pool keeps its handler for good, and stop() ends it before returning.
   */
  private pool: pg.Pool | undefined;
  private readonly log: Logger;

  constructor(private readonly options: JobQueueOptions) {
    this.names = options.catalogue.list().map((e) => e.jobId);
    options.catalogue.whenRescheduled(() => this.tellScheduleChanged());
    const log = options.logger.child({ component: 'job-queue' });
    this.log = log;
    const oneOff = new Set(Object.keys(options.tasks ?? {}));
    this.workerLogger = new WorkerLogger((scope) => (level, message, meta) => {
      // LogLevel is a const enum of these strings: error, warning, info, debug.
      const name = String(level);
      const job = meta?.['job'] as { task_identifier?: unknown } | undefined;
      const reported = meta?.['failure'] === true && oneOff.has(String(job?.task_identifier));
      const at = name === 'error' && !reported ? 'error' : name === 'warning' ? 'warn' : 'debug';
      log[at]({ ...scope, ...meta }, message);
    });
  }

  /**
   * Installs or updates the schema `graphile_worker` (idempotent; concurrent starts wait on each
   * other) and makes jobs addable; the worker does not run yet.
   */
  private connections(): pg.Pool {
    if (!this.pool) {
      this.pool = new pg.Pool({
        connectionString: this.options.connectionString,
        // Named in pg_stat_activity, for whoever looks at the database's connections.
        application_name: JOB_QUEUE_APPLICATION_NAME,
        // The worker's jobs, its LISTEN and crontab, and the utilities' adds.
        max: (this.options.concurrency ?? 2) + 4,
      });
      this.pool.on('error', (e) => this.log.warn({ err: e }, 'job queue connection lost'));
    }
    return this.pool;
  }

  open(): Promise<WorkerUtils> {
    this.utils ??= (async () => {
      const utils = await makeWorkerUtils({
        pgPool: this.connections(),
        logger: this.workerLogger,
      });
      try {
        await utils.migrate();
      } catch (e) {
        await utils.release();
        throw e;
      }
      // A run another instance does is heard on this channel only once LISTEN is in place, and a
      // notification sent before that is lost: a 执行一次 asked here right after the start would
      // then wait its whole time for a run long done. So the first open waits for it (bounded: a
      // listener that cannot connect yet keeps trying on its own, and a run it misses is answered
      // as not heard, as after a reconnection).
      let inPlace: () => void = () => undefined;
      const listening = new Promise<void>((resolve) => (inPlace = resolve));
      this.listener ??= this.options.listen(RUN_DONE_CHANNEL, {
        notify: (payload) => this.heard(payload),
        listening: (on) => {
          if (on) inPlace();
        },
      });
      if (this.listener.listening) inPlace();
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([
        listening,
        new Promise<void>((resolve) => (bound = setTimeout(resolve, LISTEN_WAIT_MS))),
      ]);
      clearTimeout(bound);
      // Another instance saved a cron: read the saved crons again. Also on every (re)connection
      // of the listener, as a notification sent while it was away is lost.
      this.scheduleListener ??= this.options.listen(SCHEDULE_CHANGED_CHANNEL, {
        notify: () => this.followSchedules(),
        listening: (on) => {
          if (on) this.followSchedules();
        },
      });
      return utils;
    })().catch((e: unknown) => {
      this.utils = undefined;
      throw e;
    });
    return this.utils;
  }

  /**
   * Starts the worker and the crontab (once; a failed start may be tried again); the runs due at
   * a server's start are queued first.
   */
  start(): Promise<void> {
    this.starting ??= this.begin().catch((e: unknown) => {
      this.starting = undefined;
      throw e;
    });
    return this.starting;
  }

  private async begin(): Promise<void> {
    const utils = await this.open();
    if (this.stopped || this.runner) return;
    await this.options.catalogue.refresh();
    const entries = this.options.catalogue.list();
    for (const e of entries.filter((x) => x.schedule.atStart)) {
      const n = queueNames(e.jobId);
      await utils.addJob(n.task, { atStart: true } satisfies Payload, {
        queueName: n.queue,
        jobKey: n.scheduledKey,
        maxAttempts: 1,
      });
    }
    const taskList: TaskList = { ...this.options.tasks };
    for (const e of entries)
      taskList[queueNames(e.jobId).task] = (p, h) => this.perform(e.jobId, p as Payload, h);
    const zoneOption = this.options.zone ?? DEFAULT_INSTITUTE_TIME_ZONE;
    const zone = typeof zoneOption === 'string' ? zoneOption : await zoneOption();
    const cron = this.options.cron === false ? [] : entries;
    this.runner = await run({
      pgPool: this.connections(),
      concurrency: this.options.concurrency ?? 2,
      noHandleSignals: true,
      logger: this.workerLogger,
      taskList,
      parsedCronItems: parseCronItems(
        cron.map((e) => {
          const n = queueNames(e.jobId);
          return {
            task: n.task,
            identifier: n.cronIdentifier,
            match: liveCronMatcher(() => this.options.catalogue.get(e.jobId)?.schedule.cron, zone),
            options: {
              backfillPeriod: this.options.backfillPeriodMs ?? 0,
              queueName: n.queue,
              jobKey: n.scheduledKey,
              maxAttempts: 1,
            },
          };
        }),
      ),
      ...(this.options.events ? { events: this.options.events } : {}),
    });
    const runner = this.runner;
    // graphile-worker stops the whole runner when its crontab meets a database error: start it
    // again (with the growing waits of a first start), or no job would run until a restart.
    const restart = (e?: unknown) => {
      if (this.stopped || this.runner !== runner) return;
      this.options.logger.error({ err: e }, 'job queue stopped by itself; starting it again');
      this.runner = undefined;
      this.starting = undefined;
      this.startInBackground();
    };
    runner.promise.then(() => restart(), restart);
    if (this.stopped) await runner.stop();
  }

  /**
   * start() without holding up the server's start: a database that is slow or away is tried
   * again, waiting longer each time (at most 30 s), until it answers or the server stops.
   */
  startInBackground(): void {
    let wait = 1000;
    const attempt = () => {
      this.retry = undefined;
      this.start().then(
        () => this.options.logger.info({ jobs: this.names }, 'job queue started'),
        (e: unknown) => {
          if (this.stopped) return;
          this.options.logger.warn(
            { err: e, retryMs: wait },
            'job queue could not start; retrying',
          );
          this.retry = setTimeout(attempt, wait);
          this.retry.unref();
          wait = Math.min(wait * 2, 30_000);
        },
      );
    };
    attempt();
  }

  /**
   * Queues a 执行一次 of the job and answers its queue id and its run, once a worker (here or on
   * another instance) has run it. A second one asked before the first is taken is the same job.
   */
  async enqueue(jobId: number): Promise<{ readonly id: string; readonly done: Promise<JobLog> }> {
    const utils = await this.open();
    const n = queueNames(jobId);
    const job = await utils.addJob(n.task, { runNow: true } satisfies Payload, {
      queueName: n.queue,
      jobKey: n.runNowKey,
      jobKeyMode: 'preserve_run_at',
      maxAttempts: 1,
    });
    const id = String(job.id);
    return { id, done: this.outcome(id, jobId) };
  }

  /** 执行一次 through the queue: the catalogue's dispatch. */
  async runNow(jobId: number): Promise<JobLog> {
    return (await this.enqueue(jobId)).done;
  }

  /**
   * Stops taking jobs, lets the running ones finish, and closes the queue's connections; a
   * second call waits for the first.
   */
  stop(): Promise<void> {
    this.stopping ??= this.shutDown();
    return this.stopping;
  }

  private async shutDown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    // A start under way (the first, or one after the worker stopped by itself) finishes first,
    // and stops the runner it made on seeing `stopped`.
    await this.starting?.catch(() => undefined);
    // A runner that already stopped by itself refuses a second stop: nothing is left to stop.
    await this.runner?.stop().catch(() => undefined);
    await this.listener?.close();
    await this.scheduleListener?.close();
    const utils = await this.utils?.catch(() => undefined);
    await utils?.release();
    const pool = this.pool;
    this.pool = undefined;
    await pool?.end();
  }

  /**
   * A cron was saved on this instance (the catalogue read it already): tell the other instances.
   * graphile-worker claims each slot once in the database whatever the crons say, so a slot is
   * never run twice; an instance that has not heard yet runs its old cron for that moment.
   */
  async tellScheduleChanged(): Promise<void> {
    if (this.stopped) return;
    await this.connections().query('select pg_notify($1, $2)', [SCHEDULE_CHANGED_CHANNEL, '']);
  }

  /** Reads the saved crons again (another instance changed one); a failure is logged. */
  private followSchedules(): void {
    this.options.catalogue.refresh().then(
      (changed) => {
        if (changed.length > 0) {
          this.log.info({ jobs: changed }, 'job crons changed on another instance');
          this.options.onSchedulesFollowed?.(changed);
        }
      },
      (e: unknown) => this.log.warn({ err: e }, 'could not read the saved job crons'),
    );
  }

  /** One job on this instance's worker. */
  private async perform(jobId: number, payload: Payload, helpers: JobHelpers): Promise<void> {
    if (!payload.runNow) {
      const log = await this.options.catalogue.runScheduled(jobId);
      if (log === null) helpers.logger.info(`job ${jobId} skipped: paused or running here`);
      return;
    }
    const id = String(helpers.job.id);
    let said: { id: string; jobLogId?: number; error?: string };
    try {
      const log = await this.options.catalogue.work(jobId);
      if (!log) throw new Error(`no job ${jobId} on this instance`);
      this.settle(id, log);
      said = { id, jobLogId: log.jobLogId };
    } catch (e) {
      const error = e instanceof Error ? e : new Error(String(e));
      this.settle(id, error);
      said = { id, error: error.message.slice(0, 1000) };
      await this.tell(helpers, said);
      throw e;
    }
    await this.tell(helpers, said);
  }

  private tell(helpers: JobHelpers, said: object): Promise<unknown> {
    return helpers.withPgClient((client) =>
      client.query('select pg_notify($1, $2)', [RUN_DONE_CHANNEL, JSON.stringify(said)]),
    );
  }

  /** A run another instance (or this one) did, heard on the channel. */
  private heard(payload: string): void {
    let said: { id?: unknown; jobLogId?: unknown; error?: unknown };
    try {
      said = JSON.parse(payload) as typeof said;
    } catch {
      return;
    }
    if (typeof said.id !== 'string') return;
    if (typeof said.jobLogId === 'number') this.settle(said.id, said.jobLogId);
    else if (typeof said.error === 'string') this.settle(said.id, new Error(said.error));
  }

  private settle(id: string, outcome: JobLog | number | Error): void {
    const waiters = this.waiting.get(id);
    if (!waiters) {
      // Nobody here asked yet (or at all): keep it a little for an asker about to register.
      this.finished.set(id, outcome);
      if (this.finished.size > 100) this.finished.delete(this.finished.keys().next().value!);
      return;
    }
    this.waiting.delete(id);
    for (const w of waiters) this.deliver(w, outcome);
  }

  private deliver(w: Waiter, outcome: JobLog | number | Error): void {
    if (outcome instanceof Error) w.reject(outcome);
    else if (typeof outcome === 'number')
      this.options.logs.get(outcome).then(
        (log) => (log ? w.resolve(log) : w.reject(new Error(`job log ${outcome} is gone`))),
        (e: unknown) => w.reject(e),
      );
    else w.resolve(outcome);
  }

  private outcome(id: string, jobId: number): Promise<JobLog> {
    return new Promise<JobLog>((resolve, reject) => {
      const done = this.finished.get(id);
      if (done !== undefined) {
        this.finished.delete(id);
        this.deliver({ resolve, reject }, done);
        return;
      }
      const timer = setTimeout(() => {
        const left = (this.waiting.get(id) ?? []).filter((x) => x !== w);
        if (left.length > 0) this.waiting.set(id, left);
        else this.waiting.delete(id);
        reject(new RunNotHeard(jobId));
      }, this.options.runNowWaitMs ?? RUN_NOW_WAIT_MS);
      timer.unref();
      const w: Waiter = {
        resolve: (log) => {
          clearTimeout(timer);
          resolve(log);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      };
      this.waiting.set(id, [...(this.waiting.get(id) ?? []), w]);
    });
  }
}

/** An emitter for graphile-worker's events (typed as it types them). */
export const workerEvents = (): WorkerEvents => new EventEmitter() as WorkerEvents;
