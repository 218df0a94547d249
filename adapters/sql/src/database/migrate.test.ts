import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../migrations/index.js';
import { openEmptyTestDatabase } from '../testing/index.js';
import { migrateToLatest } from './migrate.js';
import type { DatabaseHandle } from './open-database.js';

describe('migrateToLatest', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openEmptyTestDatabase('embedded');
  });
  afterAll(() => handle.close());

  it('upgrades a database from a release that lacked a migration numbered below its last one', async () => {
    const names = Object.keys(migrations);
    const later = names.filter((n) => n.startsWith('006'));
    expect(later.length).toBeGreaterThan(0);
    const earlier = Object.fromEntries(
      Object.entries(migrations).filter(([n]) => !later.includes(n)),
    );
    // The earlier release ran everything else, its last migration numbered above the missing ones.
    const db = handle.db;
    await migrateToLatest(db, earlier);
    expect(names.at(-1)?.localeCompare(later.at(-1) ?? '')).toBe(1);

    const results = await migrateToLatest(db);
    expect(results.map((r) => [r.migrationName, r.status])).toEqual(
      later.map((n) => [n, 'Success']),
    );
    const ran = await sql<{ name: string }>`select name from dpms_migration order by name`.execute(
      db,
    );
    expect(ran.rows.map((r) => r.name)).toEqual([...names].sort());
  });
});
