import { SYSTEM_JOBS, type JobRunner } from '@dpms/core';
import { backupsDir, createBackup, DEFAULT_BACKUPS_KEPT, pruneBackups } from '@dpms/sql';
import type { JobCatalogue } from './job-catalogue.js';
import { scheduleJob } from './scheduled-jobs.js';

export interface NightlyBackupSettings {
  readonly hour: number;
  readonly keep: number;
}

/**
 * BACKUP_NIGHTLY (1 or 0), BACKUP_HOUR (0-23 on the institute's clock, default 2) and BACKUP_KEEP
 * (default 14). The nightly backup is on by default for the embedded database only: with
 * DATABASE_URL the database is a server someone else runs, with its own backups; BACKUP_NIGHTLY=1
 * turns it on there too. The job queue runs it once a night across the instances that have it
 * on, into the DATA_DIR of the one that takes it (give it one instance, or a shared DATA_DIR).
 */
export function nightlyBackupSettings(env: NodeJS.ProcessEnv): NightlyBackupSettings | undefined {
  const on = env['BACKUP_NIGHTLY'] ?? (env['DATABASE_URL'] ? '0' : '1');
  if (on !== '1') return undefined;
  const hour = Number(env['BACKUP_HOUR'] ?? 2);
  const keep = Number(env['BACKUP_KEEP'] ?? DEFAULT_BACKUPS_KEPT);
  return {
    hour: Number.isInteger(hour) && hour >= 0 && hour <= 23 ? hour : 2,
    keep: Number.isInteger(keep) && keep >= 1 ? keep : DEFAULT_BACKUPS_KEPT,
  };
}

/** The work of one nightly run: one archive under DATA_DIR/backups, then the oldest beyond `keep` go. */
export async function runBackup(
  dataDir: string,
  databaseUrl: string | undefined,
  keep: number,
): Promise<string> {
  const archive = await createBackup({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
  const removed = pruneBackups(backupsDir(dataDir), keep);
  return `备份 ${archive}；保留最近 ${String(keep)} 份，删除 ${String(removed.length)} 份旧备份`;
}

/** Registers the nightly backup when the settings say so (see nightlyBackupSettings). */
export function registerNightlyBackup(deps: {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  jobs: JobRunner;
  catalogue: JobCatalogue;
}): void {
  const settings = nightlyBackupSettings(deps.env);
  if (!settings) return;
  const databaseUrl = deps.env['DATABASE_URL'] || undefined;
  // Not at start: a backup at each restart would be work nobody asked for.
  scheduleJob(
    deps,
    SYSTEM_JOBS.nightlyBackup,
    { cron: `0 ${settings.hour} * * *`, atStart: false },
    () => runBackup(deps.dataDir, databaseUrl, settings.keep),
  );
}
