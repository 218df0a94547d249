import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInstant } from '../platform/institute-clock.js';
import { nextCronTimes } from './cron-next-times.js';
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
