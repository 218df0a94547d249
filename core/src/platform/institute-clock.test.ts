import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configValueError } from './config.js';
import {
  DEFAULT_INSTITUTE_TIME_ZONE,
  INSTITUTE_TIME_ZONE_CONFIG_KEY,
  formatDate,
  formatInstant,
  instituteDay,
  instituteDaysRange,
  instituteMonth,
  instituteMonthRange,
  isTimeZone,
  parseTimeZone,
  startOfInstituteDay,
  wallClockAt,
} from './institute-clock.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The independent reading: China Standard Time is UTC+8 with no daylight saving since 1991, so
 * its wall clock is the UTC clock of the instant eight hours later.
 */
const cst = (t: number): string => new Date(t + 8 * HOUR).toISOString();
const cstMinute = (t: number): string => `${cst(t).slice(0, 10)} ${cst(t).slice(11, 16)}`;
const cstDay = (t: number): string => cst(t).slice(0, 10);

/** Days from 1992 to 2099 (as UTC midnights), the institute's working range. */
const dayArb = fc
  .integer({ min: Date.UTC(1992, 0, 1) / DAY, max: Date.UTC(2099, 11, 31) / DAY })
  .map((d) => d * DAY);

/** Instants within two hours either side of a Shanghai midnight: where a UTC reading slips a day. */
const nearCstMidnight = fc
  .tuple(dayArb, fc.integer({ min: -2 * HOUR, max: 2 * HOUR }))
  .map(([utcMidnight, delta]) => utcMidnight - 8 * HOUR + delta);

/** Instants near the end of a month in Shanghai (the last and first day of a month). */
const nearCstMonthEnd = fc
  .tuple(
    fc.integer({ min: 1992, max: 2099 }),
    fc.integer({ min: 0, max: 11 }),
    fc.integer({ min: -26 * HOUR, max: 26 * HOUR }),
  )
  .map(([y, m, delta]) => Date.UTC(y, m, 1) - 8 * HOUR + delta);

describe('the institute clock (Asia/Shanghai, against UTC+8 offset arithmetic)', () => {
  it('shows an instant as yyyy-MM-dd HH:mm of the institute wall clock near midnight', () => {
    fc.assert(
      fc.property(nearCstMidnight, (t) => {
        expect(formatInstant(new Date(t))).toBe(cstMinute(t));
        expect(formatInstant(new Date(t).toISOString(), 'Asia/Shanghai')).toBe(cstMinute(t));
      }),
      { numRuns: 500 },
    );
  });

  it('reads the same instant the same whatever offset the ISO text carries', () => {
    fc.assert(
      fc.property(nearCstMidnight, fc.integer({ min: -11, max: 12 }), (t, offsetHours) => {
        const local = new Date(t + offsetHours * HOUR).toISOString().slice(0, 19);
        const sign = offsetHours < 0 ? '-' : '+';
        const text = `${local}${sign}${String(Math.abs(offsetHours)).padStart(2, '0')}:00`;
        expect(formatInstant(text)).toBe(cstMinute(t - (t % 1000)));
      }),
    );
  });

  it("takes today's date as the institute's calendar day, not UTC's", () => {
    fc.assert(
      fc.property(nearCstMidnight, (t) => {
        expect(instituteDay(new Date(t))).toBe(cstDay(t));
        expect(formatDate(new Date(t).toISOString())).toBe(cstDay(t));
      }),
      { numRuns: 500 },
    );
  });

  it('puts an instant near a month end in the institute month it belongs to', () => {
    fc.assert(
      fc.property(nearCstMonthEnd, (t) => {
        expect(instituteMonth(new Date(t))).toBe(cstDay(t).slice(0, 7));
        const { from, to } = instituteMonthRange(instituteMonth(new Date(t)));
        expect(from.getTime()).toBeLessThanOrEqual(t);
        expect(t).toBeLessThan(to.getTime());
      }),
      { numRuns: 500 },
    );
  });

  it('begins a month at its first Shanghai midnight, which is 16:00 UTC the day before', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1992, max: 2099 }), fc.integer({ min: 1, max: 12 }), (y, m) => {
        const month = `${y}-${String(m).padStart(2, '0')}`;
        const { from, to } = instituteMonthRange(month);
        expect(from.getTime()).toBe(Date.UTC(y, m - 1, 1) - 8 * HOUR);
        expect(to.getTime()).toBe(Date.UTC(y, m, 1) - 8 * HOUR);
      }),
    );
  });

  it('keeps a calendar date a calendar date', () => {
    fc.assert(
      fc.property(dayArb, (d) => {
        const day = new Date(d).toISOString().slice(0, 10);
        expect(formatDate(day)).toBe(day);
        expect(formatInstant(day)).toBe(day);
      }),
    );
  });

  it('shows nothing for no value and text that is not a timestamp as it is', () => {
    expect(formatInstant(null)).toBe('');
    expect(formatInstant(undefined)).toBe('');
    expect(formatInstant('')).toBe('');
    expect(formatInstant('未签署')).toBe('未签署');
    expect(formatDate('未签署')).toBe('未签署');
    // Text without an offset was written for people already: never read in the host's zone.
    expect(formatInstant('2026-11-25 23:00')).toBe('2026-11-25 23:00');
    expect(formatInstant('2026-11-25T23:00:00')).toBe('2026-11-25T23:00:00');
    expect(formatInstant('2026-11-25T15:00:00+0000')).toBe('2026-11-25 23:00');
  });
});

