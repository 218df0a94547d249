import { getHeapStatistics } from 'node:v8';
import { ruoyiTimestamp } from '@dpms/core';
import type { CacheInfo, CacheNameRecord } from '@dpms/wire';
import type { ConfigCache } from '../config/config-cache.js';
import type { IdentityCache } from '../identity/identity-cache.js';

/**
 * One cache of this process as 缓存列表 shows it: RuoYi names a cache by its Redis key prefix
 * (`login_tokens:`) and an entry by the whole key (`login_tokens:<id>`); `keys` answers the part
 * after the prefix.
 */
interface NamedCache {
  readonly name: string;
  readonly remark: string;
  size(): number;
  hits(): number;
  misses(): number;
  keys(): readonly string[];
  /** What the entry holds, for the value panel; never a token, a hash or any secret. */
  value(key: string, zone: string): object | undefined;
  /** Drops one entry, or every one; the next request reads it again from the database. */
  drop(key?: string): void;
}

/** RuoYi's `yyyy-MM-dd HH:mm:ss` on the institute's clock (a Date is always a valid instant). */
const instant = (at: Date, zone: string): string => ruoyiTimestamp(at.toISOString(), zone) ?? '';

const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)}M`;

/**
 * The caches this API keeps, under RuoYi's names where they mean the same thing: the identity
 * cache (sessions and role grants) and, when given, the config cache (参数设置's values).
 * Dictionaries, captchas and failed-login counters are read from the database at each use (so
 * RuoYi's sys_dict:, captcha_codes: and pwd_err_cnt: are absent rather than shown empty), and
 * RuoYi's repeat_submit: and rate_limit: have no counterpart.
 *
 * 清理 only empties this process's copy, which refills from the database on the next request:
 * nobody is signed out (sessions live in the database; 在线用户's 强退 ends one on every
 * instance). Other instances need no clearing, since each hears every change the database
 * announces (identity-cache.ts).
 */
export class CacheCatalogue {
  private readonly caches: readonly NamedCache[];

  constructor(
    private readonly identity: IdentityCache,
    private readonly configs?: ConfigCache,
  ) {
    this.caches = [
      {
        name: 'login_tokens:',
        remark: '用户信息（会话）',
        size: () => identity.sizes().sessions,
        hits: () => identity.stats().sessionHits,
        misses: () => identity.stats().sessionMisses,
        keys: () => identity.sessionEntries().map((e) => e.session.sessionId),
        value: (key, zone) => {
          const entry = identity.sessionEntries().find((e) => e.session.sessionId === key);
          if (!entry) return undefined;
          const { session, cred } = entry;
          return {
            tokenId: session.sessionId,
            userId: session.userId,
            userName: cred.userName,
            roleId: session.roleId,
            ipaddr: session.ip,
            userAgent: session.userAgent,
            loginTime: instant(session.createdAt, zone),
            lastAccessTime: instant(session.lastSeenAt, zone),
            expireTime: instant(session.expiresAt, zone),
          };
        },
        drop: (key) => identity.dropSessions(key),
      },
      {
        name: 'role_grants:',
        remark: '角色授权（权限与数据范围）',
        size: () => identity.sizes().grants,
        hits: () => identity.stats().grantHits,
        misses: () => identity.stats().grantMisses,
        keys: () => identity.grantEntries().map(([roleId]) => String(roleId)),
        value: (key) => {
          const found = identity.grantEntries().find(([roleId]) => String(roleId) === key);
          if (!found) return undefined;
          const [roleId, grant] = found;
          // null: the role was read and is missing or disabled, so it grants nothing.
          if (grant === null) return { roleId, grants: null };
          return {
            roleId,
            roleKey: grant.role.roleKey,
            roleName: grant.role.roleName,
            status: grant.role.status,
            dataScope: grant.role.dataScope,
            permissions: grant.permissions,
            customDeptIds: grant.customDeptIds,
          };
        },
        drop: (key) => {
          if (key === undefined) identity.dropGrants();
          else if (/^\d+$/.test(key)) identity.dropGrants(Number(key));
        },
      },
      ...(configs ? [configCacheOf(configs)] : []),
    ];
  }

  names(): CacheNameRecord[] {
    return this.caches.map((c) => ({
      cacheName: c.name,
      cacheKey: '',
      cacheValue: '',
      remark: c.remark,
      size: c.size(),
      hits: c.hits(),
      misses: c.misses(),
    }));
  }

  /** A cache's whole keys, sorted (RuoYi answers a TreeSet); none for a name not kept here. */
  keys(cacheName: string): string[] {
    const cache = this.caches.find((c) => c.name === cacheName);
    return cache
      ? cache
          .keys()
          .map((k) => cache.name + k)
          .sort()
      : [];
  }

  /** The entry under a whole key, as JSON, or null when it is not (or no longer) cached. */
  value(cacheKey: string, zone: string): string | null {
    const cache = this.owner(cacheKey);
    const v = cache?.value(cacheKey.slice(cache.name.length), zone);
    return v === undefined ? null : JSON.stringify(v);
  }

  remarkOf(cacheName: string): string {
    return this.caches.find((c) => c.name === cacheName)?.remark ?? '';
  }

  clearName(cacheName: string): void {
    this.caches.find((c) => c.name === cacheName)?.drop();
  }

  clearKey(cacheKey: string): void {
    const cache = this.owner(cacheKey);
    cache?.drop(cacheKey.slice(cache.name.length));
  }

  clearAll(): void {
    for (const c of this.caches) c.drop();
  }

  /**
   * 缓存监控's figures: RuoYi's Redis `info` keys filled with what they mean for this process
   * (its heap, uptime and CPU; whether the cache serves), the entries as `dbSize`, and the hits
   * and misses as `commandStats` for the pie chart.
   */
  info(): CacheInfo {
    const names = this.names();
    const sizes = this.identity.sizes();
    const heap = process.memoryUsage().heapUsed;
    const cpuUser = (process.cpuUsage().user / 1e6).toFixed(2);
    return {
      info: {
        redis_version: `无（进程内缓存，Node.js ${process.version}）`,
        redis_mode: this.identity.active ? '随数据库通知更新' : '未监听数据库通知，暂不缓存',
        tcp_port: '-',
        connected_clients: '-',
        uptime_in_days: String(Math.floor(process.uptime() / 86_400)),
        used_memory_human: megabytes(heap),
        maxmemory_human: megabytes(getHeapStatistics().heap_size_limit),
        // This process's own CPU seconds; RuoYi's 缓存监控 page reads `used_cpu_user_children`
        // (ruoyi-ui 3.9.2), so it carries the same figure under that key too.
        used_cpu_user: cpuUser,
        used_cpu_user_children: cpuUser,
        aof_enabled: '0',
        rdb_last_bgsave_status: '-',
        instantaneous_input_kbps: '-',
        instantaneous_output_kbps: '-',
      },
      dbSize: names.reduce((n, c) => n + c.size, 0),
      commandStats: names.flatMap((c) => [
        { name: `${c.cacheName}命中`, value: String(c.hits) },
        { name: `${c.cacheName}未命中`, value: String(c.misses) },
      ]),
      caches: names,
      identityCache: { ...sizes, serving: this.identity.active },
    };
  }

  private owner(cacheKey: string): NamedCache | undefined {
    return this.caches.find((c) => cacheKey.startsWith(c.name));
  }
}

/**
 * Config keys whose value is a secret (a mail password, an API key, the initial password
 * `sys.user.initPassword`): 缓存列表 shows their value masked. Core's read policy (read-policy.ts)
 * decides who may read a config, not which are secret, so the rule is written here, where the
 * value panel shows configs to anyone holding monitor:cache:list.
 */
const SECRET_CONFIG_KEY = /password|secret|key|token/i;

/** What 缓存列表 shows in place of a secret config's value. */
export const MASKED_CONFIG_VALUE = '******';

/**
 * 参数设置's values as RuoYi's `sys_config:` cache: the key, and the value kept for it (masked
 * for a key that looks secret, see SECRET_CONFIG_KEY).
 */
const configCacheOf = (configs: ConfigCache): NamedCache => ({
  name: 'sys_config:',
  remark: '配置信息',
  size: () => configs.stats().size,
  hits: () => configs.stats().hits,
  misses: () => configs.stats().misses,
  keys: () => configs.entries().map(([key]) => key),
  value: (key) => {
    const found = configs.entries().find(([k]) => k === key);
    if (!found) return undefined;
    const [configKey, configValue] = found;
    return {
      configKey,
      configValue:
        SECRET_CONFIG_KEY.test(configKey) && configValue !== null ? MASKED_CONFIG_VALUE : configValue,
    };
  },
  drop: (key) => (key === undefined ? configs.clear() : configs.forget(key)),
});
