import { z } from 'zod';

/**
 * Numeric text read as a number; any other value is left as it is, so `z.number()` refuses it
 * (`z.coerce.number()` would read `true` as 1 and `['5']` as 5).
 */
const numericText = (v: unknown): unknown =>
  typeof v === 'string' && v.trim() !== '' ? Number(v) : v;

/** A number sent as a JSON number or as numeric text (a query, a path, RuoYi's string ids). */
export const numeric = <S extends z.ZodNumber>(schema: S) => z.preprocess(numericText, schema);

/** A positive integer id from a path, a query or a body (`/system/user/12`). */
export const id = () => numeric(z.number().int().positive().max(2_147_483_647));

/** `1,2,3` (RuoYi's batch delete path) as a list of ids, at most 1000. */
export const idList = () =>
  z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,999}$/)
    .transform((s) => s.split(',').map(Number));

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

/** Optional numeric query value; empty means absent. */
export const optionalId = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), id().optional());

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

/** RuoYi's `params[beginTime]` / `params[endTime]` (yyyy-MM-dd, inclusive) as a time range. */
export const dateRangeParams = () =>
  z
    .object({ beginTime: dateText, endTime: dateText })
    .loose()
    .optional()
    .transform((p) => {
      if (!p) return undefined;
      const range: { from?: Date; to?: Date } = {};
      if (p.beginTime) range.from = new Date(`${p.beginTime}T00:00:00`);
      if (p.endTime) range.to = new Date(`${p.endTime}T23:59:59.999`);
      return range.from || range.to ? range : undefined;
    });

/** Drops keys whose value is undefined (exactOptionalPropertyTypes-friendly patches and filters). */
export function defined<T extends Record<string, unknown>>(
  o: T,
): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}
