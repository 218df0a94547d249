import type { DomainError } from '@dpms/core';
import { STATUS_MSG } from './messages.js';

/** An expected failure with the HTTP status it answers; the error middleware writes the envelope. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message?: string,
    /** Extra envelope fields, e.g. the failing fields of a validation error. */
    readonly extra?: Readonly<Record<string, unknown>>,
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message ?? STATUS_MSG[status] ?? STATUS_MSG[500]);
    this.name = 'HttpError';
  }
}

/** A DomainError raised from a handler (a use case answered a failed Result). */
export class DomainFailure extends Error {
  constructor(readonly error: DomainError) {
    super(error.message);
    this.name = 'DomainFailure';
  }
}

/**
 * DomainError code → HTTP status. Codes are `SLICE.REASON`; the reason decides the status, so
 * every slice (now and later) maps the same way without registering anything.
 */
export function statusOfDomainCode(code: string): number {
  const reason = code.includes('.') ? code.slice(code.lastIndexOf('.') + 1) : code;
  const slice = code.includes('.') ? code.slice(0, code.indexOf('.')) : '';
  if (slice === 'VALIDATION' || slice === 'LIST') return 400;
  if (/^(NOT_FOUND|MISSING_RECORD|UNKNOWN_.*)$/.test(reason) || reason.endsWith('_NOT_FOUND'))
    return 404;
  if (/^(UNAUTHENTICATED|SESSION_EXPIRED|TOKEN_.*)$/.test(reason)) return 401;
  if (
    /^(FORBIDDEN|OUT_OF_SCOPE|NOT_ALLOWED|NO_PERMISSION|DATA_SCOPE_DENIED|ROLE_NOT_HELD)$/.test(
      reason,
    )
  )
    return 403;
  if (
    /^(CONFLICT|DUPLICATE|STALE_VERSION|ALREADY_EXISTS|IN_USE|IN_PROGRESS|BUILTIN_CONFIG)$/.test(
      reason,
    ) ||
    /_(IN_USE|HAS_CHILDREN|HAS_USERS)$/.test(reason) ||
    reason.endsWith('_TAKEN')
  )
    return 409;
  if (/^(RATE_LIMITED|TOO_MANY|THROTTLED)$/.test(reason)) return 429;
  if (/^(UNAVAILABLE|NOT_CONFIGURED)$/.test(reason)) return 503;
  if (/^(TOO_LARGE|PAYLOAD_TOO_LARGE)$/.test(reason)) return 413;
  if (/^(UNSUPPORTED_TYPE|UNSUPPORTED_MEDIA_TYPE)$/.test(reason)) return 415;
  // Any other refusal is a business rule saying no to well-formed input.
  return 422;
}

/** Unwraps a core Result, raising its DomainError for the error middleware. */
export function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: DomainError }): T {
  if (result.ok) return result.value;
  throw new DomainFailure(result.error);
}
