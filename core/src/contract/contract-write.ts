import type { ContractActor } from './contract.use-case.js';

/** Who changed what, when, for records other than contracts (filings, sub-contracts). */
export interface RecordHistoryRepository {
  append(entry: {
    readonly recordKind: string;
    readonly recordId: number;
    readonly action: string;
    readonly changes: Readonly<Record<string, readonly [unknown, unknown]>>;
    readonly userId: number;
    readonly userName: string;
    readonly at: Date;
  }): Promise<void>;
}

/**
 * Appends one line to a record's history (who did `action`, what changed, when); nothing when the
 * unit of work carries no history repository.
 */
export function appendHistory(
  history: RecordHistoryRepository | undefined,
  entry: {
    readonly recordKind: string;
    readonly recordId: number;
    readonly action: string;
    readonly changes: Readonly<Record<string, readonly [unknown, unknown]>>;
    readonly actor: Pick<ContractActor, 'userId' | 'userName'>;
    readonly at: Date;
  },
): Promise<void> {
  if (history === undefined) return Promise.resolve();
  const { actor, ...rest } = entry;
  return history.append({ ...rest, userId: actor.userId, userName: actor.userName });
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
