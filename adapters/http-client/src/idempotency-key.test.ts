import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './idempotency-key.js';

const real = globalThis.crypto;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('makes a random UUID on a plain-HTTP page too, where crypto.randomUUID is missing', () => {
    vi.stubGlobal('crypto', {
      getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a),
    });
    const keys = Array.from({ length: 200 }, () => newIdempotencyKey());
    for (const k of keys) expect(k).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses crypto.randomUUID where the page has it', () => {
    vi.stubGlobal('crypto', { randomUUID: () => '00000000-0000-4000-8000-000000000001' });
    expect(newIdempotencyKey()).toBe('00000000-0000-4000-8000-000000000001');
  });
});
