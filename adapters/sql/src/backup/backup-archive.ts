import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../database/embedded-postgres.js';
import { dumpDatabase, loadDatabase, type DumpManifest } from './logical-dump.js';

/**
 * One backup = one `.tar.gz`: `manifest.json`, `db/<table>.jsonl` (logical-dump.ts) and, with the
 * local file store, `files/` and `avatars/` as they are under DATA_DIR. Uploaded files are never
 * changed in place (a new version is a new file), so files copied a moment after the snapshot
 * hold every file the snapshot's rows name; a chunked upload still in progress may be caught
 * half-written, and its row is not finished either. With FILE_STORE=s3://… the bucket is backed
 * up by its own means: the archive then holds the database only.
 */

export const BACKUP_FORMAT = 'dpms-backup';
/** The file-store folders under DATA_DIR that a backup carries. */
export const FILE_FOLDERS = ['files', 'avatars'] as const;
/** Nightly backups kept by default. */
export const DEFAULT_BACKUPS_KEPT = 14;

export interface BackupManifest extends DumpManifest {
  readonly format: typeof BACKUP_FORMAT;
  readonly version: 1;
  readonly createdAt: string;
  /** The file-store folders in the archive. */
  readonly folders: readonly string[];
}

export interface BackupTarget {
  /** The installation's DATA_DIR. */
  readonly dataDir: string;
  /** An external server; the embedded server under DATA_DIR when absent. */
  readonly databaseUrl?: string;
  readonly log?: (message: string) => void;
}

/** The default folder of backups: DATA_DIR/backups. */
export const backupsDir = (dataDir: string): string => join(resolve(dataDir), 'backups');

/**
 * The database to read or write: DATABASE_URL's, or the embedded server's (attached to when it
 * runs, else started for the job and stopped after it).
 */
async function withDatabase<T>(
  target: BackupTarget,
  work: (url: string) => Promise<T>,
): Promise<T> {
  if (target.databaseUrl) return work(target.databaseUrl);
  const server = await startEmbeddedPostgres(target.dataDir, {
    log: target.log ?? (() => undefined),
  });
  try {
    return await work(server.url);
  } finally {
    await server.stop();
  }
}

function tar(args: readonly string[]): void {
  const res = spawnSync('tar', [...args], { encoding: 'utf8' });
  // GNU tar answers 1 when a file changed while it was read (an upload in progress): a warning.
  if (res.status !== 0 && res.status !== 1)
    throw new Error(`tar failed (${String(res.status)}): ${res.stderr}`);
}

const stamp = (d: Date): string => d.toISOString().replace(/[-:]/g, '').replace(/\..*$/, 'Z');

/**
 * Writes a backup of the running installation; answers the archive's path. `out` names a file or
 * a folder; the default is DATA_DIR/backups/dpms-backup-<UTC time>.tar.gz.
 */
export async function createBackup(target: BackupTarget & { out?: string }): Promise<string> {
  const createdAt = new Date();
  const name = `${BACKUP_FORMAT}-${stamp(createdAt)}.tar.gz`;
  let archive = resolve(target.out ?? join(backupsDir(target.dataDir), name));
  if (target.out && existsSync(archive) && statSync(archive).isDirectory())
    archive = join(archive, name);
  mkdirSync(dirname(archive), { recursive: true });
  const staging = mkdtempSync(join(dirname(archive), '.backup-'));
  try {
    const dump = await withDatabase(target, async (url) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await dumpDatabase(client, join(staging, 'db'));
      } finally {
        await client.end();
      }
    });
    const folders = FILE_FOLDERS.filter((f) => existsSync(join(target.dataDir, f)));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: createdAt.toISOString(),
      folders,
      ...dump,
    };
    writeFileSync(join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${archive}.partial`;
    tar([
      '-czf',
      partial,
      '-C',
      staging,
      'manifest.json',
      'db',
      ...(folders.length > 0 ? ['-C', resolve(target.dataDir), ...folders] : []),
    ]);
    // Only a complete archive carries the final name.
    renameSync(partial, archive);
    return archive;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Restores a backup into an empty installation: its database (the embedded one under DATA_DIR,
 * or DATABASE_URL's) must have no tables yet, and DATA_DIR no files or avatars. Answers the
 * backup's manifest.
 */
export async function restoreBackup(
  target: BackupTarget & { archive: string },
): Promise<BackupManifest> {
  const archive = resolve(target.archive);
  if (!existsSync(archive)) throw new Error(`找不到备份文件：${archive}`);
  const dataDir = resolve(target.dataDir);
  mkdirSync(dataDir, { recursive: true });
  for (const f of FILE_FOLDERS) {
    const dir = join(dataDir, f);
    if (existsSync(dir) && readdirSync(dir).length > 0)
      throw new Error(`目标安装不是空的：${dir} 已有文件`);
  }
  const staging = mkdtempSync(join(dataDir, '.restore-'));
  try {
    tar(['-xzf', archive, '-C', staging]);
    const manifest = JSON.parse(
      readFileSync(join(staging, 'manifest.json'), 'utf8'),
    ) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`不是本系统的备份：${archive}`);
    await withDatabase(target, (url) => loadDatabase(url, join(staging, 'db'), manifest));
    for (const f of manifest.folders) {
      const from = join(staging, f);
      if (!existsSync(from)) continue;
      rmSync(join(dataDir, f), { recursive: true, force: true });
      renameSync(from, join(dataDir, f));
    }
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Keeps the newest `keep` archives of a backups folder; answers the names removed. */
export function pruneBackups(dir: string, keep = DEFAULT_BACKUPS_KEPT): string[] {
  if (!existsSync(dir)) return [];
  const archives = readdirSync(dir)
    .filter((f) => f.startsWith(`${BACKUP_FORMAT}-`) && f.endsWith('.tar.gz'))
    .sort();
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const f of removed) rmSync(join(dir, f), { force: true });
  return removed.map((f) => basename(f));
}
