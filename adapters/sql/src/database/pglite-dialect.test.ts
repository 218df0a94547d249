import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import type { DatabaseHandle } from './open-database.js';

describe('the PGlite dialect', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    await sql`create table probe (n integer primary key)`.execute(handle.db);
  });
  afterAll(() => handle.close());

  it('gives a transaction the connection alone: others wait instead of seeing its uncommitted rows', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const didInsert = new Promise<void>((r) => (inserted = r));
    const trx = handle.db.transaction().execute(async (t) => {
      await sql`insert into probe (n) values (1)`.execute(t);
      inserted();
      await gate;
      throw new Error('roll back');
    });
    await didInsert;
    let seen: number | undefined;
    const outside = sql<{ c: number }>`select count(*)::int as c from probe`
      .execute(handle.db)
      .then((r) => (seen = r.rows[0]?.c));
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toBeUndefined();
    release();
    await expect(trx).rejects.toThrow('roll back');
    await outside;
    expect(seen).toBe(0);
  });
});

describe.each(testDatabaseKinds())('value types on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await sql`create table probe (n integer primary key)`.execute(handle.db);
  });
  afterAll(() => handle.close());

  it('reports affected rows; bigint as number, numeric as string, date as text, timestamptz as Date', async () => {
    const res = await sql`insert into probe (n) values (2), (3)`.execute(handle.db);
    expect(res.numAffectedRows).toBe(2n);
    const row = await sql<{ big: number; num: string; day: string; at: Date }>`
      select 9007199254740991::bigint as big, 12.345678::numeric(18,6) as num, date '2026-01-02' as day, now() as at`.execute(
      handle.db,
    );
    expect(row.rows[0]).toMatchObject({
      big: 9007199254740991,
      num: '12.345678',
      day: '2026-01-02',
    });
    expect(row.rows[0]?.at).toBeInstanceOf(Date);
  });
});
