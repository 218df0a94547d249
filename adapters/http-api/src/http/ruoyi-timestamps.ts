import type { RequestHandler } from 'express';
import { ruoyiTimestamp } from '@dpms/core';
import { STATUS_HEADER } from '@dpms/wire';
import { instituteZoneOf } from './institute-zone.js';
import { readsRealStatuses } from './status-rule.js';

/** The fields that carry an instant on the wire: RuoYi names them `…Time` or `…Date`. */
const TIMESTAMP_KEY = /(Time|Date)$/;

function rewrite(value: unknown, zone: string, key = ''): unknown {
  if (typeof value === 'string')
    return TIMESTAMP_KEY.test(key) ? (ruoyiTimestamp(value, zone) ?? value) : value;
  if (Array.isArray(value)) return value.map((v) => rewrite(v, zone));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = rewrite(v, zone, k);
    return out;
  }
  return value;
}

/**
 * RuoYi's timestamps for RuoYi's dialect (README "Wire"). The client that does not say
 * `X-DPMS-Status: http` is RuoYi's UI (the status rule's same line): it runs `parseTime` on
 * `createTime` and friends, which reads any text in the browser's zone, and shows others
 * (用户详情's 更新时间, 最后登录时间) as they come. So its answers carry each `…Time`/`…Date`
 * instant as `yyyy-MM-dd HH:mm:ss` on the institute's clock, as RuoYi's server writes them, and a
 * browser anywhere shows the institute's time. Our web and every client that reads real statuses
 * keep ISO 8601 with the offset (DESIGN §3). Downloads and other non-JSON answers are untouched.
 * The zone comes from the config cache, so it costs a request no query, and a changed zone applies
 * from the next request.
 */
export const ruoyiTimestamps: RequestHandler = (req, res, next) => {
  if (readsRealStatuses(req)) {
    next();
    return;
  }
  res.vary(STATUS_HEADER);
  instituteZoneOf(res).then((zone) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => json(rewrite(body, zone));
    next();
  }, next);
};
