/**
 * The institute's clock: every timestamp a person reads (screens, .xlsx exports, printed PDFs) is
 * shown in the institute's time zone as `yyyy-MM-dd HH:mm`, a date as `yyyy-MM-dd`, and "today"
 * and month boundaries are the institute's calendar, whatever the zone or language of the browser
 * or the server. The zone is a config value (an IANA name, default Asia/Shanghai).
 *
 * Only `Intl.DateTimeFormat` (ES2022) is used, so this runs in the browser and in Node alike.
 *
 * The wire keeps instants as ISO 8601 with the UTC offset (`2026-11-25T15:00:00.000Z`): one form
 * for every instant, read the same by any client, the RuoYi admin UI included. Only what a person
 * reads is converted, here, with the configured zone.
 */

/** The sys_config key of the institute's time zone; every signed-in user may read it. */
export const INSTITUTE_TIME_ZONE_CONFIG_KEY = 'sys.institute.timeZone';

/** China Standard Time: the zone of an institute that has not configured one. */
export const DEFAULT_INSTITUTE_TIME_ZONE = 'Asia/Shanghai';

/** The field named when an administrator sets an unknown zone. */
export const TIME_ZONE_FIELD_LABEL = '院所时区';

/** The message refusing an unknown zone (names the field and shows a valid example). */
export const invalidTimeZoneMessage = (value: string): string =>
  `${TIME_ZONE_FIELD_LABEL}（${INSTITUTE_TIME_ZONE_CONFIG_KEY}）“${value}”不是有效的 IANA 时区名称，例如 ${DEFAULT_INSTITUTE_TIME_ZONE}`;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per zone. `en-US` with latin digits and a 23-hour cycle only fixes the shape of
 * the parts; the text shown is assembled from the parts below, never the locale's own layout.
 */
function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      numberingSystem: 'latn',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether `zone` is a time zone this runtime knows (an IANA name such as Asia/Shanghai, or UTC). */
export function isTimeZone(zone: string): boolean {
  if (zone.trim() === '' || zone !== zone.trim()) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone from its config text: the value when it is a known zone, else the default. */
export function parseTimeZone(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  return v !== '' && isTimeZone(v) ? v : DEFAULT_INSTITUTE_TIME_ZONE;
}

/** The wall clock in `zone` at an instant. */
export interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

export function wallClockAt(at: Date, zone: string = DEFAULT_INSTITUTE_TIME_ZONE): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(zone).formatToParts(at)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts['year'] ?? 0,
    month: parts['month'] ?? 0,
    day: parts['day'] ?? 0,
    // Some engines still print midnight as 24 under h23; it is hour 0 of the same day.
    hour: (parts['hour'] ?? 0) % 24,
    minute: parts['minute'] ?? 0,
    second: parts['second'] ?? 0,
  };
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** ISO 8601 with an offset (`Z` or `±hh:mm`): the only text that names an instant. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * An instant from a Date or its ISO 8601 text with an offset; null otherwise. Text without an
 * offset (`2026-11-25 23:00`, already written for people) names no instant: JavaScript would
 * read it in the browser's zone, so it is never converted.
 */
