import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SYSTEM_JOBS, type JobRunner } from '@dpms/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { memoryJobStates } from '../test-support/memory-job-states.js';
import { openTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { nightlyBackupSettings, registerNightlyBackup, runBackup } from './nightly-backup.js';
import { JobCatalogue } from './job-catalogue.js';

describe('nightlyBackupSettings', () => {
  it('is on for the embedded database, off for DATABASE_URL unless asked, at 02:00 keeping 14', () => {
    expect(nightlyBackupSettings({})).toEqual({ hour: 2, keep: 14 });
    expect(nightlyBackupSettings({ DATABASE_URL: 'postgres://h/db' })).toBeUndefined();
    expect(nightlyBackupSettings({ DATABASE_URL: 'postgres://h/db', BACKUP_NIGHTLY: '1' })).toEqual(
      { hour: 2, keep: 14 },
    );
    expect(nightlyBackupSettings({ BACKUP_NIGHTLY: '0' })).toBeUndefined();
    expect(nightlyBackupSettings({ BACKUP_HOUR: '23', BACKUP_KEEP: '3' })).toEqual({
      hour: 23,
      keep: 3,
    });
    expect(nightlyBackupSettings({ BACKUP_HOUR: '24', BACKUP_KEEP: '0' })).toEqual({
      hour: 2,
      keep: 14,
    });
  });
});

describe('registerNightlyBackup', () => {
  it('lists the backup at BACKUP_HOUR each night on the institute’s clock, not at start', () => {
    const catalogue = new JobCatalogue(memoryJobStates());
    const jobs = {} as JobRunner;
    registerNightlyBackup({ env: { BACKUP_HOUR: '1' }, dataDir: '/nowhere', jobs, catalogue });
    expect(catalogue.list()).toEqual([
      expect.objectContaining({
        job: SYSTEM_JOBS.nightlyBackup,
        schedule: { cron: '0 1 * * *', atStart: false },
        scheduleWords: '每天 01:00',
        cronExpression: '0 0 1 * * ?',
      }),
    ]);
    const none = new JobCatalogue(memoryJobStates());
    registerNightlyBackup({
      env: { BACKUP_NIGHTLY: '0' },
      dataDir: '/nowhere',
      jobs,
      catalogue: none,
    });
    expect(none.list()).toEqual([]);
  });
});

describe('a nightly backup run', () => {
  let database: TestDatabase;
  let url: string;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dpms-nightly-'));
  beforeAll(async () => {
    database = await openTestDatabase('embedded');
    const name = (
      await sql<{ n: string }>`select current_database() as n`.execute(database.handle.db)
    ).rows[0]!.n;
    const u = new URL(inject('dpmsEmbeddedAdminUrl'));
    u.pathname = `/${name}`;
    url = u.toString();
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes one archive under DATA_DIR/backups and keeps only the newest ones', async () => {
    const first = await runBackup(dataDir, url, 2);
    expect(first).toMatch(/^备份 .*dpms-backup-.*\.tar\.gz；保留最近 2 份，删除 0 份旧备份$/);
    const dir = path.join(dataDir, 'backups');
    expect(readdirSync(dir)).toHaveLength(1);
    // Names carry the second: wait for the next one rather than overwrite.
    for (const expected of [2, 2]) {
      const before = readdirSync(dir);
      await vi.waitFor(
        () => expect(new Date().getUTCSeconds()).not.toBe(secondOf(before.at(-1)!)),
        {
          timeout: 3000,
          interval: 50,
        },
      );
      await runBackup(dataDir, url, 2);
      expect(readdirSync(dir)).toHaveLength(expected);
    }
    const names = readdirSync(dir).sort();
    expect(names.every((n) => /^dpms-backup-\d{8}T\d{6}Z\.tar\.gz$/.test(n))).toBe(true);
  }, 120_000);
});

const secondOf = (name: string): number => Number(/T\d{4}(\d{2})Z/.exec(name)?.[1]);
