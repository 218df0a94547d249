import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { err, ok, type DomainError, type Result } from '../shared/result.js';
import { runWrite, WriteAbort, type WriteIdempotency } from '../shared/write.js';
import type { AccountRepositories } from './account.repository.port.js';

/** What the account slice's use cases share: their unit of work, clock and one way to write. */

export type R<T> = Promise<Result<T>>;
export type AccountUow = UnitOfWork<AccountRepositories>;
export interface Clock {
  now(): Date;
}

/** Contracts that may be invoiced and have an account: signed ones. */
export const SIGNED_STAGES: readonly string[] = ['contract', 'formal'];

export const abort = (e: DomainError): never => {
  throw new WriteAbort(e);
};
export const must = <T>(r: Result<T>): T => (r.ok ? r.value : abort(r.error));

/** Reads page by page (each page its own read), so an export never sits whole in memory. */
export async function* pages<T>(
  read: (before: number, batch: number) => Promise<readonly T[]>,
  idOf: (row: T) => number,
  batch = 1000,
): AsyncGenerator<T> {
  let before = 2_147_483_647;
  for (;;) {
    const rows = await read(before, batch);
    yield* rows;
    const last = rows[rows.length - 1];
    if (rows.length < batch || last === undefined) return;
    before = idOf(last);
  }
}

/** A record read back, or the refusal naming it missing. */
export const found = <T>(v: T | null, missing: () => DomainError): Result<T> =>
  v === null ? err(missing()) : ok(v);

/** What every account service stands on: its unit of work, its clock, and one way to write. */
export abstract class AccountService {
  constructor(
    protected readonly uow: AccountUow,
    protected readonly clock: Clock,
  ) {}

  protected write<T>(
    fn: (r: AccountRepositories, at: Date) => R<T>,
    idem?: WriteIdempotency,
  ): R<T> {
    return runWrite(this.uow, () => this.clock.now(), fn, idem);
  }
}
