import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { sharedSigningKey } from './sql-signing-key.js';

describe.each(testDatabaseKinds())('the shared signing key on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.close());

  it('keeps the first key offered and answers it to every later caller', async () => {
    const first = 'a'.repeat(40);
    // Concurrent first starts: each offers its own key, all get one and the same back.
    const offered = [first, 'b'.repeat(40), 'c'.repeat(40), 'd'.repeat(40)];
    const got = await Promise.all(offered.map((k) => sharedSigningKey(handle.db, k)));
    expect(new Set(got).size).toBe(1);
    expect(offered).toContain(got[0]);
    expect(await sharedSigningKey(handle.db, 'e'.repeat(40))).toBe(got[0]);
  });

  it('refuses a key shorter than 32 characters', async () => {
    await expect(sharedSigningKey(handle.db, 'short')).rejects.toThrow(/32/);
  });
});
