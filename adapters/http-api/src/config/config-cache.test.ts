import { describe, expect, it } from 'vitest';
import type { ConfigRepository } from '@dpms/core';
import { cachedConfigs, ConfigCache } from './config-cache.js';

/** A source of config values that counts its reads. */
function source(values: Record<string, string>) {
  const reads: string[] = [];
  return {
    reads,
    read: (key: string) => {
      reads.push(key);
      return Promise.resolve(values[key] ?? null);
    },
  };
}

describe('ConfigCache', () => {
  it('reads a key once while listening, again after its change is announced', async () => {
    const cache = new ConfigCache();
    cache.listening(true);
    const values: Record<string, string> = { zone: 'Asia/Shanghai', other: 'x' };
    const db = source(values);
    expect(await cache.valueOf('zone', db.read)).toBe('Asia/Shanghai');
    expect(await cache.valueOf('zone', db.read)).toBe('Asia/Shanghai');
    expect(db.reads).toEqual(['zone']);
    values['zone'] = 'Asia/Tokyo';
    cache.notify('other');
    expect(await cache.valueOf('zone', db.read)).toBe('Asia/Shanghai');
    cache.notify('zone');
    expect(await cache.valueOf('zone', db.read)).toBe('Asia/Tokyo');
    expect(db.reads).toEqual(['zone', 'zone']);
    expect(cache.stats()).toMatchObject({ size: 1, hits: 2, misses: 2 });
  });

  it('keeps a missing key as missing, until the key is added', async () => {
    const cache = new ConfigCache();
    cache.listening(true);
    const values: Record<string, string> = {};
    const db = source(values);
    expect(await cache.valueOf('zone', db.read)).toBeNull();
    expect(await cache.valueOf('zone', db.read)).toBeNull();
    values['zone'] = 'Asia/Tokyo';
    cache.notify('zone');
    expect(await cache.valueOf('zone', db.read)).toBe('Asia/Tokyo');
    expect(db.reads).toHaveLength(2);
  });

  it('serves nothing while not listening, and starts empty when it listens again', async () => {
    const cache = new ConfigCache();
    const db = source({ zone: 'Asia/Shanghai' });
    await cache.valueOf('zone', db.read);
    await cache.valueOf('zone', db.read);
    expect(db.reads).toHaveLength(2);
    cache.listening(true);
    await cache.valueOf('zone', db.read);
    cache.listening(false);
    cache.listening(true);
    await cache.valueOf('zone', db.read);
    expect(db.reads).toHaveLength(4);
  });

  it('does not keep a read that an announcement overtook, nor anything after a truncate', async () => {
    const cache = new ConfigCache();
    cache.listening(true);
    const db = source({ zone: 'Asia/Shanghai', other: 'x' });
    const overtaken = cache.valueOf('zone', async (key) => {
      const value = await db.read(key);
      cache.notify('zone');
      return value;
    });
    expect(await overtaken).toBe('Asia/Shanghai');
    await cache.valueOf('zone', db.read);
    await cache.valueOf('other', db.read);
    cache.notify('*');
    await cache.valueOf('zone', db.read);
    await cache.valueOf('other', db.read);
    expect(db.reads).toEqual(['zone', 'zone', 'other', 'zone', 'other']);
  });
});

describe('cachedConfigs', () => {
  it('forgets what it kept when a write goes through it, before any announcement', async () => {
    const cache = new ConfigCache();
    cache.listening(true);
    const values: Record<string, string> = { zone: 'Asia/Shanghai' };
    const repo = {
      list: () => Promise.reject(new Error('unused')),
      findById: () => Promise.reject(new Error('unused')),
      valueOf: (key: string) => Promise.resolve(values[key] ?? null),
      create: () => Promise.reject(new Error('unused')),
      update: () => {
        values['zone'] = 'Asia/Tokyo';
        return Promise.resolve({ ok: true });
      },
      delete: () => Promise.reject(new Error('unused')),
    } as unknown as ConfigRepository;
    const configs = cachedConfigs(repo, cache);
    expect(await configs.valueOf('zone')).toBe('Asia/Shanghai');
    await configs.update(1, {});
    // No notify('zone') yet: the writer's own next read is already the new value.
    expect(await configs.valueOf('zone')).toBe('Asia/Tokyo');
  });
});
