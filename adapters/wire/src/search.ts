import { z } from 'zod';
import { normaliseSearchKeyword, SEARCH_KINDS, SEARCH_LIMIT_MAX } from '@dpms/core';
import { okEnvelope } from './envelope.js';
import { optionalInteger } from './primitives.js';

/*
 * 全局搜索 on the wire: GET /search?keyword=…&limit=… and its grouped answer. The keyword rule is
 * core's (normaliseSearchKeyword): a refusal lands on `keyword` in core's words.
 */

export const searchKeyword = z
  .string()
  .meta({ description: '关键字：编号、名称、单位或人员姓名的一部分，1 至 50 个字符' })
  .transform((raw, ctx) => {
    const r = normaliseSearchKeyword(raw);
    if (r.ok) return r.value;
    ctx.addIssue({ code: 'custom', message: r.error.message });
    return z.NEVER;
  });

export const searchQuery = z.object({
  keyword: searchKeyword,
  /** Hits per kind, 1 to 20; 5 when absent. */
  limit: optionalInteger(1, SEARCH_LIMIT_MAX),
});

export const searchHit = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int(),
  label: z.string(),
  /** Number, party, person: whichever the record has, joined by ' · '. */
  secondary: z.string(),
  /** The screen that shows the record, with its id as a query parameter. */
  route: z.string(),
});
export type SearchHitWire = z.output<typeof searchHit>;

export const searchGroup = z.object({
  kind: z.enum(SEARCH_KINDS),
  title: z.string(),
  hits: z.array(searchHit),
});
export type SearchGroupWire = z.output<typeof searchGroup>;

/** The groups in display order; a kind the caller may not list, or without hits, is absent. */
export const searchAnswer = okEnvelope(z.array(searchGroup));
