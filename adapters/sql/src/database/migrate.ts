import { Migrator, type Kysely, type Migration, type MigrationResult } from 'kysely';
import { StaticMigrationProvider, migrations } from '../migrations/index.js';
import type { Database } from './schema.js';

/**
 * Runs every pending migration; throws (naming the failed one) if any fails. Each family of records
 * has its own block of numbers (0030s contracts, 0060s money, 0070s closing and archives...), so a
 * release can add a migration numbered below one an existing database already ran: pending ones
 * run in name order whatever ran before, and a database from an earlier release upgrades.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  all: Readonly<Record<string, Migration>> = migrations,
): Promise<readonly MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: new StaticMigrationProvider(all),
    allowUnorderedMigrations: true,
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
