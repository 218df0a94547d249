import { z } from 'zod';

/**
 * One cache the API keeps, under RuoYi's name where it means the same thing (`login_tokens:`),
 * with what the 缓存列表 shows beside it. RuoYi sends `cacheName`, `cacheKey`, `cacheValue` and
 * `remark`; `size`, `hits` and `misses` are ours and RuoYi's page ignores them.
 */
export const cacheNameRecord = z.object({
  cacheName: z.string(),
  cacheKey: z.string(),
  cacheValue: z.string(),
  remark: z.string(),
  size: z.number().int().min(0),
  hits: z.number().int().min(0),
  misses: z.number().int().min(0),
});
export type CacheNameRecord = z.output<typeof cacheNameRecord>;

/**
 * 缓存监控 (GET /monitor/cache). There is no Redis: `info` carries RuoYi's keys filled with what
 * they mean for this process (its memory, uptime, whether the cache serves), `dbSize` counts the
 * entries of every cache, `commandStats` their hits and misses (RuoYi's pie chart), and `caches`
 * each cache apart.
 */
export const cacheInfoAnswer = z.object({
  code: z.literal(200),
  msg: z.string(),
  data: z.object({
    info: z.record(z.string(), z.string()),
    dbSize: z.number().int(),
    commandStats: z.array(z.object({ name: z.string(), value: z.string() })),
    caches: z.array(cacheNameRecord),
    identityCache: z.object({
      sessions: z.number().int(),
      grants: z.number().int(),
      /** Whether the cache serves (it does only while it hears the database's announcements). */
      serving: z.boolean(),
    }),
  }),
});
export type CacheInfo = z.output<typeof cacheInfoAnswer>['data'];

/** 缓存列表's names (GET /monitor/cache/getNames). */
export const cacheNamesAnswer = z.object({
  code: z.literal(200),
  msg: z.string(),
  data: z.array(cacheNameRecord),
});

/** A cache's keys, each whole (`login_tokens:<session id>`), sorted (GET …/getKeys/{cacheName}). */
export const cacheKeysAnswer = z.object({
  code: z.literal(200),
  msg: z.string(),
  data: z.array(z.string()),
});

/** One entry (GET …/getValue/{cacheName}/{cacheKey}); `cacheValue` is JSON, never a secret. */
export const cacheValueAnswer = z.object({
  code: z.literal(200),
  msg: z.string(),
  data: z.object({
    cacheName: z.string(),
    cacheKey: z.string(),
    /** Absent when the key is not (or no longer) in the cache, as RuoYi's null. */
    cacheValue: z.string().nullable(),
    remark: z.string(),
  }),
});
