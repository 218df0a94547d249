import { sql } from 'kysely';
import { insertGeneratedContracts, openTestDatabase } from '@dpms/sql/testing';
import {
  close,
  exportLine,
  listenApi,
  listenBare,
  loadGet,
  ratio,
  ratioRow,
  resultRow,
  signIn,
  streamExport,
  writeReport,
} from './bench-harness.js';

const CONTRACTS = 100_000;
const CONCURRENCY = 8;
const DURATION_MS = Number(process.env['BENCH_DURATION_MS'] ?? 5000);

const load = (url: string, headers: Record<string, string>) =>
  loadGet(url, headers, CONCURRENCY, DURATION_MS);

/**
 * `GET /v4/contract/list` (20 rows of 100,000 generated contracts, filtered by source and sorted
 * by amount, as admin, the embedded PostgreSQL server) against a bare Express endpoint answering the same page,
 * side by side in one run; then a 100,000-row `GET /v4/contract/export`, its time and the
 * process's peak memory while it streams. Writes bench-results/http-api-contract-list.{json,md}.
 */
export async function main(): Promise<void> {
  const database = await openTestDatabase('embedded');
  await insertGeneratedContracts(database.db, CONTRACTS);
  // Every generated contract in the two stages /v4/contract/list and its export read.
  await sql`update contract set stage = case when contract_id % 2 = 0 then 'contract' else 'formal' end,
    status = case when contract_id % 2 = 0 then -1 else 1 end
    where create_by = 'gen'`.execute(database.db);
  await sql`vacuum analyze contract`.execute(database.db);
  const api = await listenApi(database);
  const auth = await signIn(api, 'admin');
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
  const run = await streamExport(`${api.base}/prod-api/v4/contract/export`, auth);
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
      ...run,
    },
  };
  const md = [
    `# GET /v4/contract/list (20 of ${CONTRACTS} contracts, filtered and sorted, embedded PostgreSQL) vs a bare Express JSON endpoint`,
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
    exportLine(run),
    '',
  ].join('\n');
  writeReport('http-api-contract-list', report, md);
  await close(api);
  await close(bare);
  await database.close();
}
