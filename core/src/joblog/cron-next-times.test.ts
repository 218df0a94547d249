import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInstant, wallClockAt } from '../platform/institute-clock.js';
import { parseCron } from './cron-expression.js';
import { cronMatches, nextCronTimes } from './cron-next-times.js';
import { anyCron } from '../test-support/cron-arbitrary.js';

// 2026-11-27 10:05 in Shanghai, a Friday.
const NOW = new Date('2026-11-27T02:05:30Z');
const shown = (cron: string, count = 5) =>
  nextCronTimes(cron, NOW, count).map((t) => formatInstant(t));

describe('the next runs of a cron, on the institute’s clock', () => {
  it('daily at 02:00 Shanghai: tomorrow first', () => {
    expect(shown('0 2 * * *', 2)).toEqual(['2026-11-28 02:00', '2026-11-29 02:00']);
  });

  it('every 10 minutes: from the next slot, never the current minute', () => {
    expect(shown('*/10 * * * *', 3)).toEqual([
      '2026-11-27 10:10',
      '2026-11-27 10:20',
      '2026-11-27 10:30',
    ]);
    expect(shown('5 10 * * *', 1)).toEqual(['2026-11-28 10:05']);
  });

  it('weekdays only, and either day when both are narrowed', () => {
    expect(shown('30 8 * * 1-5', 2)).toEqual(['2026-11-30 08:30', '2026-12-01 08:30']);
    expect(shown('0 0 1 * 6', 3)).toEqual([
      '2026-11-28 00:00',
      '2026-12-01 00:00',
      '2026-12-05 00:00',
    ]);
  });

  it('finds 29 February, and nothing for a day that never comes', () => {
    expect(shown('0 0 29 2 *', 1)).toEqual(['2028-02-29 00:00']);
    expect(shown('0 0 31 2 *')).toEqual([]);
    expect(shown('bad')).toEqual([]);
  });

  it('reads another zone’s wall clock when given one', () => {
    const times = nextCronTimes('0 2 * * *', NOW, 1, 'UTC');
    expect(times[0]?.toISOString()).toBe('2026-11-28T02:00:00.000Z');
  });

  it('answers ascending runs after now, each matching the cron', () => {
    fc.assert(
      fc.property(anyCron(), (cron) => {
        const times = nextCronTimes(cron, NOW);
        for (const [i, t] of times.entries()) {
          expect(t.getTime()).toBeGreaterThan(i === 0 ? NOW.getTime() : times[i - 1]!.getTime());
          expect(t.getUTCSeconds()).toBe(0);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('cronMatches, the rule the job queue fires by', () => {
  const MINUTE = 60_000;
  const wallOf = (t: Date) => {
    const w = wallClockAt(t, 'Asia/Shanghai');
    return {
      minute: w.minute,
      hour: w.hour,
      day: w.day,
      month: w.month,
      dayOfWeek: new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay(),
    };
  };

  it('matches a minute exactly when it is the next run after the minute before', () => {
    fc.assert(
      fc.property(
        anyCron(),
        fc.integer({ min: 0, max: 4 * 365 * 24 * 60 }),
        (expression, minutes) => {
          const t = new Date(Date.UTC(2026, 0, 1) + minutes * MINUTE);
          const c = parseCron(expression);
          expect(c.ok).toBe(true);
          if (!c.ok) return;
          const next = nextCronTimes(
            expression,
            new Date(t.getTime() - MINUTE),
            1,
            'Asia/Shanghai',
          );
          expect(cronMatches(c.value, wallOf(t))).toBe(next[0]?.getTime() === t.getTime());
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads a range of one value as that value', () => {
    const c = parseCron('5-5 4 * * 1-1');
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    // 2026-11-30 is a Monday.
    const at = { minute: 5, hour: 4, day: 30, month: 11, dayOfWeek: 1 };
    expect(cronMatches(c.value, at)).toBe(true);
    expect(cronMatches(c.value, { ...at, minute: 6 })).toBe(false);
    expect(cronMatches(c.value, { ...at, day: 1, month: 12, dayOfWeek: 2 })).toBe(false);
  });
});
