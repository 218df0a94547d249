import { resolve } from 'node:path';
import { createBackup, restoreBackup } from './backup-archive.js';
import { movePGliteIfPresent, pgliteDirOf } from './pglite-move.js';

/**
 * `npm run backup [-- <file or folder>]`, `npm run restore -- <file>`, `npm run migrate-pglite`:
 * on the installation that DATA_DIR (default ./data) and DATABASE_URL (default: the embedded
 * server under DATA_DIR) name, as `npm start` reads them.
 */
export async function main(argv: readonly string[]): Promise<number> {
  const [command, arg] = argv;
  const dataDir = resolve(process.env['DATA_DIR'] ?? './data');
  const databaseUrl = process.env['DATABASE_URL'] || undefined;
  const log = (m: string) => process.stdout.write(`${m}\n`);
  const target = { dataDir, log, ...(databaseUrl ? { databaseUrl } : {}) };
  switch (command) {
    case 'backup': {
      const archive = await createBackup({ ...target, ...(arg ? { out: arg } : {}) });
      log(`备份已写入 ${archive}`);
      return 0;
    }
    case 'restore': {
      if (!arg) {
        process.stderr.write('用法：npm run restore -- <备份文件>\n');
        return 2;
      }
      const manifest = await restoreBackup({ ...target, archive: arg });
      const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
      log(
        `已恢复 ${manifest.createdAt} 的备份：${String(Object.keys(manifest.tables).length)} 张表、${String(rows)} 行，文件目录 ${manifest.folders.join('、') || '无'}`,
      );
      return 0;
    }
    case 'migrate-pglite': {
      const report = await movePGliteIfPresent(dataDir, log);
      if (!report) log(`${pgliteDirOf(dataDir)} 没有需要搬迁的 PGlite 数据库`);
      return 0;
    }
    default:
      process.stderr.write(
        '用法：cli.js backup [文件或目录] | restore <备份文件> | migrate-pglite\n',
      );
      return 2;
  }
}

const entry = process.argv[1] ?? '';
if (/backup[\\/]cli\.(js|ts)$/.test(entry)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    },
  );
}
