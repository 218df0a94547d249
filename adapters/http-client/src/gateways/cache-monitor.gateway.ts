import {
  cacheInfoAnswer,
  cacheKeysAnswer,
  cacheNamesAnswer,
  cacheValueAnswer,
  systemDoneAnswer,
  type CacheInfo,
  type CacheNameRecord,
} from '@dpms/wire';
import type { HttpClient, WriteOptions } from '../client.js';
import { ParsedCalls } from './parsed-calls.js';

export type { CacheInfo };
export type CacheName = CacheNameRecord;

const base = '/monitor/cache';
const part = encodeURIComponent;

/**
 * 缓存监控 and 缓存列表 (RuoYi's /monitor/cache wire): the caches the API keeps, their whole keys
 * (`login_tokens:<session id>`), an entry's JSON, and 清理, which only makes the API read again.
 */
export class CacheMonitorGateway {
  private readonly calls: ParsedCalls;
  constructor(http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }
  info(): Promise<CacheInfo> {
    return this.calls.get(cacheInfoAnswer, base, {});
  }
  names(): Promise<CacheName[]> {
    return this.calls.get(cacheNamesAnswer, `${base}/getNames`, {});
  }
  keys(cacheName: string): Promise<string[]> {
    return this.calls.get(cacheKeysAnswer, `${base}/getKeys/${part(cacheName)}`, {});
  }
  /** The entry's JSON, or null when it is no longer cached. */
  async value(cacheName: string, cacheKey: string): Promise<string | null> {
    const path = `${base}/getValue/${part(cacheName)}/${part(cacheKey)}`;
    return (await this.calls.get(cacheValueAnswer, path, {})).cacheValue;
  }
  async clearName(cacheName: string, options?: WriteOptions): Promise<void> {
    await this.calls.remove(systemDoneAnswer, `${base}/clearCacheName/${part(cacheName)}`, options);
  }
  async clearKey(cacheKey: string, options?: WriteOptions): Promise<void> {
    await this.calls.remove(systemDoneAnswer, `${base}/clearCacheKey/${part(cacheKey)}`, options);
  }
  async clearAll(options?: WriteOptions): Promise<void> {
    await this.calls.remove(systemDoneAnswer, `${base}/clearCacheAll`, options);
  }
}
