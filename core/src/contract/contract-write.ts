import type { IdempotencyRepository } from '../platform/auth-session.repository.port.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { domainError, err, type DomainError, type Result } from '../shared/result.js';

/** A client-supplied Idempotency-Key and the call it belongs to (as the approval engine's). */
export interface WriteIdempotency {
  readonly key?: string | undefined;
  readonly route: string;
  readonly userId: number;
}

export const idempotencyKeyReused = (): DomainError =>
  domainError(
    'IDEMPOTENCY.KEY_REUSED',
    '该请求标识（Idempotency-Key）已用于其他操作或仍在处理中，请更换后重试',
  );

/** Broken out of a transaction to roll it back with an expected refusal. */
export class WriteAbort extends Error {
  constructor(readonly error: DomainError) {
    super(error.message);
  }
}

/**
 * One write of the contract slices: runs `fn` in a transaction that a refusal rolls back. With an
 * idempotency key, the key is claimed in the same transaction and the answer stored with the
 * write, so a repeat (after a lost answer) gets the first answer and changes nothing. A refusal
 * rolls back the claim too, so a corrected retry with the same key is a new try. The stored
 * answer comes back as JSON: dates as ISO strings (the views accept both).
 */
export async function runWrite<R extends object, T>(
  uow: UnitOfWork<R>,
  now: () => Date,
  fn: (repos: R, now: Date) => Promise<Result<T>>,
  idem?: WriteIdempotency,
): Promise<Result<T>> {
  try {
    return await uow.transaction(async (repos) => {
      const at = now();
      const key = idem?.key;
      const store = (repos as { readonly idempotency?: IdempotencyRepository }).idempotency;
      if (idem !== undefined && key !== undefined && key !== '' && store !== undefined) {
        const begun = await store.begin(key, idem.userId, idem.route, at);
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
    });
  } catch (e) {
    if (e instanceof WriteAbort) return err(e.error);
    throw e;
  }
}

/**
 * Every row of a keyset-paged source, a batch at a time, each batch its own short read: what a
 * streamed export walks, so 100,000 rows never sit in memory together.
 */
export async function* keysetRows<T>(
  fetch: (afterId: number, limit: number) => Promise<readonly T[]>,
  idOf: (row: T) => number,
  batch = 1000,
): AsyncGenerator<T> {
  let after = 0;
  for (;;) {
    const rows = await fetch(after, batch);
    yield* rows;
    const last = rows[rows.length - 1];
    if (rows.length < batch || last === undefined) return;
    after = idOf(last);
  }
}