function instantOf(value: Date | string): Date | null {
  if (typeof value === 'string' && !ISO_INSTANT.test(value)) return null;
  const at = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(at.getTime()) ? null : at;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An instant as the institute reads it: `yyyy-MM-dd HH:mm` in `zone`. Empty for null or
 * undefined; text that is not a timestamp is shown as it is (a value the server already wrote
 * for people, say), so a screen never shows "Invalid Date".
 */
export function formatInstant(
  value: Date | string | null | undefined,
  zone: string = DEFAULT_INSTITUTE_TIME_ZONE,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && DATE_ONLY.test(value)) return value;
  const at = instantOf(value);
  if (at === null) return typeof value === 'string' ? value : '';
  const w = wallClockAt(at, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}`;
}

/**
 * An instant in RuoYi's timestamp form, `yyyy-MM-dd HH:mm:ss` on the institute's clock (`zone`),
 * for clients that speak RuoYi's dialect (README "Wire"); null for anything that is not ISO 8601
 * text with an offset, which is left as it is.
 */
export function ruoyiTimestamp(
  value: string,
  zone: string = DEFAULT_INSTITUTE_TIME_ZONE,
): string | null {
  const at = instantOf(value);
  if (at === null) return null;
  const w = wallClockAt(at, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/**
 * The institute's calendar day of an instant, `yyyy-MM-dd` in `zone`. A value that is already a
 * date (`yyyy-MM-dd`) is a calendar day, not an instant, and is returned as it is.
 */
export function formatDate(
  value: Date | string | null | undefined,
  zone: string = DEFAULT_INSTITUTE_TIME_ZONE,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && DATE_ONLY.test(value)) return value;
  const at = instantOf(value);
  if (at === null) return typeof value === 'string' ? value : '';
  return instituteDay(at, zone);
}

/** "Today" at `at` for the institute: its calendar day in `zone`, `yyyy-MM-dd`. */
export function instituteDay(at: Date, zone: string = DEFAULT_INSTITUTE_TIME_ZONE): string {
  const w = wallClockAt(at, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** The institute's month at `at`, `yyyy-MM` in `zone` (fund plans are by month). */
export function instituteMonth(at: Date, zone: string = DEFAULT_INSTITUTE_TIME_ZONE): string {
  return instituteDay(at, zone).slice(0, 7);
}

/** The institute's year at `at` in `zone`. */
export function instituteYear(at: Date, zone: string = DEFAULT_INSTITUTE_TIME_ZONE): number {
  return wallClockAt(at, zone).year;
}

/** The offset of `zone` from UTC at an instant, in milliseconds (east positive). */
export function zoneOffsetMs(at: Date, zone: string = DEFAULT_INSTITUTE_TIME_ZONE): number {
  const w = wallClockAt(at, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  // The wall clock drops milliseconds; compare whole seconds.
  return asUtc - (at.getTime() - (((at.getTime() % 1000) + 1000) % 1000));
}

/**
 * The instant `zone`'s wall clock reads the given time (month 1-12). The wall time read as UTC,
 * less the offset; the offset is read at the guess and once more at the result, which settles it
 * across a daylight-saving change (a skipped wall time lands just after the gap).
 */
export function instantOfWallClock(
  wall: {
    year: number;
    month: number;
    day: number;
    hour?: number;
    minute?: number;
    second?: number;
  },
  zone: string = DEFAULT_INSTITUTE_TIME_ZONE,
): Date {
  const asUtc = Date.UTC(
    wall.year,
    wall.month - 1,
    wall.day,
    wall.hour ?? 0,
    wall.minute ?? 0,
    wall.second ?? 0,
  );
  let t = asUtc - zoneOffsetMs(new Date(asUtc), zone);
  const again = asUtc - zoneOffsetMs(new Date(t), zone);
  if (again !== t) t = again;
  return new Date(t);
}

/** The instant the institute's day `day` (`yyyy-MM-dd`) begins in `zone`. */
export function startOfInstituteDay(day: string, zone: string = DEFAULT_INSTITUTE_TIME_ZONE): Date {
  const [year, month, d] = day.split('-').map(Number) as [number, number, number];
  return instantOfWallClock({ year, month, day: d }, zone);
}

/**
 * The instants a month (`yyyy-MM`) spans for the institute: from its first midnight (inclusive)
 * to the next month's first midnight (exclusive).
 */
export function instituteMonthRange(
  month: string,
  zone: string = DEFAULT_INSTITUTE_TIME_ZONE,
): { readonly from: Date; readonly to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${pad(y + 1, 4)}-01` : `${pad(y, 4)}-${pad(m + 1)}`;
  return {
    from: startOfInstituteDay(`${month}-01`, zone),
    to: startOfInstituteDay(`${next}-01`, zone),
  };
}

/** The day after `day` (`yyyy-MM-dd`), by the calendar. */
function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * A list's day filter (`beginTime`/`endTime`, `yyyy-MM-dd`, both inclusive) as instants: from the
 * first day's midnight in `zone` up to the last millisecond of the last day there. A record made at
 * 00:30 on the 26th in Shanghai (16:30Z on the 25th) is the 26th's, as the staff read it. Either
 * end may be missing (an open range); with neither there is no filter.
 */
export function instituteDaysRange(
  days: { readonly beginTime?: string | undefined; readonly endTime?: string | undefined },
  zone: string = DEFAULT_INSTITUTE_TIME_ZONE,
): { readonly from?: Date; readonly to?: Date } | undefined {
  const range: { from?: Date; to?: Date } = {};
  if (days.beginTime) range.from = startOfInstituteDay(days.beginTime, zone);
  if (days.endTime)
    range.to = new Date(startOfInstituteDay(nextDay(days.endTime), zone).getTime() - 1);
  return range.from || range.to ? range : undefined;
}
