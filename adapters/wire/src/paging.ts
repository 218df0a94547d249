import { z } from 'zod';
import { numeric } from './primitives.js';

/** The page sizes of the spec's pager (000 §9): 20 by default. Our web offers these. */
export const PAGE_SIZES = [20, 50, 100, 300, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** RuoYi-Vue's pager (10 by default): its own UI, served unchanged, lists with these. */
export const RUOYI_PAGE_SIZES = [10, 20, 30, 50] as const;
/** Every page size a list accepts: ours and RuoYi's, in order. */
export const ACCEPTED_PAGE_SIZES: readonly number[] = [
  ...new Set<number>([...RUOYI_PAGE_SIZES, ...PAGE_SIZES]),
].sort((a, b) => a - b);

/** A blank pageNum or pageSize is absent (the default), as every numeric field reads it. */
const pageSizeSchema = numeric(
  z
    .number({ error: (iss) => `参数 ${String(iss.path?.join('.') ?? 'pageSize')} 必须是数字` })
    .int()
    .refine((v) => ACCEPTED_PAGE_SIZES.includes(v), {
      error: () => `参数 pageSize 必须是 ${ACCEPTED_PAGE_SIZES.join('、')} 之一`,
    })
    .default(DEFAULT_PAGE_SIZE),
);

/**
 * Paging fields for a list's query schema. `orderByColumn` is matched against the whitelist of
 * that list: a value outside it is a 400, so a column name never reaches SQL from the request.
 */
export function pagingShape<const C extends readonly [string, ...string[]]>(orderable: C) {
  return {
    pageNum: numeric(z.number().int().min(1).max(1_000_000).default(1)),
    pageSize: pageSizeSchema,
    orderByColumn: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .enum(orderable, { error: () => `参数 orderByColumn 必须是 ${orderable.join('、')} 之一` })
        .optional(),
    ),
    isAsc: z
      .enum(['asc', 'desc', 'ascending', 'descending', 'true', 'false'], {
        error: () => '参数 isAsc 必须是 asc 或 desc',
      })
      .optional()
      .transform((v) => v === undefined || v === 'asc' || v === 'ascending' || v === 'true'),
  };
}
