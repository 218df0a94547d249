import { once } from 'node:events';
import { JobRunner, SYSTEM_JOBS, wallClockAt, type JobDefinition } from '@dpms/core';
import {
  SqlJobLogRepository,
  SqlJobStateRepository,
  type ChannelListener,
  type DatabaseHandle,
} from '@dpms/sql';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../http/logger.js';
import { JobCatalogue, RunNotHeard } from '../jobs/job-catalogue.js';
import {
  JOB_QUEUE_APPLICATION_NAME,
  type JobQueue,
  queueNames,
  workerEvents,
} from '../jobs/job-queue.js';
import { jobQueueOn } from '../jobs/job-queue-on.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../test-support/test-database.js';

const MINUTE = 60_000;

/**
 * One server instance's side of the queue: its own catalogue, job runner, worker and listener on
 * the shared database. `runs` counts the work it did.
 */
function instance(
  handle: DatabaseHandle,
  job: JobDefinition,
  cron: string,
  options: {
    backfillPeriodMs?: number;
    runNowWaitMs?: number;
    cron?: boolean;
    onSchedulesFollowed?: (jobIds: readonly number[]) => void;
    /** The instance's listeners come up this much later, as on a loaded machine. */
    listenLateMs?: number;
  } = {},
) {
  const { listenLateMs, ...queueOptions } = options;
  const logs = new SqlJobLogRepository(handle.db);
  const jobs = new JobRunner(logs, { now: () => new Date() });
  const catalogue = new JobCatalogue(new SqlJobStateRepository(handle.db));
  const counter = { runs: 0 };
  catalogue.add(job, { cron, atStart: false }, () =>
    jobs.run(job, () => {
      counter.runs += 1;
      return Promise.resolve('done');
    }),
  );
  const events = workerEvents();
  const queue = jobQueueOn(
    listenLateMs === undefined ? handle : lateListens(handle, listenLateMs),
    {
      catalogue,
      logs,
      logger: createLogger('silent'),
      events,
      ...queueOptions,
    },
  );
  return { queue, events, counter, catalogue };
}

/** The handle's listeners, each put in place `lateMs` after it is asked for. */
function lateListens(
  handle: DatabaseHandle,
  lateMs: number,
): Pick<DatabaseHandle, 'url' | 'listen'> {
  return {
    url: handle.url,
    listen: (channel, sink) => {
      let real: ChannelListener | undefined;
      const timer = setTimeout(() => (real = handle.listen(channel, sink)), lateMs);
      return {
        get listening() {
          return real?.listening ?? false;
        },
        close: async () => {
          clearTimeout(timer);
          await real?.close();
        },
      };
    },
  };
}

/**
 * A daily cron whose one slot was two minutes ago on the institute's clock. With the crontab's
 * record that it has been known for ten minutes (`knownForTenMinutes`), a start with a five-minute
 * backfill owes exactly that slot, at once, rather than a test waiting for a minute to turn.
 */
function slotTwoMinutesAgo(): string {
  const w = wallClockAt(new Date(Math.floor(Date.now() / MINUTE) * MINUTE - 2 * MINUTE));
  return `${w.minute} ${w.hour} * * *`;
}

async function knownForTenMinutes(handle: DatabaseHandle, jobId: number): Promise<void> {
  await sql`insert into graphile_worker._private_known_crontabs (identifier, known_since)
    values (${queueNames(jobId).cronIdentifier}, ${new Date(Date.now() - 10 * MINUTE)})`.execute(
    handle.db,
  );
}

const pendingJobs = async (handle: DatabaseHandle) =>
  (
    await sql<{
      n: number;
    }>`select count(*)::int as n from graphile_worker._private_jobs`.execute(handle.db)
  ).rows[0]!.n;

const logRows = async (handle: DatabaseHandle, job: JobDefinition) =>
  (
    await handle.db
      .selectFrom('sys_job_log')
      .where('job_name', '=', job.jobName)
      .select('job_log_id')
      .execute()
  ).length;

