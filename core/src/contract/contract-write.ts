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
