import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { HttpError } from './http-error.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The key and request of a write, as core's WriteIdempotency and IdempotencyContext take it. */
export interface RequestIdempotency {
  readonly key: string | undefined;
  readonly route: string;
  readonly fingerprint: string;
}

/**
 * The Idempotency-Key header: absent or empty is none; otherwise 1 to 100 visible ASCII
 * characters (it is stored in a varchar(100) and compared byte for byte).
 */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.get(IDEMPOTENCY_HEADER);
  if (key === undefined || key === '') return undefined;
  if (key.length > 100 || !/^[\x21-\x7e]+$/.test(key)) {
    const message = '请求头 Idempotency-Key 应为 1 到 100 个可见 ASCII 字符';
    throw new HttpError(400, message, { errors: [{ field: IDEMPOTENCY_HEADER, message }] });
  }
  return key;
}

/** JSON with every object's keys sorted, so the same value always reads the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What makes two requests "the same" for an Idempotency-Key (the IETF draft leaves it to the
 * server): a SHA-256 of the method, the route, and the canonical JSON of the path parameters, the
 * query and the body as the client sent them (before validation, so a field the schema ignores
 * still counts). Key order and whitespace do not count; any value that differs does.
 */
export function requestFingerprint(req: Request, route: string): string {
  const request = {
    method: req.method,
    route,
    params: req.params ?? {},
    query: req.query ?? {},
    body: (req.body as unknown) ?? null,
  };
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/**
 * The one place a route reads its Idempotency-Key: the key (checked), the call it belongs to and
 * the request's fingerprint. The same key with another request then answers 422 naming the key.
 */
export function idempotencyOf(req: Request, route: string): RequestIdempotency {
  return { key: idempotencyKeyOf(req), route, fingerprint: requestFingerprint(req, route) };
}
