import { openDatabase, registerShutdownHandlers } from '../database/open-database.js';
import { migrateToLatest } from '../database/migrate.js';
import { sql } from 'kysely';

/**
 * Child process of the durability tests: the application's own start on the embedded server of
 * a DATA_DIR. argv: <dataDir> <mode>
 * mode 'insert': inserts rows one by one, printing `ack <n>` after each commit, until killed.
 * mode 'hold': opens the database, prints `ready`, closes it cleanly on SIGTERM (via the shutdown
 * handlers, which stop the server it started) and prints nothing more.
 */
export async function main(dataDir: string, mode: string): Promise<void> {
  const handle = await openDatabase({ dataDir, log: () => undefined });
  await migrateToLatest(handle.db);
  if (mode === 'hold') {
    const keepAlive = setInterval(() => undefined, 60_000);
    registerShutdownHandlers([() => clearInterval(keepAlive), () => handle.close()]);
    process.stdout.write('ready\n');
    return;
  }
  await sql`create table if not exists durability_probe (n integer primary key, note text not null)`.execute(
    handle.db,
  );
  for (let n = 1; ; n++) {
    await sql`insert into durability_probe (n, note) values (${n}, ${'行' + String(n)})`.execute(
      handle.db,
    );
    process.stdout.write(`ack ${String(n)}\n`);
  }
}
