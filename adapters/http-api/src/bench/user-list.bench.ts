import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import express from 'express';
import { createPlatformRepositories } from '@dpms/sql';
import { openTestDatabase } from '@dpms/sql/testing';
import { createApp } from '../app.js';
import { buildContainer } from '../composition/modules.js';
import { DEFAULT_JSON_LIMIT } from '../composition/server-config.js';
import { createLogger } from '../http/logger.js';
import { systemClock } from '../identity/clock.js';

const USERS = 10_000;
const CONCURRENCY = 8;
const DURATION_MS = Number(process.env['BENCH_DURATION_MS'] ?? 5000);

interface Result {
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
}

/** Closed-loop load: CONCURRENCY clients each sending the next request when the last returns. */
async function load(url: string, headers: Record<string, string>): Promise<Result> {
  const latencies: number[] = [];
  const end = Date.now() + DURATION_MS;
  const client = async () => {
    while (Date.now() < end) {
      const t = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      latencies.push(performance.now() - t);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
  };
}

function listen(app: express.Express): Promise<{ server: Server; base: string }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    });
  });
}

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

  const bareApp = express();
  bareApp.get('/bare', (_req, res) => {
    res.json(sample);
  });
  const bare = await listen(bareApp);

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
    ratio: { rps: listResult.rps / bareResult.rps, p99: listResult.p99 / bareResult.p99 },
  };
  const dir = path.resolve('bench-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'http-api-user-list.json'), JSON.stringify(report, null, 2));
  const f = (n: number) => n.toFixed(1);
  const md = [
    `# GET /system/user/list (20 of ${USERS} users, PGlite) vs a bare Express JSON endpoint`,
    '',
    `${CONCURRENCY} concurrent clients, ${DURATION_MS} ms each, same process and machine.`,
    '',
    '| endpoint | requests/s | p50 ms | p99 ms |',
    '|---|---|---|---|',
    `| bare Express | ${f(bareResult.rps)} | ${f(bareResult.p50)} | ${f(bareResult.p99)} |`,
    `| /system/user/list | ${f(listResult.rps)} | ${f(listResult.p50)} | ${f(listResult.p99)} |`,
    `| /system/config/configKey/platformName (session check + 1 read) | ${f(configResult.rps)} | ${f(configResult.p50)} | ${f(configResult.p99)} |`,
    `| ratio | ${report.ratio.rps.toFixed(3)} | | ${report.ratio.p99.toFixed(1)}× |`,
    '',
  ].join('\n');
  writeFileSync(path.join(dir, 'http-api-user-list.md'), md);
  console.warn(md);
  await new Promise<void>((r) => api.server.close(() => r()));
  await new Promise<void>((r) => bare.server.close(() => r()));
  await database.close();
}
