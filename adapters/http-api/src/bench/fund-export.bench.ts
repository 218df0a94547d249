import path from 'node:path';
import { sql } from 'kysely';
import { createPlatformRepositories } from '@dpms/sql';
import { openTestDatabase } from '@dpms/sql/testing';
import { createApp } from '../app.js';
import { buildContainer } from '../composition/modules.js';
import { DEFAULT_JSON_LIMIT } from '../composition/server-config.js';
import { createLogger } from '../http/logger.js';
import { systemClock } from '../identity/clock.js';
import { close, fmt, listen, writeReport } from './bench-harness.js';

const LOANS = 100_000;

/**
 * The largest export of the fund lists: `GET /contract/loan/export` (11 columns, against 9 for
 * back money and 6 for repayments) over 100,000 generated loans with their balances, as admin on
 * embedded PGlite: its time and the process's peak memory while it streams.
 * Writes bench-results/http-api-fund-export.{json,md}.
 */
export async function main(): Promise<void> {
  const database = await openTestDatabase('pglite');
  const dept = await database.db
    .selectFrom('sys_dept')
    .select('dept_id')
    .where('dept_name', '=', '建筑一所')
    .executeTakeFirstOrThrow();
  // Approved loans, a third of them partly repaid; the export reads each one's owed balance.
  await sql`insert into fund_loan (loan_dept_id, loan_amount, repaid_amount, refund_date, reason,
      total_should_receive_amt, total_receive_amt, total_allot_confirm_amt, status, user_id,
      create_by, approved_time)
    select ${dept.dept_id}, (1000 + g % 9000) / 100.0, case when g % 3 = 0 then 1 else 0 end,
      date '2026-12-31', '生成借款 ' || g, 5000, 1200, 800, 2, 1, 'gen', now()
    from generate_series(1, ${LOANS}) g`.execute(database.db);
  await sql`insert into fund_balance (account_kind, account_id, balance)
    select 'loan', loan_id, loan_amount - repaid_amount from fund_loan where create_by = 'gen'
    on conflict do nothing`.execute(database.db);
  await sql`vacuum analyze fund_loan`.execute(database.db);
  await sql`vacuum analyze fund_balance`.execute(database.db);

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

  const rows = Number(
    (
      await database.db
        .selectFrom('fund_loan')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('del_flag', '=', '0')
        .executeTakeFirstOrThrow()
    ).n,
  );

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
  const res = await fetch(`${api.base}/prod-api/contract/loan/export`, { headers: auth });
  if (res.status !== 200 || res.body === null) throw new Error(`export: ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const exportMs = performance.now() - t0;
  clearInterval(sampler);

  const mb = (n: number) => n / 1024 / 1024;
  const report = {
    when: new Date().toISOString(),
    loans: LOANS,
    export: {
      path: '/contract/loan/export',
      columns: 11,
      rows,
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
    `# GET /contract/loan/export (${rows} loans, 11 columns, streamed .xlsx, PGlite)`,
    '',
    `${f(exportMs / 1000)} s, ${f(mb(bytes))} MB; process RSS ${f(mb(before.rss))} → peak ${f(mb(peakRss))} MB (+${f(mb(peakRss - before.rss))} MB), heap peak ${f(mb(peakHeap))} MB.`,
    '',
  ].join('\n');
  writeReport('http-api-fund-export', report, md);
  await close(api);
  await database.close();
}
