import {
  DEFAULT_INSTITUTE_TIME_ZONE,
  wallClockAt,
  zoneOffsetMs,
} from '../platform/institute-clock.js';
import { parseCron, type Cron } from './cron-expression.js';

/** How far ahead a run is looked for: eight years hold every 29 February. */
const HORIZON_DAYS = 8 * 366;

/**
 * The next `count` runs of a five-field cron after `after`, read on the institute's clock as the
 * job queue reads it (job-queue.ts's instituteClockMatcher): with both the day of the month and
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
    if (!dayMatches(c, day)) continue;
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

function dayMatches(c: Cron, day: Date): boolean {
  if (!c.month.values.includes(day.getUTCMonth() + 1)) return false;
  const date = c.dayOfMonth.values.includes(day.getUTCDate());
  const dow = c.dayOfWeek.values.includes(day.getUTCDay());
  // graphile-worker's rule: a field is narrowed when it does not list every value.
  const byDate = c.dayOfMonth.values.length !== 31;
  const byDow = c.dayOfWeek.values.length !== 7;
  if (byDate && byDow) return date || dow;
  if (byDate) return date;
  if (byDow) return dow;
  return true;
}

/** The instant the wall clock reads `day` hour:minute in `zone`; null in a skipped hour. */
function instantAt(day: Date, hour: number, minute: number, zone: string): Date | null {
  const wall = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour, minute);
  let t = wall - zoneOffsetMs(new Date(wall), zone);
  const again = wall - zoneOffsetMs(new Date(t), zone);
  if (again !== t) t = again;
  const w = wallClockAt(new Date(t), zone);
  return w.hour === hour && w.minute === minute ? new Date(t) : null;
}
