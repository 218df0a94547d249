import { cronMatches, DEFAULT_INSTITUTE_TIME_ZONE, parseCron, wallClockAt } from '@dpms/core';
import type { CronMatcher } from 'graphile-worker';

/**
 * A cron expression on the institute's clock as graphile-worker's matcher, which is handed each
 * minute in UTC: the minute is read on the institute's wall clock first, so `0 2 * * *` is 02:00
 * in Shanghai (18:00 UTC the day before). The digest has no year; the slot is within a day or so
 * of now (a backfill at most), so the year is now's, or its neighbour across New Year.
 *
 * The cron is read by core's grammar (parseCron, the one 定时任务 validates with), not by
 * graphile-worker's parser: the two differ at the edges (graphile refuses a range `5-5`), and a
 * cron one accepts and the other throws on would stop the runner at every minute. An expression
 * core refuses never matches.
 */
export function instituteClockMatcher(
  cron: string,
  zone: string = DEFAULT_INSTITUTE_TIME_ZONE,
  now: () => Date = () => new Date(),
): CronMatcher {
  const parsed = parseCron(cron);
  if (!parsed.ok) return () => false;
  const c = parsed.value;
  return (utc) => {
    const today = now();
    let year = today.getUTCFullYear();
    if (utc.month === 12 && today.getUTCMonth() === 0) year -= 1;
    if (utc.month === 1 && today.getUTCMonth() === 11) year += 1;
    const w = wallClockAt(
      new Date(Date.UTC(year, utc.month - 1, utc.date, utc.hour, utc.min)),
      zone,
    );
    return cronMatches(c, {
      minute: w.minute,
      hour: w.hour,
      day: w.day,
      month: w.month,
      dayOfWeek: new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay(),
    });
  };
}

/**
 * A job's crontab line whose cron is read at each minute (`cronOf`, the catalogue's current one):
 * a cron changed on 定时任务 applies from the next minute, with no restart of the runner. (A
 * restart would stop the worker pool too, and graphile-worker aborts a job still running 5 s
 * into a graceful shutdown: a backup cut off for a schedule change.) Each cron's matcher is
 * parsed once.
 */
export function liveCronMatcher(
  cronOf: () => string | undefined,
  zone: string = DEFAULT_INSTITUTE_TIME_ZONE,
): CronMatcher {
  let parsed: { cron: string; match: CronMatcher } | undefined;
  return (digest) => {
    const cron = cronOf();
    if (cron === undefined) return false;
    if (parsed?.cron !== cron) parsed = { cron, match: instituteClockMatcher(cron, zone) };
    return parsed.match(digest);
  };
}
