import type { DomainError } from '@dpms/core';

/**
 * A failed call, shaped as core's DomainError so the web handles one kind of failure. `status` is
 * the envelope's code (or the HTTP status); `transport` marks failures with no envelope at all.
 */
export class ApiError extends Error implements DomainError {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly transport = false,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Codes, not instanceof, cross package lines: anything with a string code and a message. */
export function isDomainError(value: unknown): value is DomainError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** The message to show for any thrown value. */
export function errorMessage(value: unknown, fallback = '网络异常，请稍后重试'): string {
  if (isDomainError(value) && value.message !== '') return value.message;
  if (value instanceof Error && value.message !== '') return value.message;
  return fallback;
}
