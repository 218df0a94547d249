import type { KyselyPlugin } from 'kysely';
import { CONFIG_KEYS } from '@dpms/core';
import { createPlatformRepositories } from '@dpms/sql';
import { openTestDatabase } from '@dpms/sql/testing';
import { IdentityCache, IDENTITY_CHANNEL } from '../identity/identity-cache.js';
import { IdentityService } from '../identity/identity.service.js';
import { PasswordHasher } from '../identity/password-hasher.js';
import { TokenService } from '../identity/token-service.js';
import { systemClock } from '../identity/clock.js';
import { closedLoop, fmt, resultRow, writeReport, type BenchResult } from './bench-harness.js';

const CONCURRENCY = 8;
const DURATION_MS = Number(process.env['BENCH_DURATION_MS'] ?? 5000);
/** Each side runs in this many alternating slices, so a busy machine slows both alike. */
const SLICES = 5;

/**
 * The session check alone (`authenticate`, no HTTP), on the embedded PostgreSQL server: with the
 * identity cache listening (a known session costs no query) against the same service whose cache
 * has no listener (every check reads the session, the user and the role's grant), in alternating
 * slices of one run. Also counts the statements one check sends. Writes
 * bench-results/http-api-identity.{json,md}.
 */
export async function main(): Promise<void> {
  const database = await openTestDatabase('embedded');
  let queries = 0;
  const counting: KyselyPlugin = {
    transformQuery: (args) => {
      queries += 1;
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  const repos = createPlatformRepositories(database.db.withPlugin(counting));
  const tokens = new TokenService('bench-secret-bench-secret-bench-secret-012345');
  const hasher = new PasswordHasher();
  const cache = new IdentityCache();
  const listening = new Promise<void>((r) => cache.events.once('listening', () => r()));
  database.listen(IDENTITY_CHANNEL, cache);
  await listening;
  const cached = new IdentityService(repos, hasher, tokens, systemClock, cache);
  const fresh = new IdentityService(repos, hasher, tokens, systemClock);
  const client = { ip: '127.0.0.1', userAgent: 'bench' };
  // xmjl: a role with menus, so a fresh check reads the grant as any non-admin does.
  await database.db
    .updateTable('sys_config')
    .set({ config_value: 'false' })
    .where('config_key', '=', CONFIG_KEYS.captchaEnabled)
    .execute();
  const token = await cached.login({ username: 'xmjl', password: 'admin123' }, client);

  const perCheck = async (service: IdentityService) => {
    await service.authenticate(token);
    const before = queries;
    await service.authenticate(token);
    return queries - before;
  };
  const queriesCached = await perCheck(cached);
  const queriesFresh = await perCheck(fresh);

  const slice = (service: IdentityService) =>
    closedLoop(CONCURRENCY, DURATION_MS / SLICES, () => async () => {
      await service.authenticate(token);
    });
  const on: BenchResult[] = [];
  const off: BenchResult[] = [];
  await slice(cached); // warm-up
  for (let i = 0; i < SLICES; i++) {
    on.push(await slice(cached));
    off.push(await slice(fresh));
  }
  const total = (runs: BenchResult[]): BenchResult => {
    const rps = runs.reduce((s, r) => s + r.rps, 0) / runs.length;
    const mid = (k: 'p50' | 'p99') => [...runs].sort((a, b) => a[k] - b[k])[runs.length >> 1]![k];
    return {
      requests: runs.reduce((s, r) => s + r.requests, 0),
      rps,
      p50: mid('p50'),
      p99: mid('p99'),
    };
  };
  const withCache = total(on);
  const withoutCache = total(off);
  const report = {
    when: new Date().toISOString(),
    concurrency: CONCURRENCY,
    durationMs: DURATION_MS,
    queriesPerCheck: { cached: queriesCached, fresh: queriesFresh },
    withCache,
    withoutCache,
    ratio: withCache.rps / withoutCache.rps,
  };
  const md = [
    '# The session check alone (authenticate, embedded PostgreSQL): identity cache on vs off',
    '',
    `${CONCURRENCY} concurrent loops, ${DURATION_MS} ms each side in ${SLICES} alternating slices.`,
    '',
    '| session check | statements | checks/s | p50 ms | p99 ms |',
    '|---|---|---|---|---|',
    resultRow(`cache listening | ${queriesCached}`, withCache),
    resultRow(`no listener (read fresh) | ${queriesFresh}`, withoutCache),
    `| cached / fresh | | ${fmt(report.ratio)}× | | |`,
    '',
  ].join('\n');
  writeReport('http-api-identity', report, md);
  await database.close();
}
