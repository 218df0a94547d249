import { Migrator, type Kysely, type MigrationResult } from 'kysely';
import { StaticMigrationProvider } from '../migrations/index.js';
import type { Database } from './schema.js';

/** Runs every pending migration; throws (naming the failed one) if any fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<readonly MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: new StaticMigrationProvider(),
    migrationTableName: 'dpms_migration',
    migrationLockTableName: 'dpms_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(
      `migration ${failed} failed: ${error instanceof Error ? error.message : JSON.stringify(error)}`,
      {
        cause: error,
      },
    );
  }
  return results ?? [];
}
