import { EventEmitter } from 'node:events';
import type { ConfigRepository } from '@dpms/core';

/** The PostgreSQL channel the sys_config triggers announce on (migration 0111). */
export const CONFIG_CHANNEL = 'dpms_config';

/** More keys than this and the cache starts again (a bound, not a policy). */
const MAX_ENTRIES = 1_000;

/**
 * 参数设置's values by key (`valueOf`: the institute's zone, the captcha switch ...), kept in
 * memory so a request that needs one costs no query.
 *
 * Like the identity cache, it is correct only while this process hears every change: the
 * database announces each changed key on {@link CONFIG_CHANNEL} (triggers, migration 0111) and
 * the process's listener feeds it here (`notify`); a change made through this process's pool
 * arrives before the call that made it returns, so the next request reads the new value. While
 * the listener is not listening the cache serves and keeps nothing; when it listens again it
 * starts empty. A read that started before an announcement is not kept.
 */
export class ConfigCache {
  private readonly values = new Map<string, string | null>();
  private serving = false;
  private generation = 0;
  private counts = { hits: 0, misses: 0 };
  /** `notice` (payload) for every announcement heard, `listening` (boolean); for tests and logs. */
  readonly events = new EventEmitter();

  /** Whether the cache answers now (its listener is listening). */
  get active(): boolean {
    return this.serving;
  }

  /** How many keys it holds, and its hits and misses since start. */
  stats(): { readonly size: number; readonly hits: number; readonly misses: number } {
    return { size: this.values.size, ...this.counts };
  }

  /** The key's value: kept, or read with `read` (and kept if nothing was announced meanwhile). */
  async valueOf(
    key: string,
    read: (key: string) => Promise<string | null>,
  ): Promise<string | null> {
    if (this.serving && this.values.has(key)) {
      this.counts.hits += 1;
      return this.values.get(key) ?? null;
    }
    this.counts.misses += 1;
    const stamp = this.generation;
    const value = await read(key);
    if (this.serving && stamp === this.generation) {
      if (this.values.size >= MAX_ENTRIES) this.values.clear();
      this.values.set(key, value);
    }
    return value;
  }

  /** Forgets every key (参数设置's 刷新缓存): the next reads go to the database. */
  clear(): void {
    this.generation += 1;
    this.values.clear();
  }

  /** Forgets one key (缓存列表's 清理 of one entry): its next read goes to the database. */
  forget(key: string): void {
    this.generation += 1;
    this.values.delete(key);
  }

  /** The keys kept now, and each one's value (null: read and absent), for 缓存列表. */
  entries(): readonly (readonly [string, string | null])[] {
    return [...this.values.entries()];
  }

  /** One announcement: the changed key, or `*` (the table truncated) for every key. */
  notify(payload: string): void {
    this.generation += 1;
    if (payload === '*') this.values.clear();
    else this.values.delete(payload);
    this.events.emit('notice', payload);
  }

  /** The listener started (`true`) or stopped (`false`) listening: either way, start again. */
  listening(on: boolean): void {
    this.clear();
    this.serving = on;
    this.events.emit('listening', on);
  }
}

/**
 * The configs with `valueOf` read through the cache; everything else as the repository does it.
 * A write through them also forgets every kept value at once, so the instance that made a change
 * reads it on its next request without waiting for the database's announcement to arrive.
 */
export function cachedConfigs(configs: ConfigRepository, cache: ConfigCache): ConfigRepository {
  const thenForget = async <T>(write: Promise<T>): Promise<T> => {
    try {
      return await write;
    } finally {
      cache.clear();
    }
  };
  return {
    list: (query) => configs.list(query),
    findById: (configId) => configs.findById(configId),
    valueOf: (configKey) => cache.valueOf(configKey, (key) => configs.valueOf(key)),
    create: (config) => thenForget(configs.create(config)),
    update: (configId, patch) => thenForget(configs.update(configId, patch)),
    delete: (configIds) => thenForget(configs.delete(configIds)),
  };
}
