import type { Result } from '@dpms/core';

/** The value of a result the test expects to succeed; a failure throws with its code and message. */
export const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};

/** `ok`, or a refusal's code and field, for comparing outcomes in one expectation. */
export const failure = (r: Result<unknown>): string =>
  r.ok ? 'ok' : `${r.error.code}|${r.error.field ?? ''}`;
