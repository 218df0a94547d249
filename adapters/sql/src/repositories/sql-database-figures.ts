import { sql } from 'kysely';
import type { DatabaseFigures, DatabaseFiguresPort } from '@dpms/core';
import type { Db } from './sql-helpers.js';

/**
 * 服务监控's database figures, from PostgreSQL itself: pg_database_size, the connections
 * pg_stat_activity shows to this database, max_connections and version().
 */
export class SqlDatabaseFigures implements DatabaseFiguresPort {
  constructor(private readonly db: Db) {}

  async read(): Promise<DatabaseFigures> {
    const r = await sql<{
      size: string;
      connections: string;
      max_connections: string;
      version: string;
    }>`select pg_database_size(current_database())::text as size,
              (select count(*) from pg_stat_activity where datname = current_database())::text
                as connections,
              current_setting('max_connections') as max_connections,
              version() as version`.execute(this.db);
    const row = r.rows[0];
    if (!row) throw new Error('the database answered no figures');
    return {
      sizeBytes: Number(row.size),
      connections: Number(row.connections),
      maxConnections: Number(row.max_connections),
      version: row.version,
    };
  }
}
