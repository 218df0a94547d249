/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKENS } from '../composition/tokens.js';
import type { IdentityCache } from '../identity/identity-cache.js';
import { apiClient } from '../test-support/api-client.js';
import { openTestApi, testDatabaseKinds, type TestApi } from '../test-support/api.js';

interface RouterNode {
  path: string;
  component?: string;
  perms?: string;
  children?: RouterNode[];
}

const SESSIONS = 'login_tokens:';
const GRANTS = 'role_grants:';
const CONFIGS = 'sys_config:';

describe.each(testDatabaseKinds())('缓存监控 and 缓存列表 on %s', (kind) => {
  let api: TestApi;
  let cache: IdentityCache;
  const { as, get, post, del, okData, bodyOf, refused, signIn } = apiClient(() => api);
  /** The session id a signed-in user's token names (its `sid` claim). */
  const sessionOf = (user: string): string => {
    const jwt = as(user).Authorization.replace('Bearer ', '');
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString());
    return claims.sid as string;
  };
  const keysOf = async (name: string): Promise<string[]> =>
    okData(get('admin', `/monitor/cache/getKeys/${name}`));

  beforeAll(async () => {
    api = await openTestApi(kind);
    cache = api.container.get(TOKENS.IdentityCache);
    await signIn('admin', 'xmjl');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it("names RuoYi's login_tokens: and our role_grants:, with their sizes", async () => {
    await get('xmjl', '/getInfo').expect(200);
    const names = await okData(get('admin', '/monitor/cache/getNames'));
    expect(names.map((n: { cacheName: string }) => n.cacheName)).toEqual([
      SESSIONS,
      GRANTS,
      CONFIGS,
    ]);
    const sessions = names.find((n: { cacheName: string }) => n.cacheName === SESSIONS);
    expect(sessions.remark).toContain('用户信息');
    expect(sessions.size).toBe(cache.sizes().sessions);
    expect(sessions.size).toBeGreaterThanOrEqual(2);
  });

  it('lists sessions by session id, and a value names the user without any secret', async () => {
    await get('xmjl', '/getInfo').expect(200);
    const keys = await keysOf(SESSIONS);
    const key = SESSIONS + sessionOf('xmjl');
    expect(keys).toContain(key);
    expect(keys).toContain(SESSIONS + sessionOf('admin'));
    expect(keys).toEqual([...keys].sort());
    const v = await okData(get('admin', `/monitor/cache/getValue/${SESSIONS}/${key}`));
    expect(v).toMatchObject({ cacheName: SESSIONS, cacheKey: key });
    const value = JSON.parse(v.cacheValue);
    expect(value).toMatchObject({ tokenId: sessionOf('xmjl'), userName: 'xmjl' });
    expect(value.loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const token = as('xmjl').Authorization.replace('Bearer ', '');
    for (const secret of [token, token.split('.')[2], 'password', '$2', '$argon'])
      expect(v.cacheValue).not.toContain(secret);
    const grants = await keysOf(GRANTS);
    expect(grants.length).toBeGreaterThanOrEqual(1);
    const g = await okData(get('admin', `/monitor/cache/getValue/${GRANTS}/${grants[0]}`));
    expect(JSON.parse(g.cacheValue).roleId).toBe(Number(grants[0]?.slice(GRANTS.length)));
  });

  it('answers a null value for a key no longer cached, and no keys for a name not kept here', async () => {
    const v = await okData(
      get(
        'admin',
        `/monitor/cache/getValue/${SESSIONS}/${SESSIONS}00000000-0000-4000-8000-000000000000`,
      ),
    );
    expect(v.cacheValue).toBeNull();
    expect(await keysOf('sys_dict:')).toEqual([]);
  });

  it('clearing a name empties it; it refills from the database and nobody is signed out', async () => {
    await get('xmjl', '/getInfo').expect(200);
    const xmjl = SESSIONS + sessionOf('xmjl');
    expect(await keysOf(SESSIONS)).toContain(xmjl);
    await okData(del('admin', `/monitor/cache/clearCacheName/${SESSIONS}`));
    expect(cache.sizes().sessions).toBe(0);
    // The asking request itself reads the admin's session back; xmjl's waits for xmjl.
    expect(await keysOf(SESSIONS)).toEqual([SESSIONS + sessionOf('admin')]);
    await get('xmjl', '/getInfo').expect(200);
    expect(await keysOf(SESSIONS)).toContain(xmjl);
  });

  it('lists 参数设置’s kept values as sys_config:; clearing it sends the next read to the database', async () => {
    const configs = api.container.get(TOKENS.ConfigCache);
    const zoneKey = `${CONFIGS}sys.institute.timeZone`;
    // A value panel reads the institute's zone, through the config cache.
    await okData(
      get('admin', `/monitor/cache/getValue/${SESSIONS}/${SESSIONS + sessionOf('admin')}`),
    );
    expect(await keysOf(CONFIGS)).toContain(zoneKey);
    const v = await okData(get('admin', `/monitor/cache/getValue/${CONFIGS}/${zoneKey}`));
    expect(JSON.parse(v.cacheValue)).toEqual({
      configKey: 'sys.institute.timeZone',
      configValue: 'Asia/Shanghai',
    });
    const misses = configs.stats().misses;
    await okData(del('admin', `/monitor/cache/clearCacheName/${CONFIGS}`));
    expect(configs.stats().size).toBe(0);
    await okData(
      get('admin', `/monitor/cache/getValue/${SESSIONS}/${SESSIONS + sessionOf('admin')}`),
    );
    expect(configs.stats().misses).toBe(misses + 1);
  });

  it('shows a secret config (sys.user.initPassword) masked, never its value', async () => {
    const secret = 'Init-Pa55-31415';
    const key = 'sys.user.initPassword';
    await okData(
      post('admin', '/system/config', {
        configName: '用户管理-账号初始密码',
        configKey: key,
        configValue: secret,
        configType: 'Y',
      }),
    );
    // Reading the value through 参数设置 puts it in the config cache. The insert's own change
    // notice may come after a first read and drop it again: read until it stays.
    await expect
      .poll(async () => {
        const read = await bodyOf(get('admin', `/system/config/configKey/${key}`), 200);
        expect(read.msg).toBe(secret);
        return keysOf(CONFIGS);
      })
      .toContain(CONFIGS + key);
    const v = await okData(get('admin', `/monitor/cache/getValue/${CONFIGS}/${CONFIGS + key}`));
    expect(JSON.parse(v.cacheValue)).toEqual({ configKey: key, configValue: '******' });
    expect(v.cacheValue).not.toContain(secret);
  });

  it('clearing a key drops that entry only; clearing all empties every cache', async () => {
    await get('xmjl', '/getInfo').expect(200);
    const xmjl = SESSIONS + sessionOf('xmjl');
    await okData(del('admin', `/monitor/cache/clearCacheKey/${xmjl}`));
    const keys = await keysOf(SESSIONS);
    expect(keys).not.toContain(xmjl);
    expect(keys).toContain(SESSIONS + sessionOf('admin'));
    expect(cache.sizes().grants).toBeGreaterThanOrEqual(1);
    await okData(del('admin', '/monitor/cache/clearCacheAll'));
    expect(cache.sizes()).toEqual({ sessions: 0, grants: 0 });
    await get('xmjl', '/getInfo').expect(200);
    expect(cache.sizes().sessions).toBeGreaterThanOrEqual(1);
    expect(cache.sizes().grants).toBeGreaterThanOrEqual(1);
  });

  it('缓存监控 fills RuoYi’s info, dbSize and commandStats from the caches', async () => {
    // Its own state: xmjl's session and grant, and the zone config (a value panel reads it).
    await get('xmjl', '/getInfo').expect(200);
    await okData(
      get('admin', `/monitor/cache/getValue/${SESSIONS}/${SESSIONS + sessionOf('admin')}`),
    );
    const d = await okData(get('admin', '/monitor/cache'));
    expect(d.identityCache.serving).toBe(true);
    const sizes = Object.fromEntries(
      d.caches.map((c: { cacheName: string; size: number }) => [c.cacheName, c.size]),
    );
    expect(sizes[CONFIGS]).toBeGreaterThanOrEqual(1);
    expect(d.dbSize).toBe(d.caches.reduce((n: number, c: { size: number }) => n + c.size, 0));
    expect(d.dbSize).toBe(d.identityCache.sessions + d.identityCache.grants + sizes[CONFIGS]);
    expect(d.info.used_memory_human).toMatch(/^\d+\.\d{2}M$/);
    expect(Number.isInteger(Number(d.info.uptime_in_days))).toBe(true);
    expect(d.info.used_cpu_user).toMatch(/^\d+\.\d{2}$/);
    expect(d.info.used_cpu_user_children).toBe(d.info.used_cpu_user);
    const stats = Object.fromEntries(
      d.commandStats.map((s: { name: string; value: string }) => [s.name, Number(s.value)]),
    );
    expect(stats[`${SESSIONS}命中`]).toBeGreaterThan(0);
    expect(stats[`${SESSIONS}未命中`]).toBeGreaterThan(0);
    expect(Object.keys(stats)).toContain(`${GRANTS}命中`);
  });

  it('refuses every cache route without monitor:cache:list', async () => {
    await get('xmjl', '/getInfo').expect(200);
    const xmjl = SESSIONS + sessionOf('xmjl');
    await refused(get('xmjl', '/monitor/cache'), 403);
    await refused(get('xmjl', '/monitor/cache/getNames'), 403);
    await refused(get('xmjl', `/monitor/cache/getKeys/${SESSIONS}`), 403);
    await refused(get('xmjl', `/monitor/cache/getValue/${SESSIONS}/${xmjl}`), 403);
    await refused(del('xmjl', `/monitor/cache/clearCacheKey/${xmjl}`), 403);
    await refused(del('xmjl', `/monitor/cache/clearCacheName/${SESSIONS}`), 403);
    await refused(del('xmjl', '/monitor/cache/clearCacheAll'), 403);
    expect(await keysOf(SESSIONS)).toContain(xmjl);
  });

  it("is 系统监控 > 缓存监控 and 缓存列表 in the administrator's menu", async () => {
    const routers = await okData(get('admin', '/getRouters'));
    const monitor = routers.find((n: RouterNode) => n.path === '/monitor');
    const pages = Object.fromEntries(
      monitor.children.map((c: RouterNode) => [c.path, c.component]),
    );
    expect(pages).toMatchObject({
      cache: 'monitor/cache/index',
      cacheList: 'monitor/cache/list',
    });
  });
});
