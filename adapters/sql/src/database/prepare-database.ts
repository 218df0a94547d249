import type { DatabaseHandle } from './open-database.js';
import { migrateToLatest } from './migrate.js';
import { seedDatabase, type SeedOptions, type SeedReport } from '../seed/seed.js';

/** What the server does at start: migrate to the latest version, then seed when empty. */
export async function prepareDatabase(
  handle: Pick<DatabaseHandle, 'db'>,
  seed: SeedOptions = {},
): Promise<SeedReport> {
  await migrateToLatest(handle.db);
  return seedDatabase(handle.db, seed);
}
