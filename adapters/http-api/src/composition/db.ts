import type { DatabaseHandle } from '@dpms/sql';

/** The SQL adapter's Kysely handle. */
export type Db = DatabaseHandle['db'];
