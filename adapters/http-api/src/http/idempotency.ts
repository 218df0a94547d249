import { createHash } from 'node:crypto';
import { canonicalJson } from '@dpms/wire';
import type { Request, Response } from 'express';
import {
  idempotencyKeyInProgress,
  idempotencyKeyMismatch,
  idempotencyKeyReused,
  type IdempotencyRepository,
} from '@dpms/core';
import { DomainFailure, HttpError, statusOfDomainCode } from './http-error.js';

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

/** Field names whose values are credentials: `password`, `oldPassword`, `newPassword`, `pwd`. */
const SECRET_FIELD = /password|pwd/i;

/**
 * The body with every credential's value blanked: a fingerprint is kept a day beside the key, and
 * a bare SHA-256 of a password is guessed offline. Two requests that differ only in a password
 * are then the same request (a repeat of a user's creation with another password replays it).
 */
function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_FIELD.test(k) ? '' : withoutSecrets(v)]),
    );
  return value;
}

/**
 * What makes two requests "the same" for an Idempotency-Key (the IETF draft leaves it to the
 * server): a SHA-256 of the method, the route, and the canonical JSON of the path parameters, the
 * query and the body as the client sent them (before validation, so a field the schema ignores
 * still counts). Key order and whitespace do not count; any value that differs does, except a
 * credential's (see `withoutSecrets`).
 */
export function requestFingerprint(req: Request, route: string): string {
  const request = {
    method: req.method,
    route,
    params: req.params ?? {},
    query: req.query ?? {},
    body: withoutSecrets((req.body as unknown) ?? null),
  };
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/**
 * The one place a route reads its Idempotency-Key: the key (checked), the call it belongs to and
 * the request's fingerprint. The same key with another request then answers 422 naming the key.
 */
export function idempotencyOf(req: Request, route: string): RequestIdempotency {
  // The route layer already holds this request's key (see `IdempotentRequests`): the use case
  // runs as a plain write under it, never claiming the key a second time.
  const key = heldByRoute.has(req) ? undefined : idempotencyKeyOf(req);
  return { key, route, fingerprint: requestFingerprint(req, route) };
}

/** Requests whose key the route layer claimed before running their handler. */
const heldByRoute = new WeakSet<Request>();

/** Set on a replayed answer, so a client (and a test) can tell a replay from a first answer. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** The status the error middleware gives what a handler threw (see error-middleware.ts). */
function statusOfFailure(error: unknown): number {
  if (error instanceof HttpError) return error.status;
  if (error instanceof DomainFailure) return statusOfDomainCode(error.error.code);
  return 500;
}

/**
 * What the route layer does with a write's Idempotency-Key when its use case does not honour it
 * inside its own transaction (DESIGN.md §3, README "Idempotency-Key"):
 *
 * - Before the handler runs, the key is claimed for (user, route, fingerprint) in its own
 *   committed row, marked in flight. Two requests under one key: one claims it, the other is
 *   answered at once and runs nothing.
 * - The handler's answer is stored with the key before it is sent, so a repeat of the same
 *   request (after a lost answer, a double click) gets the stored answer back, marked
 *   `Idempotent-Replayed: true`, and writes nothing.
 * - The same key with another request answers 422 naming the key (as `runWrite` does).
 * - A repeat while the first is in flight, or after it ended without a stored answer, answers 409
 *   asking the person to refresh and check: whether that first request took effect is unknown,
 *   so it is never run twice.
 * - A refusal (4xx: a rule, a missing record, a stale version) releases the key, so the corrected
 *   request may be sent under it: the same policy as `runWrite`, whose refusal rolls its claim
 *   back.
 * - An unexpected failure (5xx) releases the key too: a handler's write is one transaction
 *   (`runWrite`, or the repository's own), and what it threw rolled that transaction back, so
 *   nothing of the request was written and a plain retry under the same key is a first try. (A
 *   running server never turns an answer into a 500 after its write committed: route.ts logs an
 *   answer that misses its schema and sends it.) Keeping the key in flight would answer that
 *   retry 409 for a day; storing the 500 would replay a failure that did not happen twice. Only
 *   a request that never answered (the process died) stays in flight and answers 409.
 * - Keys live a day (identity/housekeeping.ts purges them with the sessions).
 */
export class IdempotentRequests {
  constructor(
    private readonly store: IdempotencyRepository,
    private readonly now: () => Date,
  ) {}

  /**
   * Runs `handle` once per key: answers a repeat itself and returns without calling it. Without a
   * key (or without a signed-in caller to scope it to) it just runs `handle`.
   */
  async run(
    req: Request,
    res: Response,
    userId: number,
    route: string,
    handle: () => Promise<unknown>,
  ): Promise<void> {
    const key = idempotencyKeyOf(req);
    if (key === undefined || userId <= 0) {
      const answer = await handle();
      if (answer !== undefined && !res.headersSent) res.json(answer);
      return;
    }
    const fingerprint = requestFingerprint(req, route);
    const begun = await this.store.begin(key, userId, route, this.now(), fingerprint);
    if (begun.kind === 'mismatch') throw new DomainFailure(idempotencyKeyMismatch());
    if (begun.kind === 'conflict') throw new DomainFailure(idempotencyKeyReused());
    if (begun.kind === 'pending') throw new DomainFailure(idempotencyKeyInProgress());
    if (begun.kind === 'completed') {
      res.set(REPLAYED_HEADER, 'true');
      res.status(begun.record.responseCode ?? 200).json(begun.record.response);
      return;
    }
    heldByRoute.add(req);
    let answer: unknown;
    try {
      answer = await handle();
    } catch (e) {
      // Refused (4xx) or failed (5xx): either way the handler's transaction wrote nothing.
      // A handler that already sent part of its own answer (a file) keeps the key in flight.
      if (statusOfFailure(e) < 500 || !res.headersSent) await this.store.release(key, userId);
      throw e;
    }
    // A handler that wrote its own answer (a file) is not replayable: its key stays in flight,
    // so a repeat is told to check rather than run twice.
    if (answer === undefined || res.headersSent) return;
    const status = res.statusCode;
    await this.store.complete(key, userId, status, answer);
    res.json(answer);
  }
}
