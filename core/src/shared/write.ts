import type { IdempotencyRepository } from '../platform/auth-session.repository.port.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { domainError, err, type DomainError, type Result } from './result.js';

/** A client-supplied Idempotency-Key and the call it belongs to. */
export interface WriteIdempotency {
  readonly key?: string | undefined;
  readonly route: string;
  readonly userId: number;
  /**
   * What identifies the request the key was first sent with (the HTTP adapter hashes method,
   * route, parameters and body). The same key with another fingerprint is refused, not replayed
   * (the IETF Idempotency-Key draft: same key, different payload → 422).
   */
  readonly fingerprint?: string | undefined;
}

export const idempotencyKeyReused = (): DomainError =>
  domainError(
    'IDEMPOTENCY.KEY_REUSED',
    '该请求标识（Idempotency-Key）已用于其他操作或仍在处理中，请更换后重试',
  );

export const idempotencyKeyMismatch = (): DomainError =>
  domainError(
    'IDEMPOTENCY.KEY_MISMATCH',
    '请求标识 Idempotency-Key 已用于内容不同的请求，请为新的请求使用新的 Idempotency-Key',
    'Idempotency-Key',
  );

/**
 * The key's first request is still running, or ended without a stored answer (a crash, an
 * unexpected failure): whether it took effect is unknown, so it is not run again. 409, like a
 * stale version: the person reloads what is on screen and checks before acting again.
 */
export const idempotencyKeyInProgress = (): DomainError =>
  domainError(
    'IDEMPOTENCY.IN_PROGRESS',
    '该操作已提交，正在处理或未能确认结果，请刷新页面核对后再操作，不要重复提交',
    'Idempotency-Key',
  );

/**
 * Thrown inside a transaction to roll it back with an expected refusal; the write that runs the
 * transaction turns it back into the refusal's `Result`.
 */
export class WriteAbort extends Error {
  constructor(readonly error: DomainError) {
    super(error.message);
  }
}

/** Runs `work` and answers a `WriteAbort` thrown inside it as the refusal it carries. */
export async function catchAbort<T>(work: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof WriteAbort) return err(e.error);
    throw e;
  }
}

/**
 * One write: runs `fn` in a transaction that a refusal rolls back. With an idempotency key, the
 * key is claimed in the same transaction and the answer stored with the write, so a repeat (after
 * a lost answer) gets the first answer and changes nothing. A refusal rolls back the claim too, so
 * a corrected retry with the same key is a new try. The stored answer comes back as JSON: dates as
 * ISO strings (the views accept both).
 */
export function runWrite<R extends object, T>(
  uow: UnitOfWork<R>,
  now: () => Date,
  fn: (repos: R, now: Date) => Promise<Result<T>>,
  idem?: WriteIdempotency,
): Promise<Result<T>> {
  return catchAbort(() =>
    uow.transaction(async (repos) => {
      const at = now();
      const key = idem?.key;
      const store = (repos as { readonly idempotency?: IdempotencyRepository }).idempotency;
      // A route that takes a key over repositories without the store would drop it silently.
      if (key !== undefined && key !== '' && store === undefined)
        throw new Error(
          `runWrite: ${idem?.route ?? ''} takes an Idempotency-Key but its repositories have no store`,
        );
      if (idem !== undefined && key !== undefined && key !== '' && store !== undefined) {
        const begun = await store.begin(key, idem.userId, idem.route, at, idem.fingerprint);
        if (begun.kind === 'mismatch') throw new WriteAbort(idempotencyKeyMismatch());
        if (begun.kind === 'completed') return begun.record.response as Result<T>;
        if (begun.kind !== 'started') throw new WriteAbort(idempotencyKeyReused());
        const result = await fn(repos, at);
        if (!result.ok) throw new WriteAbort(result.error);
        await store.complete(key, idem.userId, 200, result);
        return result;
      }
      const result = await fn(repos, at);
      // A refusal after a write (the engine said no) must not leave half the change behind.
      if (!result.ok) throw new WriteAbort(result.error);
      return result;
    }),
  );
}
