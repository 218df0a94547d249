import type { DomainError } from '@dpms/core';

/** One refused field of a request, as the API names it (`errors: [{field, message}]`). */
export interface FieldError {
  readonly field: string;
  readonly message: string;
}

/**
 * A failed call, shaped as core's DomainError so the web handles one kind of failure. `status` is
 * the envelope's code (or the HTTP status); `transport` marks failures with no envelope at all;
 * `errors` holds every field the server refused, so a form can show each beside its field.
 */
export class ApiError extends Error implements DomainError {
  override readonly name = 'ApiError';
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly transport = false,
    readonly field?: string,
    readonly errors: readonly FieldError[] = [],
  ) {
    super(message);
  }
}

/** The fields a failure refused (empty for a failure that names none). */
export function fieldErrorsOf(value: unknown): readonly FieldError[] {
  if (value instanceof ApiError && value.errors.length > 0) return value.errors;
  if (isDomainError(value) && value.field !== undefined && value.field !== '') {
    return [{ field: value.field, message: value.message }];
  }
  return [];
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
