import { z } from 'zod';

/** PostgreSQL's `integer`, the type of every id, version, sort order and count column. */
export const PG_INT_MIN = -2_147_483_648;
export const PG_INT_MAX = 2_147_483_647;

/**
 * Numeric text written the one way JavaScript writes the number back (`String(Number(s)) === s`):
 * `12`, `-3`, `0.5`; not ` 12`, `012`, `+1`, `1.0`, `1e3`, `0x10`, `-0`, `NaN` or `Infinity`.
 */
const CANONICAL_NUMBER = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;
export const isCanonicalNumber = (s: string): boolean =>
  CANONICAL_NUMBER.test(s) && String(Number(s)) === s;

/**
 * How every numeric field reads what a client sent; the one place that decides it.
 *
 * - A blank (`''`) or `null` is absent. RuoYi's search forms send an empty field as `''` (a query
 *   string carries nothing else) and its edit forms send a cleared one as `null`, so an optional
 *   filter or field left empty is simply not applied, and a required one answers "不能为空".
 *   (A `.nullable()` schema sees `null` first and keeps it: "clear this value".)
 * - Canonical numeric text is read as its number: query strings and paths are always text, and
 *   RuoYi sends some ids as strings.
 * - Anything else is left as it is, so `z.number()` refuses it naming the field: `true` is not 1,
 *   `[5]` is not 5, `' '` is not 0, and `1e308` or `NaN` never reach a column
 *   (`z.coerce.number()` read all of these as numbers).
 */
const numericInput = (v: unknown): unknown =>
  v === '' || v === null
    ? undefined
    : typeof v === 'string' && isCanonicalNumber(v)
      ? Number(v)
      : v;

/**
 * A number sent as a JSON number or as numeric text (a query, a path, RuoYi's string ids).
 * Wrap an `.optional()` or `.default()` schema to make a blank mean absent.
 */
export const numeric = <S extends z.ZodType<number | undefined>>(schema: S) =>
  z.preprocess(numericInput, schema);

/** An integer of a PostgreSQL `integer` column (or narrower), required. */
export const integer = (min = PG_INT_MIN, max = PG_INT_MAX) =>
  numeric(z.number().int().min(min).max(max));

/** An optional integer of a PostgreSQL `integer` column (or narrower); blank is absent. */
export const optionalInteger = (min = PG_INT_MIN, max = PG_INT_MAX) =>
  numeric(z.number().int().min(min).max(max).optional());

/** The version a client read with a record (optimistic locking): 0 up to the column's bound. */
export const version = () => optionalInteger(0, PG_INT_MAX);

const idNumber = () => z.number().int().positive().max(PG_INT_MAX);

/** A positive integer id from a path, a query or a body (`/system/user/12`). */
export const id = () => numeric(idNumber());

/** `1,2,3` (RuoYi's batch delete path) as a list of ids (1 to 2147483647), at most 1000. */
export const idList = () =>
  z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,999}$/)
    .transform((s) => s.split(',').map(Number))
    .refine((ids) => ids.every((n) => n >= 1 && n <= PG_INT_MAX), {
      error: (iss) => `参数 ${String(iss.path?.join('.'))} 的编号必须在 1 至 ${PG_INT_MAX} 之间`,
    });

/** '0' active, '1' disabled. */
export const statusFlag = () => z.enum(['0', '1']);

/** Optional text filter: trimmed, empty means absent, bounded. */
export const textFilter = (max = 50) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max).optional(),
  );

/** Optional query value of a closed set; empty means absent. */
export const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values).optional());

/** Optional id (a query filter, a body field); blank or null is absent. */
export const optionalId = () => numeric(idNumber().optional());

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateText = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z
    .string()
    .regex(DATE, {
      error: (iss) => `参数 ${String(iss.path?.join('.'))} 日期格式必须是 yyyy-MM-dd`,
    })
    .optional(),
);

/**
 * RuoYi's `params[beginTime]` / `params[endTime]` (yyyy-MM-dd, inclusive) as the days they name.
 * Days, not instants: where a day begins is the institute's clock (its configured zone), which the
 * route reads and applies with core's `instituteDaysRange`, never the server's midnight.
 */
export const dateRangeParams = () =>
  z
    .object({ beginTime: dateText, endTime: dateText })
    .loose()
    .optional()
    .transform((p): DayRange | undefined => {
      if (!p || (!p.beginTime && !p.endTime)) return undefined;
      return defined({ beginTime: p.beginTime, endTime: p.endTime });
    });

/** The days of a list's date filter, both inclusive, either end open. */
export interface DayRange {
  readonly beginTime?: string;
  readonly endTime?: string;
}

/** Drops keys whose value is undefined (exactOptionalPropertyTypes-friendly patches and filters). */
export function defined<T extends Record<string, unknown>>(
  o: T,
): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}
