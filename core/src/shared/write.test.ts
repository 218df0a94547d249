import { describe, expect, it } from 'vitest';
import type { IdempotencyBegin } from '../platform/auth-session.js';
import type { IdempotencyRepository } from '../platform/auth-session.repository.port.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { ok } from './result.js';
import { runWrite } from './write.js';

/** One key store and a counter of writes; a transaction is just the call (enough for the rule). */
function memory() {
  const keys = new Map<string, { route: string; fingerprint?: string; response?: unknown }>();
  const idempotency: IdempotencyRepository = {
    begin: (key, _u, route, _now, fingerprint): Promise<IdempotencyBegin> => {
      const k = keys.get(key);
      if (!k) {
        keys.set(key, { route, ...(fingerprint === undefined ? {} : { fingerprint }) });
        return Promise.resolve({ kind: 'started' });
      }
      if (k.route !== route) return Promise.resolve({ kind: 'conflict' });
      if (k.fingerprint !== fingerprint) return Promise.resolve({ kind: 'mismatch' });
      return Promise.resolve({
        kind: 'completed',
        record: {
          key,
          userId: 1,
          route,
          fingerprint: k.fingerprint ?? null,
          status: 'completed',
          responseCode: 200,
          response: k.response,
          createdAt: new Date(0),
        },
      });
    },
    complete: (key, _u, _c, response) => {
      keys.set(key, { ...keys.get(key)!, response });
      return Promise.resolve();
    },
    release: () => Promise.resolve(),
    purge: () => Promise.resolve(0),
  };
  const repos = { idempotency, writes: [] as string[] };
  const uow: UnitOfWork<typeof repos> = { transaction: (fn) => fn(repos) };
  return { uow, repos };
}

describe('runWrite with an Idempotency-Key', () => {
  it('replays the same request and refuses another one under the same key', async () => {
    const { uow, repos } = memory();
    const write = (name: string, fingerprint: string) =>
      runWrite(
        uow,
        () => new Date(0),
        (r) => {
          r.writes.push(name);
          return Promise.resolve(ok({ name }));
        },
        { key: 'k', route: '/add', userId: 1, fingerprint },
      );
    expect(await write('a', 'fp-a')).toEqual(ok({ name: 'a' }));
    expect(await write('a', 'fp-a')).toEqual(ok({ name: 'a' }));
    expect(await write('b', 'fp-b')).toMatchObject({
      ok: false,
      error: { code: 'IDEMPOTENCY.KEY_MISMATCH', field: 'Idempotency-Key' },
    });
    expect(repos.writes).toEqual(['a']);
  });
});
