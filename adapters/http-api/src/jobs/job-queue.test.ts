import { describe, expect, it } from 'vitest';
import { liveCronMatcher } from './institute-cron-matcher.js';
import { instituteClockMatcher } from './job-queue.js';

/** graphile-worker's digest of a UTC minute. */
const utc = (iso: string) => {
  const d = new Date(iso);
  return {
    min: d.getUTCMinutes(),
    hour: d.getUTCHours(),
    date: d.getUTCDate(),
    month: d.getUTCMonth() + 1,
    dow: d.getUTCDay(),
  };
};

describe('a cron on the institute’s clock', () => {
  const now = () => new Date('2026-11-27T00:00:00Z');
  it('fires 每天 02:00 at 02:00 in Shanghai, 18:00 UTC the day before', () => {
    const at2 = instituteClockMatcher('0 2 * * *', 'Asia/Shanghai', now);
    expect(at2(utc('2026-11-26T18:00:00Z'))).toBe(true);
    expect(at2(utc('2026-11-27T02:00:00Z'))).toBe(false);
  });

  it('reads the day of the week and of the month there too', () => {
    // 2026-11-30 is a Monday in Shanghai from 16:00 UTC on Sunday the 29th.
    const monday = instituteClockMatcher('30 8 * * 1', 'Asia/Shanghai', now);
    expect(monday(utc('2026-11-30T00:30:00Z'))).toBe(true);
    expect(monday(utc('2026-11-30T08:30:00Z'))).toBe(false);
    const first = instituteClockMatcher('0 3 1 * *', 'Asia/Shanghai', now);
    expect(first(utc('2026-11-30T19:00:00Z'))).toBe(true);
    // Across New Year: 1 January 00:00 in Shanghai is 31 December 16:00 UTC.
    const newYear = instituteClockMatcher(
      '0 0 1 1 *',
      'Asia/Shanghai',
      () => new Date('2026-12-31T20:00:00Z'),
    );
    expect(newYear(utc('2026-12-31T16:00:00Z'))).toBe(true);
  });

  it('keeps UTC when the institute is on UTC', () => {
    expect(instituteClockMatcher('*/10 * * * *', 'UTC', now)(utc('2026-11-27T10:20:00Z'))).toBe(
      true,
    );
    expect(instituteClockMatcher('*/10 * * * *', 'UTC', now)(utc('2026-11-27T10:21:00Z'))).toBe(
      false,
    );
  });
});

describe('a crontab line that follows its job’s current cron', () => {
  it('matches the cron the catalogue holds at each minute, and nothing for a job gone', () => {
    let cron: string | undefined = '0 2 * * *';
    const match = liveCronMatcher(() => cron, 'UTC');
    expect(match(utc('2026-11-27T02:00:00Z'))).toBe(true);
    expect(match(utc('2026-11-27T04:00:00Z'))).toBe(false);
    cron = '0 4 * * *';
    expect(match(utc('2026-11-27T04:00:00Z'))).toBe(true);
    expect(match(utc('2026-11-27T02:00:00Z'))).toBe(false);
    cron = undefined;
    expect(match(utc('2026-11-27T04:00:00Z'))).toBe(false);
  });
});

describe('a cron graphile-worker’s own parser refuses', () => {
  it('still matches by core’s grammar, never throwing in the crontab’s minute loop', () => {
    const now = () => new Date('2026-11-27T00:00:00Z');
    // graphile-worker throws "destination is not larger than source" on a range a-a.
    const m = instituteClockMatcher('5-5 4 * * 1-1', 'Asia/Shanghai', now);
    // Monday 30 November 04:05 in Shanghai is 20:05 UTC on Sunday the 29th.
    expect(m(utc('2026-11-29T20:05:00Z'))).toBe(true);
    expect(m(utc('2026-11-29T20:06:00Z'))).toBe(false);
    // An expression core refuses never matches, rather than throwing.
    expect(
      instituteClockMatcher('61 * * * *', 'Asia/Shanghai', now)(utc('2026-11-29T20:06:00Z')),
    ).toBe(false);
  });
});
