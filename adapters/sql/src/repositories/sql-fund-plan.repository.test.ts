import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';

describe.each(testDatabaseKinds())('fund plan tables on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('keeps one approved plan per department and month', async () => {
    const insert = (status: number) =>
      sql`insert into fund_plan (dept_id, plan_month, status, total_amount, user_id)
          values (110, '2031-01', ${status}, '1.5', 1) returning id`.execute(handle.db);
    await insert(2);
    await insert(0);
    await expect(insert(2)).rejects.toThrow();
    await expect(
      sql`insert into fund_plan (dept_id, plan_month, user_id) values (110, '2031-13', 1)`.execute(
        handle.db,
      ),
    ).rejects.toThrow();
  });
});
