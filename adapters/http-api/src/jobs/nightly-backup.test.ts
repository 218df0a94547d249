import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SYSTEM_JOBS, type JobDefinition, type JobRunner } from '@dpms/core';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { nightlyBackupSettings, runBackup } from './nightly-backup.js';
import { msUntilHour, nightly } from './scheduled-jobs.js';

const HOUR = 3_600_000;

describe('msUntilHour', () => {
  it('answers the wait to the next hour:00 of the local day, never 0 and never beyond a day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 23 }),
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        (hour, now) => {
          const wait = msUntilHour(hour, now);
          // A day, plus one hour where a daylight-saving change falls in between.
          expect(wait).toBeGreaterThan(0);
          expect(wait).toBeLessThanOrEqual(25 * HOUR);
          const at = new Date(now.getTime() + wait);
          expect([at.getHours(), at.getMinutes(), at.getSeconds(), at.getMilliseconds()]).toEqual([
            hour,
            0,
            0,
            0,
          ]);
        },
      ),
    );
  });
});

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

describe('nightly', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  it('runs the job at the hour each night, not at start, each run through the job log', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(2026, 10, 26, 13, 0, 0));
    const ran: JobDefinition[] = [];
    const jobs = {
      run: (job: JobDefinition, work: () => Promise<string>) => {
        ran.push(job);
        return work();
      },
    } as unknown as JobRunner;
    const work = vi.fn(() => Promise.resolve('ok'));
    const handle = nightly({ jobs, onError: () => undefined }, SYSTEM_JOBS.nightlyBackup, 2, work);
    expect(work).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(12 * HOUR);
    expect(work).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(24 * HOUR);
    expect(work).toHaveBeenCalledTimes(2);
    expect(ran).toEqual([SYSTEM_JOBS.nightlyBackup, SYSTEM_JOBS.nightlyBackup]);
    handle.stop();
    await vi.advanceTimersByTimeAsync(48 * HOUR);
    expect(work).toHaveBeenCalledTimes(2);
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
