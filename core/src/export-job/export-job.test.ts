import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  EXPORT_IN_BACKGROUND_MIN_ROWS,
  EXPORT_JOB_KEPT_MS,
  EXPORT_JOB_MESSAGES,
  EXPORT_JOB_STALE_MS,
  exportGoesToBackground,
  exportJobExpired,
  exportJobsExpireBefore,
  exportJobView,
  exportPercent,
  prefersRespondAsync,
  type ExportJob,
} from './export-job.js';

const at = new Date('2026-11-27T04:00:00Z');
const job = (over: Partial<ExportJob> = {}): ExportJob => ({
  jobId: 'a'.repeat(32),
  ownerUserId: 1,
  fileName: '操作日志.xlsx',
  status: 'running',
  rowsDone: 0,
  rowsTotal: 100_000,
  message: null,
  fileId: null,
  createdAt: at,
  updatedAt: at,
  finishedAt: null,
  ...over,
});

describe('prefersRespondAsync', () => {
  it('reads respond-async among other preferences, any case, with parameters', () => {
    expect(prefersRespondAsync('respond-async')).toBe(true);
    expect(prefersRespondAsync('return=minimal, Respond-Async; wait=10')).toBe(true);
    expect(prefersRespondAsync(['wait=5', 'respond-async'])).toBe(true);
    expect(prefersRespondAsync('respond-asynchronously')).toBe(false);
    expect(prefersRespondAsync('return=representation')).toBe(false);
    expect(prefersRespondAsync(undefined)).toBe(false);
  });
});

describe('exportGoesToBackground', () => {
  it('only when asked and from the threshold on', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.option(fc.nat(1_000_000)), (asked, rows) => {
        expect(exportGoesToBackground(asked, rows)).toBe(
          asked && rows !== null && rows >= EXPORT_IN_BACKGROUND_MIN_ROWS,
        );
      }),
    );
    expect(exportGoesToBackground(true, EXPORT_IN_BACKGROUND_MIN_ROWS - 1)).toBe(false);
    expect(exportGoesToBackground(true, EXPORT_IN_BACKGROUND_MIN_ROWS)).toBe(true);
    expect(exportGoesToBackground(false, 1_000_000)).toBe(false);
  });
});

describe('exportPercent', () => {
  it('grows with the rows, stays below 100 until done, and is 100 when done', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.nat(), (total, seed) => {
        const a = seed % (total + 1);
        const b = Math.min(total, a + (seed % 7));
        const pa = exportPercent({ status: 'running', rowsDone: a, rowsTotal: total })!;
        const pb = exportPercent({ status: 'running', rowsDone: b, rowsTotal: total })!;
        expect(pa).toBeGreaterThanOrEqual(0);
        expect(pb).toBeGreaterThanOrEqual(pa);
        expect(pb).toBeLessThanOrEqual(99);
        expect(exportPercent({ status: 'done', rowsDone: b, rowsTotal: total })).toBe(100);
      }),
    );
    expect(exportPercent({ status: 'running', rowsDone: 5, rowsTotal: null })).toBeNull();
  });
});

describe('exportJobView', () => {
  it('reads a running job with its progress', () => {
    const v = exportJobView(job({ rowsDone: 25_000 }), new Date(at.getTime() + 1000));
    expect(v).toMatchObject({ status: 'running', percent: 25, fileId: null });
    expect(v.message).toBe('正在导出，已写入 25000 / 100000 行');
  });

  it('reads a running job untouched past the stale time as interrupted', () => {
    const stale = new Date(at.getTime() + EXPORT_JOB_STALE_MS + 1);
    expect(exportJobView(job(), stale)).toMatchObject({
      status: 'interrupted',
      percent: null,
      message: EXPORT_JOB_MESSAGES.interrupted,
    });
    expect(exportJobView(job(), new Date(at.getTime() + EXPORT_JOB_STALE_MS)).status).toBe(
      'running',
    );
  });

  it('gives the file only when done, and the reason when failed, however old', () => {
    const late = new Date(at.getTime() + 10 * EXPORT_JOB_STALE_MS);
    const done = exportJobView(job({ status: 'done', fileId: 'f'.repeat(32) }), late);
    expect(done).toMatchObject({ status: 'done', percent: 100, fileId: 'f'.repeat(32) });
    expect(done.message).toContain('我的文件');
    const failed = exportJobView(
      job({ status: 'failed', message: '磁盘已满', fileId: 'f'.repeat(32) }),
      late,
    );
    expect(failed).toMatchObject({ status: 'failed', fileId: null, message: '导出失败：磁盘已满' });
  });
});

describe('the clean-up of ended exports', () => {
  const ended = (updatedAt: Date) => ({ updatedAt });
  it('keeps an export for a day after its last change, then removes it', () => {
    const now = new Date('2026-11-27T08:00:00Z');
    expect(exportJobExpired(ended(new Date('2026-11-26T08:00:00Z')), now)).toBe(false);
    expect(exportJobExpired(ended(new Date('2026-11-26T07:59:59Z')), now)).toBe(true);
    expect(exportJobsExpireBefore(now)).toEqual(new Date('2026-11-26T08:00:00Z'));
  });

  it('never removes a job its instance is still writing (one that reads as running)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 * EXPORT_JOB_KEPT_MS }), (ago) => {
        const now = new Date('2026-11-27T08:00:00Z');
        const updatedAt = new Date(now.getTime() - ago);
        const view = exportJobView(
          {
            jobId: 'a'.repeat(32),
            ownerUserId: 1,
            fileName: 'x.xlsx',
            status: 'running',
            rowsDone: 1,
            rowsTotal: 2,
            message: null,
            fileId: null,
            createdAt: updatedAt,
            updatedAt,
            finishedAt: null,
          },
          now,
        );
        if (exportJobExpired({ updatedAt }, now)) expect(view.status).toBe('interrupted');
        expect(exportJobExpired({ updatedAt }, now)).toBe(ago > EXPORT_JOB_KEPT_MS);
      }),
    );
  });
});
