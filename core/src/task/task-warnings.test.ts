import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  classifyTaskDue,
  isUrgent,
  parseWarnDays,
  TASK_WARN_DAYS_DEFAULT,
  warnUntil,
} from './task-warnings.js';
import { instituteDay } from '../platform/institute-clock.js';

const day = fc
  .date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2099-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

describe('due-soon and overdue classification', () => {
  it('classifies around today with a 7-day threshold', () => {
    const today = '2026-11-22';
    expect(classifyTaskDue('2026-11-21', today, 7, false)).toBe('overdue');
    expect(classifyTaskDue('2026-11-22', today, 7, false)).toBe('dueSoon');
    expect(classifyTaskDue('2026-11-29', today, 7, false)).toBe('dueSoon');
    expect(classifyTaskDue('2026-11-30', today, 7, false)).toBe('normal');
    expect(classifyTaskDue('2020-01-01', today, 7, true)).toBe('done');
  });

  it("uses the day in the institute's zone, China Standard Time by default", () => {
    expect(instituteDay(new Date('2026-11-22T15:59:59Z'))).toBe('2026-11-22');
    expect(instituteDay(new Date('2026-11-22T16:00:00Z'))).toBe('2026-11-23');
    expect(instituteDay(new Date('2026-11-22T16:00:00Z'), 'UTC')).toBe('2026-11-22');
    expect(instituteDay(new Date('2026-11-23T04:59:00Z'), 'America/New_York')).toBe('2026-11-22');
  });

  it('reads the threshold from config text, falling back to the default', () => {
    expect(parseWarnDays('3')).toBe(3);
    expect(parseWarnDays(' 14 ')).toBe(14);
    for (const bad of [null, undefined, '', 'x', '-1', '1.5', '999']) {
      expect(parseWarnDays(bad)).toBe(TASK_WARN_DAYS_DEFAULT);
    }
  });

  it('property: urgent exactly when unfinished and planned on or before today + threshold', () => {
    fc.assert(
      fc.property(
        day,
        day,
        fc.integer({ min: 0, max: 365 }),
        fc.boolean(),
        (plan, today, days, finished) => {
          const c = classifyTaskDue(plan, today, days, finished);
          const planT = Date.parse(plan);
          const todayT = Date.parse(today);
          expect(isUrgent(c)).toBe(!finished && planT <= todayT + days * 86_400_000);
          if (!finished) expect(c === 'overdue').toBe(planT < todayT);
          // The query's bound agrees with the classification.
          expect(isUrgent(c)).toBe(!finished && plan <= warnUntil(today, days));
        },
      ),
    );
  });

  it('property: addDays round-trips', () => {
    fc.assert(
      fc.property(day, fc.integer({ min: -1000, max: 1000 }), (d, n) => {
        expect(addDays(addDays(d, n), -n)).toBe(d);
      }),
    );
  });
});
