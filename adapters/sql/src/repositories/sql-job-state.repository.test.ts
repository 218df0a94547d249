import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { SqlJobStateRepository } from './sql-job-state.repository.js';

describe.each(testDatabaseKinds())('JobStateRepository contract on %s', (kind) => {
  let handle: DatabaseHandle;
  let states: SqlJobStateRepository;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    states = new SqlJobStateRepository(handle.db);
    await handle.db.deleteFrom('sys_job_state').execute();
  });
  afterAll(() => handle.close());

  it('keeps a saved cron and the status apart, and null goes back to the job’s own', async () => {
    expect(await states.savedCrons()).toEqual(new Map());
    await states.setStatus(1, '1', 'admin');
    // A cron saved without a status leaves the pause as it was.
    await states.saveSchedule(1, { cron: '0 4 * * *' }, 'ops');
    await states.saveSchedule(2, { cron: '*/5 * * * *', status: '0' }, 'ops');
    expect(await states.savedCrons()).toEqual(
      new Map([
        [1, '0 4 * * *'],
        [2, '*/5 * * * *'],
      ]),
    );
    expect(await states.pausedJobIds()).toEqual(new Set([1]));
    await states.saveSchedule(1, { cron: null, status: '0' }, 'admin');
    expect(await states.savedCrons()).toEqual(new Map([[2, '*/5 * * * *']]));
    expect(await states.pausedJobIds()).toEqual(new Set());
    // Pausing keeps the saved cron.
    await states.setStatus(2, '1', 'admin');
    expect(await states.savedCrons()).toEqual(new Map([[2, '*/5 * * * *']]));
    const row = await handle.db
      .selectFrom('sys_job_state')
      .selectAll()
      .where('job_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cron: null, status: '0', update_by: 'admin' });
  });
});
