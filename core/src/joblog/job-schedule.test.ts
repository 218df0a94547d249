import { describe, expect, it } from 'vitest';
import { cronOf, scheduleInWords } from './job-schedule.js';

describe('a job schedule in words and as cron', () => {
  it('reads as the 定时任务 page shows it', () => {
    expect(scheduleInWords({ kind: 'every', everyMs: 10 * 60_000, atStart: true })).toBe(
      '每 10 分钟（服务启动时执行一次）',
    );
    expect(scheduleInWords({ kind: 'every', everyMs: 24 * 3_600_000, atStart: false })).toBe(
      '每天',
    );
    expect(scheduleInWords({ kind: 'every', everyMs: 2 * 3_600_000, atStart: false })).toBe(
      '每 2 小时',
    );
    expect(scheduleInWords({ kind: 'every', everyMs: 90_000, atStart: false })).toBe('每 90 秒');
    expect(scheduleInWords({ kind: 'nightly', hour: 2 })).toBe('每天 02:00');
  });

  it('answers a Quartz cron for a nightly job, none for an interval counted from the start', () => {
    expect(cronOf({ kind: 'every', everyMs: 10 * 60_000, atStart: true })).toBe('');
    expect(cronOf({ kind: 'nightly', hour: 23 })).toBe('0 0 23 * * ?');
  });
});
