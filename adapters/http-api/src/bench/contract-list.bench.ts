import path from 'node:path';
import { sql } from 'kysely';
import { createPlatformRepositories } from '@dpms/sql';
import { insertGeneratedContracts, openTestDatabase } from '@dpms/sql/testing';
import { createApp } from '../app.js';
import { buildContainer } from '../composition/modules.js';
import { DEFAULT_JSON_LIMIT } from '../composition/server-config.js';
import { createLogger } from '../http/logger.js';
import { systemClock } from '../identity/clock.js';
import {
  close,
  fmt,
  listen,
  listenBare,
  loadGet,
  ratio,
  ratioRow,
  resultRow,
  writeReport,
} from './bench-harness.js';

const CONTRACTS = 100_000;
const CONCURRENCY = 8;
const DURATION_MS = Number(process.env['BENCH_DURATION_MS'] ?? 5000);

const load = (url: string, headers: Record<string, string>) =>
  loadGet(url, headers, CONCURRENCY, DURATION_MS);

/**
 * `GET /v4/contract/list` (20 rows of 100,000 generated contracts, filtered by source and sorted
 * by amount, as admin, embedded PGlite) against a bare Express endpoint answering the same page,
 * side by side in one run; then a 100,000-row `GET /v4/contract/export`, its time and the
 * process's peak memory while it streams. Writes bench-results/http-api-contract-list.{json,md}.
 */
export async function main(): Promise<void> {
  const database = await openTestDatabase('pglite');
  await insertGeneratedContracts(database.db, CONTRACTS);
  // Every generated contract in the two stages /v4/contract/list and its export read.
  await sql`update contract set stage = case when contract_id % 2 = 0 then 'contract' else 'formal' end,
    status = case when contract_id % 2 = 0 then -1 else 1 end
    where create_by = 'gen'`.execute(database.db);
  await sql`vacuum analyze contract`.execute(database.db);
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
    db: database.db,
  });
  const api = await listen(createApp(container).app);
  const login = await fetch(`${api.base}/prod-api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const listUrl =
    `${api.base}/prod-api/v4/contract/list?pageNum=3&pageSize=20&stage=formal&bizSource=2` +
    '&orderByColumn=totalAmount&isAsc=desc';
  const sampleRes = await fetch(listUrl, { headers: auth });
  const sample = (await sampleRes.json()) as { total: number; rows: unknown[] };
  if (sample.rows.length !== 20) throw new Error(`expected 20 rows, got ${sample.rows.length}`);

  const bare = await listenBare(sample);

  await load(`${bare.base}/bare`, {}); // warm-up
  const bareResult = await load(`${bare.base}/bare`, {});
  await load(listUrl, auth);
  const listResult = await load(listUrl, auth);

  // The export: streamed to a client that counts bytes; memory sampled while it runs.
  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const t0 = performance.now();
  const res = await fetch(`${api.base}/prod-api/v4/contract/export`, { headers: auth });
  if (res.status !== 200 || res.body === null) throw new Error(`export: ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const exportMs = performance.now() - t0;
  clearInterval(sampler);
  const exported = Number(
    (
      await database.db
        .selectFrom('contract')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('stage', 'in', ['contract', 'formal'])
        .where('del_flag', '=', '0')
        .executeTakeFirstOrThrow()
    ).n,
  );

  const mb = (n: number) => n / 1024 / 1024;
  const report = {
    when: new Date().toISOString(),
    contracts: CONTRACTS,
    concurrency: CONCURRENCY,
    durationMs: DURATION_MS,
    bareExpress: bareResult,
    contractList: listResult,
    ratio: ratio(listResult, bareResult),
    export: {
      rows: exported,
      ms: exportMs,
      bytes,
      rssBeforeMb: mb(before.rss),
      peakRssMb: mb(peakRss),
      peakRssGrowthMb: mb(peakRss - before.rss),
      heapBeforeMb: mb(before.heapUsed),
      peakHeapMb: mb(peakHeap),
    },
  };
  const f = fmt;
  const md = [
    `# GET /v4/contract/list (20 of ${CONTRACTS} contracts, filtered and sorted, PGlite) vs a bare Express JSON endpoint`,
    '',
    `${CONCURRENCY} concurrent clients, ${DURATION_MS} ms each, same process and machine.`,
    '',
    '| endpoint | requests/s | p50 ms | p99 ms |',
    '|---|---|---|---|',
    resultRow('bare Express', bareResult),
    resultRow('/v4/contract/list', listResult),
    ratioRow(report.ratio),
    '',
    `## GET /v4/contract/export (${exported} rows, streamed .xlsx)`,
    '',
    `${f(exportMs / 1000)} s, ${f(mb(bytes))} MB; process RSS ${f(mb(before.rss))} → peak ${f(mb(peakRss))} MB (+${f(mb(peakRss - before.rss))} MB), heap peak ${f(mb(peakHeap))} MB.`,
    '',
  ].join('\n');
  writeReport('http-api-contract-list', report, md);
  await close(api);
  await close(bare);
  await database.close();
}
