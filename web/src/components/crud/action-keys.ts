import { errorMessage, isDomainError, newIdempotencyKey } from '@dpms/http-client';
import { useRef } from 'react';

/** A fresh key for one user action (the server answers a repeat of it once). */
export { newIdempotencyKey };

/** What the person reads when a kept key meets a changed request (see `ActionKeys`). */
export const EARLIER_SUBMIT_MAY_HAVE_APPLIED = '之前的提交可能已生效，已为您刷新，请核对后再操作';

/**
 * A stale version (someone acted first), or the same action still in progress or unconfirmed
 * (IDEMPOTENCY.IN_PROGRESS): 409 with the server's message.
 */
export const isStale = (e: unknown): boolean =>
  isDomainError(e) &&
  ((e as { status?: number }).status === 409 || e.code.endsWith('STALE_VERSION'));

/**
 * The key was already used for a request with another body (422, IDEMPOTENCY.KEY_MISMATCH): the
 * request whose answer was lost reached the server and was stored, so it may well have taken
 * effect.
 */
export const isKeyMismatch = (e: unknown): boolean =>
  isDomainError(e) && e.code === 'IDEMPOTENCY.KEY_MISMATCH';

/** No answer came back (timeout, network): the server may or may not have applied the call. */
export const isLostAnswer = (e: unknown): boolean =>
  isDomainError(e) && (e as { transport?: boolean }).transport === true;

export type ActionOutcome<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      /**
       * lost: no answer, the key is kept for the retry; applied: an earlier try with this key
       * was stored (a changed body met it); stale: someone acted first; refused: any other
       * answered refusal.
       */
      readonly kind: 'lost' | 'applied' | 'stale' | 'refused';
      /** What to show. */
      readonly message: string;
      /** What is on screen may be out of date: reload it before the person acts again. */
      readonly reload: boolean;
      readonly error: unknown;
    };

/**
 * The Idempotency-Keys of a screen's user actions, kept across retries. An action keeps its key
 * while it is unanswered (a double click, or a retry after a lost answer, sends the same key, so
 * the server applies it once) and renews it once answered. When the retry's body differs from the
 * lost one (the person edited the form or the opinion in between) the server answers 422
 * IDEMPOTENCY.KEY_MISMATCH: the lost request was applied, so the outcome asks for a reload and a
 * plain message instead of a silent resend under a fresh key (which would write a second time).
 */
export class ActionKeys {
  private readonly keys = new Map<string, string>();

  /** The key an unanswered `slot` keeps, if any. */
  pending(slot: string): string | undefined {
    return this.keys.get(slot);
  }

  async run<T>(slot: string, call: (key: string) => Promise<T>): Promise<ActionOutcome<T>> {
    let key = this.keys.get(slot);
    if (key === undefined) {
      key = newIdempotencyKey();
      this.keys.set(slot, key);
    }
    try {
      const value = await call(key);
      if (this.keys.get(slot) === key) this.keys.delete(slot);
      return { ok: true, value };
    } catch (error) {
      const kind = isLostAnswer(error)
        ? 'lost'
        : isKeyMismatch(error)
          ? 'applied'
          : isStale(error)
            ? 'stale'
            : 'refused';
      // An answered refusal ends the action; a lost answer keeps its key for the retry.
      if (kind !== 'lost' && this.keys.get(slot) === key) this.keys.delete(slot);
      return {
        ok: false,
        kind,
        message: kind === 'applied' ? EARLIER_SUBMIT_MAY_HAVE_APPLIED : errorMessage(error),
        reload: kind === 'applied' || kind === 'stale',
        error,
      };
    }
  }
}

/**
 * The Idempotency-Keys of one screen's user actions (`ActionKeys`), kept for the component's
 * life: a dialog's save, a row's delete. Pass `run`'s key to the write as its Idempotency-Key.
 */
export function useActionKeys(): ActionKeys {
  const keys = useRef<ActionKeys | null>(null);
  keys.current ??= new ActionKeys();
  return keys.current;
}