describe('the institute clock in a zone with daylight saving', () => {
  it('starts every day at the zone wall clock midnight', () => {
    fc.assert(
      fc.property(dayArb, fc.constantFrom('America/New_York', 'Europe/London', 'UTC'), (d, z) => {
        const day = new Date(d).toISOString().slice(0, 10);
        const start = startOfInstituteDay(day, z);
        expect(instituteDay(start, z)).toBe(day);
        const w = wallClockAt(start, z);
        expect([w.hour, w.minute]).toEqual([0, 0]);
        expect(instituteDay(new Date(start.getTime() - 1), z)).not.toBe(day);
      }),
    );
  });

  it('shows New York summer and winter time with their own offsets', () => {
    expect(formatInstant('2026-07-01T03:30:00Z', 'America/New_York')).toBe('2026-06-30 23:30');
    expect(formatInstant('2026-01-01T04:30:00Z', 'America/New_York')).toBe('2025-12-31 23:30');
  });
});

describe('the institute time zone config value', () => {
  it('knows IANA names and refuses anything else', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Asia/Beijing')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(' Asia/Shanghai')).toBe(false);
    expect(isTimeZone('北京时间')).toBe(false);
  });

  it('falls back to Asia/Shanghai when the config is unset or unknown', () => {
    expect(parseTimeZone(undefined)).toBe(DEFAULT_INSTITUTE_TIME_ZONE);
    expect(parseTimeZone('')).toBe(DEFAULT_INSTITUTE_TIME_ZONE);
    expect(parseTimeZone('Mars/Olympus')).toBe(DEFAULT_INSTITUTE_TIME_ZONE);
    expect(parseTimeZone(' Europe/Paris ')).toBe('Europe/Paris');
  });
});

describe('setting the institute time zone', () => {
  it('refuses an unknown zone naming the field, and takes a known one', () => {
    const refused = configValueError(INSTITUTE_TIME_ZONE_CONFIG_KEY, 'Asia/Beijing');
    expect(refused?.field).toBe('configValue');
    expect(refused?.code).toBe('VALIDATION.INVALID_TIME_ZONE');
    expect(refused?.message).toContain('院所时区');
    expect(configValueError(INSTITUTE_TIME_ZONE_CONFIG_KEY, 'Europe/Berlin')).toBeNull();
    expect(configValueError('platformName', 'Asia/Beijing')).toBeNull();
  });
});

describe('a list day filter covers the institute days it names', () => {
  const inRange = (t: number, r: ReturnType<typeof instituteDaysRange>) =>
    (!r?.from || t >= r.from.getTime()) && (!r?.to || t <= r.to.getTime());

  it('holds an instant exactly when its institute day lies between beginTime and endTime', () => {
    fc.assert(
      fc.property(
        nearCstMidnight,
        dayArb,
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(DEFAULT_INSTITUTE_TIME_ZONE, 'America/New_York', 'UTC'),
        (t, d, span, zone) => {
          const begin = new Date(d).toISOString().slice(0, 10);
          const end = new Date(d + span * DAY).toISOString().slice(0, 10);
          const day = instituteDay(new Date(t), zone);
          const r = instituteDaysRange({ beginTime: begin, endTime: end }, zone);
          expect(inRange(t, r)).toBe(day >= begin && day <= end);
        },
      ),
    );
  });

  it('finds a record of 00:30 on the 26th in Shanghai under the 26th, not the 25th', () => {
    const t = Date.parse('2026-11-25T16:30:00Z');
    const day = (d: string) => instituteDaysRange({ beginTime: d, endTime: d });
    expect(inRange(t, day('2026-11-26'))).toBe(true);
    expect(inRange(t, day('2026-11-25'))).toBe(false);
  });

  it('leaves an end open when it is not given, and filters nothing with neither', () => {
    expect(instituteDaysRange({ beginTime: '2026-11-26' })).toEqual({
      from: new Date('2026-11-25T16:00:00.000Z'),
    });
    expect(instituteDaysRange({ endTime: '2026-11-26' })).toEqual({
      to: new Date('2026-11-26T15:59:59.999Z'),
    });
    expect(instituteDaysRange({})).toBeUndefined();
  });
});
