import {
  DEFAULT_INSTITUTE_TIME_ZONE,
  instantOfWallClock,
  wallClockAt,
} from '../platform/institute-clock.js';
import { parseCron, type Cron } from './cron-expression.js';

/** How far ahead a run is looked for: eight years hold every 29 February. */
const HORIZON_DAYS = 8 * 366;

/**
 * The next `count` runs of a five-field cron after `after`, read on the institute's clock as the
 * job queue reads it (cronMatches, which its matcher calls): with both the day of the month and
 * the day of the week narrowed, either matches. Empty for an invalid expression or one that never
 * runs within eight years (`0 0 31 2 *`). A wall time a daylight-saving change skips is no run.
 */
export function nextCronTimes(
  expression: string,
  after: Date,
  count = 5,
  zone: string = DEFAULT_INSTITUTE_TIME_ZONE,
): Date[] {
  const parsed = parseCron(expression);
  if (!parsed.ok) return [];
  const c = parsed.value;
  const start = wallClockAt(after, zone);
  const times: Date[] = [];
  for (let d = 0; d < HORIZON_DAYS && times.length < count; d += 1) {
    // A calendar day on the wall clock, walked in UTC arithmetic (no zone in the way).
    const day = new Date(Date.UTC(start.year, start.month - 1, start.day + d));
    const onDay = {
      day: day.getUTCDate(),
      month: day.getUTCMonth() + 1,
      dayOfWeek: day.getUTCDay(),
    };
    if (!cronDayMatches(c, onDay)) continue;
    for (const hour of c.hour.values) {
      for (const minute of c.minute.values) {
        if (d === 0 && hour * 60 + minute <= start.hour * 60 + start.minute) continue;
        const at = instantAt(day, hour, minute, zone);
        if (at === null || at.getTime() <= after.getTime()) continue;
        times.push(at);
        if (times.length === count) return times;
      }
    }
  }
  return times;
}

/** A calendar day on the institute's wall clock: 1-31, 1-12, 0 (Sunday) to 6. */
export interface CronDay {
  readonly day: number;
  readonly month: number;
  readonly dayOfWeek: number;
}

/** Whether the cron runs on a day (cron's rule: both day fields narrowed, either matches). */
export function cronDayMatches(c: Cron, on: CronDay): boolean {
  if (!c.month.values.includes(on.month)) return false;
  const date = c.dayOfMonth.values.includes(on.day);
  const dow = c.dayOfWeek.values.includes(on.dayOfWeek);
  // A field is narrowed when it does not list every value.
  const byDate = c.dayOfMonth.values.length !== 31;
  const byDow = c.dayOfWeek.values.length !== 7;
  if (byDate && byDow) return date || dow;
  if (byDate) return date;
  if (byDow) return dow;
  return true;
}

/**
 * Whether the cron runs at a wall-clock minute: the job queue's matcher and nextCronTimes read
 * the same rule, over the one grammar parseCron accepts.
 */
export function cronMatches(c: Cron, at: CronDay & { hour: number; minute: number }): boolean {
  return (
    c.minute.values.includes(at.minute) && c.hour.values.includes(at.hour) && cronDayMatches(c, at)
  );
}

/** The instant the wall clock reads `day` hour:minute in `zone`; null in a skipped hour. */
function instantAt(day: Date, hour: number, minute: number, zone: string): Date | null {
  const at = instantOfWallClock(
    {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      hour,
      minute,
    },
    zone,
  );
  const w = wallClockAt(at, zone);
  return w.hour === hour && w.minute === minute ? at : null;
}
