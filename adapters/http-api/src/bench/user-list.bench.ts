import path from 'node:path';
import { createPlatformRepositories } from '@dpms/sql';
import { openTestDatabase } from '@dpms/sql/testing';
import { createApp } from '../app.js';
import { buildContainer } from '../composition/modules.js';
import { DEFAULT_JSON_LIMIT } from '../composition/server-config.js';
import { createLogger } from '../http/logger.js';
import { systemClock } from '../identity/clock.js';
import {
  close,
  listen,
  listenBare,
  loadGet,
  ratio,
  ratioRow,
  resultRow,
  writeReport,
} from './bench-harness.js';

const USERS = 10_000;
const CONCURRENCY = 8;
const DURATION_MS = Number(process.env['BENCH_DURATION_MS'] ?? 5000);

const load = (url: string, headers: Record<string, string>) =>
  loadGet(url, headers, CONCURRENCY, DURATION_MS);

/**
 * `GET /system/user/list` (20 rows of 10,000 users, as admin, embedded PGlite) against a bare
 * Express JSON endpoint answering a page of the same shape, measured side by side in one run.
 * Writes bench-results/http-api-user-list.{json,md}.
 */
export async function main(): Promise<void> {
  const database = await openTestDatabase('pglite');
  const depts = [110, 111, 112, 113, 114, 115, 102, 103];
  for (let start = 0; start < USERS; start += 1000) {
    await database.db
      .insertInto('sys_user')
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          user_name: `bench${start + i}`,
          nick_name: `压测用户${start + i}`,
          dept_id: depts[(start + i) % depts.length]!,
          password: 'x',
        })),
      )
      .execute();
  }
  const container = buildContainer({
    config: {
      port: 0,
      dataDir: path.join(database.dataDir ?? '.', '..', 'api'),
      databaseUrl: undefined,
      production: false,
      jsonLimitBytes: DEFAULT_JSON_LIMIT,
      webDir: undefined,
      domainURL: undefined,
    },
    logger: createLogger('silent'),
    repos: createPlatformRepositories(database.db),
    jwtSecret: 'bench-secret-bench-secret-bench-secret-012345',
    clock: systemClock,
  });
  const api = await listen(createApp(container).app);
  const login = await fetch(`${api.base}/prod-api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  const { token } = (await login.json()) as { token: string };
  const listUrl = `${api.base}/prod-api/system/user/list?pageNum=1&pageSize=20`;
  const sample = await (
    await fetch(listUrl, { headers: { Authorization: `Bearer ${token}` } })
  ).json();

  const bare = await listenBare(sample);

  await load(`${bare.base}/bare`, {}); // warm-up
  const bareResult = await load(`${bare.base}/bare`, {});
  await load(listUrl, { Authorization: `Bearer ${token}` });
  const listResult = await load(listUrl, { Authorization: `Bearer ${token}` });
  // The cost of the session check alone: an authenticated read of one config value.
  const configResult = await load(`${api.base}/prod-api/system/config/configKey/platformName`, {
    Authorization: `Bearer ${token}`,
  });

  const report = {
    when: new Date().toISOString(),
    users: USERS,
    concurrency: CONCURRENCY,
    durationMs: DURATION_MS,
    bareExpress: bareResult,
    userList: listResult,
    authenticatedConfigRead: configResult,
    ratio: ratio(listResult, bareResult),
  };
  const md = [
    `# GET /system/user/list (20 of ${USERS} users, PGlite) vs a bare Express JSON endpoint`,
    '',
    `${CONCURRENCY} concurrent clients, ${DURATION_MS} ms each, same process and machine.`,
    '',
    '| endpoint | requests/s | p50 ms | p99 ms |',
    '|---|---|---|---|',
    resultRow('bare Express', bareResult),
    resultRow('/system/user/list', listResult),
    resultRow('/system/config/configKey/platformName (session check + 1 read)', configResult),
    ratioRow(report.ratio),
    '',
  ].join('\n');
  writeReport('http-api-user-list', report, md);
  await close(api);
  await close(bare);
  await database.close();
}