describe.each(testDatabaseKinds())('the job queue on %s', (kind) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let running: JobQueue[] = [];
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    handle = database.handle;
  }, 60_000);
  afterEach(async () => {
    await Promise.all(running.map((q) => q.stop()));
    running = [];
  });
  afterAll(() => database?.close());

  it('runs a scheduled slot once with two instances on one database', async () => {
    const job = SYSTEM_JOBS.uploadSweep;
    const cron = slotTwoMinutesAgo();
    const a = instance(handle, job, cron, { backfillPeriodMs: 5 * MINUTE });
    const b = instance(handle, job, cron, { backfillPeriodMs: 5 * MINUTE });
    running = [a.queue, b.queue];
    await a.queue.open();
    await knownForTenMinutes(handle, 1);
    // Both crons have filled what they owe once both have started; then the one run completes.
    const started = Promise.all([once(a.events, 'cron:started'), once(b.events, 'cron:started')]);
    const completed = Promise.race([
      once(a.events, 'job:complete'),
      once(b.events, 'job:complete'),
    ]);
    await Promise.all([a.queue.start(), b.queue.start()]);
    await started;
    await completed;
    expect(a.counter.runs + b.counter.runs).toBe(1);
    expect(await pendingJobs(handle)).toBe(0);
    expect(await logRows(handle, job)).toBe(1);
  }, 60_000);

  it('skips a paused job’s slot: no work, no log row', async () => {
    const job = SYSTEM_JOBS.jobLogPurge;
    await new SqlJobStateRepository(handle.db).setStatus(2, '1', 'admin');
    const one = instance(handle, job, slotTwoMinutesAgo(), { backfillPeriodMs: 5 * MINUTE });
    running = [one.queue];
    await knownForTenMinutes(handle, 2);
    const completed = once(one.events, 'job:complete');
    await one.queue.start();
    const [{ job: ran }] = (await completed) as [{ job: { task_identifier: string } }];
    expect(ran.task_identifier).toBe(queueNames(2).task);
    expect(one.counter.runs).toBe(0);
    expect(await logRows(handle, job)).toBe(0);
    // Resumed, 执行一次 runs it (as it would run a paused one).
    await new SqlJobStateRepository(handle.db).setStatus(2, '0', 'admin');
    const log = await one.queue.runNow(2);
    expect(log).toMatchObject({ jobName: job.jobName, status: '0' });
    expect(one.counter.runs).toBe(1);
  }, 60_000);

  it('runs 执行一次 asked twice, on two instances, before a worker takes it, once', async () => {
    const job = SYSTEM_JOBS.selfHeldRepair;
    // A wait as long as the test's: a loaded machine may take longer than the server's 25 s.
    const a = instance(handle, job, '0 4 * * *', { runNowWaitMs: 55_000 });
    const b = instance(handle, job, '0 4 * * *', { runNowWaitMs: 55_000 });
    running = [a.queue, b.queue];
    const clickA = await a.queue.enqueue(3);
    const clickB = await b.queue.enqueue(3);
    expect(clickB.id).toBe(clickA.id);
    await Promise.all([a.queue.start(), b.queue.start()]);
    const [logA, logB] = await Promise.all([clickA.done, clickB.done]);
    // Each instance answers with the one run, whichever instance's worker did it.
    expect(logB.jobLogId).toBe(logA.jobLogId);
    expect(a.counter.runs + b.counter.runs).toBe(1);
    expect(await logRows(handle, job)).toBe(1);
  }, 60_000);
  it('hears a run another instance did at once, its listener in place before the 执行一次 is queued', async () => {
    const job = SYSTEM_JOBS.selfHeldRepair;
    const a = instance(handle, job, '0 4 * * *', { runNowWaitMs: 30_000 });
    // B's listener comes up 2 s after B opens its queue; only A has a worker, which takes a new
    // job at once and tells the run within those 2 s unless B waited for its LISTEN first.
    const b = instance(handle, job, '0 4 * * *', { runNowWaitMs: 8_000, listenLateMs: 2_000 });
    running = [a.queue, b.queue];
    await a.queue.start();
    const click = await b.queue.enqueue(3);
    const log = await click.done;
    expect(log.jobLogId).toBeGreaterThan(0);
    expect(a.counter.runs + b.counter.runs).toBe(1);
  }, 60_000);
  it('answers a 执行一次 whose run is not heard within its wait as still running, and lets it go on', async () => {
    const job = SYSTEM_JOBS.selfHeldRepair;
    const a = instance(handle, job, '0 4 * * *', { runNowWaitMs: 50 });
    running = [a.queue];
    // No worker has started: nothing will report the run within the wait.
    const click = await a.queue.enqueue(3);
    await expect(click.done).rejects.toBeInstanceOf(RunNotHeard);
    // The queued run is still there, and a worker that starts later does it.
    expect(await pendingJobs(handle)).toBe(1);
    const completed = once(a.events, 'job:complete');
    await a.queue.start();
    await completed;
    expect(a.counter.runs).toBe(1);
  }, 60_000);
  it('leaves no connection of its own to be cut once stop() has returned', async () => {
    const job = SYSTEM_JOBS.uploadSweep;
    const a = instance(handle, job, '0 4 * * *', { runNowWaitMs: 30_000 });
    running = [a.queue];
    await a.queue.start();
    await a.queue.runNow(1);
    const cut = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from
          (select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database()
            and application_name = ${JOB_QUEUE_APPLICATION_NAME}) t`.execute(handle.db)
      ).rows[0]!.n;
    await a.queue.stop();
    // As a dropped database or a restarted server does. pg's pool answers end() once its clients
    // are let go, not once their sockets have closed, so one may still meet the server's
    // "terminating connection": the queue's pool keeps its error handler for that, where
    // graphile-worker's own pool had taken it off, and an unhandled error event fails this run.
    await cut();
    await vi.waitFor(async () => expect(await cut()).toBe(0));
  }, 60_000);
  it('follows a cron saved on another instance: its crontab runs the new one', async () => {
    const job = SYSTEM_JOBS.uploadSweep;
    const states = new SqlJobStateRepository(handle.db);
    // A saves; B's crontab runs the job daily at 04:00, so only the new cron makes it run now.
    const a = instance(handle, job, '0 4 * * *', { cron: false });
    let followed: (ids: readonly number[]) => void = () => undefined;
    const heard = new Promise<readonly number[]>((resolve) => (followed = resolve));
    const b = instance(handle, job, '0 4 * * *', { onSchedulesFollowed: followed });
    running = [a.queue, b.queue];
    // One after the other: graphile-worker's first install of its schema is not safe to race.
    await a.queue.start();
    await b.queue.start();
    try {
      await states.saveSchedule(1, { cron: '* * * * *' }, 'admin');
      await a.catalogue.reschedule();
      expect(a.catalogue.get(1)?.schedule.cron).toBe('* * * * *');
      expect(await heard).toEqual([1]);
      expect(b.catalogue.get(1)?.scheduleWords).toBe('每分钟');
      // The next minute's slot, queued by B's crontab (the one there is), runs once, on
      // whichever instance's worker takes it.
      await Promise.race([once(a.events, 'job:complete'), once(b.events, 'job:complete')]);
      expect(a.counter.runs + b.counter.runs).toBe(1);
    } finally {
      await states.saveSchedule(1, { cron: null }, 'admin');
    }
  }, 90_000);

  it('starts its worker again when the worker stops by itself', async () => {
    const job = SYSTEM_JOBS.uploadSweep;
    const a = instance(handle, job, '0 4 * * *', { runNowWaitMs: 30_000 });
    running = [a.queue];
    await a.queue.start();
    // As graphile-worker does when its crontab meets a database error.
    await (a.queue as unknown as { runner: { stop(): Promise<void> } }).runner.stop();
    const log = await a.queue.runNow(1);
    expect(log).toMatchObject({ jobName: job.jobName, status: '0' });
  }, 60_000);
});
