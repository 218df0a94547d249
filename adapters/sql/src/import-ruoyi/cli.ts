import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest } from '../database/migrate.js';
import { openDatabase } from '../database/open-database.js';
import { formatReport } from './import-report.js';
import { DumpReadError } from './mysql-dump-reader.js';
import { importRuoyiData, readRuoyiDump } from './ruoyi-import.js';

/**
 * `npm run import:ruoyi -- <dump.sql>`: brings a RuoYi database's MySQL dump into the installation
 * that DATA_DIR (default ./data) and DATABASE_URL (default: the embedded server under DATA_DIR)
 * name, as `npm start` reads them. The file is read whole before the database is opened: a file
 * it cannot read changes nothing.
 */
export async function main(argv: readonly string[]): Promise<number> {
  const [file] = argv;
  const out = (m: string) => process.stdout.write(`${m}\n`);
  const err = (m: string) => process.stderr.write(`${m}\n`);
  if (!file) {
    err('用法：npm run import:ruoyi -- <若依数据库的 MySQL 备份文件.sql>');
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(resolve(file), 'utf8');
  } catch (e) {
    err(`无法打开 ${file}：${e instanceof Error ? e.message : String(e)}`);
    return 2;
  }
  let data;
  try {
    data = readRuoyiDump(text);
  } catch (e) {
    if (!(e instanceof DumpReadError)) throw e;
    err(`无法读取 ${file}：${e.message}。数据库没有任何改动。`);
    return 1;
  }
  const databaseUrl = process.env['DATABASE_URL'] || undefined;
  const handle = await openDatabase({
    dataDir: resolve(process.env['DATA_DIR'] ?? './data'),
    poolSize: 2,
    log: () => undefined,
    ...(databaseUrl ? { databaseUrl } : {}),
  });
  try {
    await migrateToLatest(handle.db);
    const seeded = await sql<{
      n: number;
    }>`select count(*)::int as n from dpms_seed where name = 'platform'`.execute(handle.db);
    if ((seeded.rows[0]?.n ?? 0) === 0) {
      err('数据库还没有初始化：请先运行一次 npm start，再导入。');
      return 1;
    }
    const report = await handle.db.transaction().execute((trx) => importRuoyiData(trx, data));
    out(formatReport(report));
    return 0;
  } finally {
    await handle.close();
  }
}

const entry = process.argv[1] ?? '';
if (/import-ruoyi[\\/]cli\.(js|ts)$/.test(entry)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(
        `导入失败，数据库没有任何改动：${e instanceof Error ? e.message : String(e)}\n`,
      );
      process.exit(1);
    },
  );
}
