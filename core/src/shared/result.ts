/**
 * Expected failures travel as values with a stable code and a Chinese message a person can act
 * on; broken invariants throw. Codes, not `instanceof`, cross package and process lines.
 */
export interface DomainError {
  /** Stable machine code, e.g. `APPROVAL.STALE_VERSION` or `VALIDATION.MAX_LENGTH`. */
  readonly code: string;
  /** Simplified Chinese message shown to the user. */
  readonly message: string;
  /** The field the error is about, by its wire name, when there is one. */
  readonly field?: string;
}

export type Result<T, E extends DomainError = DomainError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });

export const err = <E extends DomainError>(error: E): Result<never, E> => ({ ok: false, error });

export const domainError = (code: string, message: string, field?: string): DomainError =>
  field === undefined ? { code, message } : { code, message, field };
