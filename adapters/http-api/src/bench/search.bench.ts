import { insertGeneratedContracts } from '@dpms/sql/testing';
import { openBenchDatabase } from './bench-databases.js';
import {
  close,
  closedLoopRaw,
  fmt,
  getOnce,
  inTurns,
  listenApi,
  loadGet,
  resultRow,
  signIn,
  writeReport,
  type BenchResult,
} from './bench-harness.js';
import { type Figure, figuresTable } from './figures.js';

const CONTRACTS = 100_000;
const CLIENTS = 8;
const DURATION_MS = Number(process.env['BENCH_DURATION_MS'] ?? 6000);
const ROUNDS = 3;
/** The "well under a second": the slowest 1% of searches, 8 at a time, on two cores. */
const P99_GOAL_MS = 250;

/**
 * What a keyword costs: a rare Chinese name (one hit), a number fragment (a handful), a common
 * word (every contract matches: newest first, 5 of them) and one character (no trigram at all).
 */
const KEYWORDS = ['生成合同77777', 'GEN-4242', '生成', '合'];

/**
 * `GET /search` (全局搜索) over 100,000 generated contracts, as admin (all data) and as 张主持
 * (设计主持, 本部门: department 110's sixth of them), against its ceiling: a plain primary-key
 * read through the same stack (`GET /project/contract/detailById`, one contract by id), loaded
 * in turns with it. Writes bench-results/http-api-search.{json,md}.
 */
export async function main(): Promise<void> {
  const database = await openBenchDatabase('embedded');
  await insertGeneratedContracts(database.db, CONTRACTS);
  const api = await listenApi(database);
  try {
    const admin = await signIn(api, 'admin');
    const host = await signIn(api, 'sjzc');
    const at = (path: string) => `${api.base}/prod-api${path}`;
    const searchUrl = (k: string) => at(`/search?keyword=${encodeURIComponent(k)}`);
    const sample = (await (await fetch(searchUrl('生成合同77777'), { headers: admin })).json()) as {
      data?: { hits: unknown[] }[];
    };
    if (sample.data?.[0]?.hits.length !== 1) throw new Error('expected the one contract 77777');
    const pk = at('/project/contract/detailById?contractId=50000');
    for (const k of KEYWORDS) await loadGet(searchUrl(k), admin, CLIENTS, 500);
    await loadGet(pk, admin, CLIENTS, 500);

    let n = 0;
    const mixed = (headers: Record<string, string>) => (ms: number) =>
      closedLoopRaw(CLIENTS, ms, () =>
        getOnce(searchUrl(KEYWORDS[n++ % KEYWORDS.length]!), headers),
      );
    const single = (url: string, headers: Record<string, string>) => (ms: number) =>
      closedLoopRaw(CLIENTS, ms, () => getOnce(url, headers));
    const loads = [
      mixed(admin),
      mixed(host),
      ...KEYWORDS.map((k) => single(searchUrl(k), admin)),
      single(pk, admin),
    ];
    const results = await inTurns(DURATION_MS, ROUNDS, loads);
    const [all, scoped, ...rest] = results;
    const ceiling = rest[rest.length - 1]!;
    const perKeyword = rest.slice(0, KEYWORDS.length);
    const figure = (label: string, r: BenchResult, order: number): Figure => ({
      order,
      figure: `\`/search\` (${label}), ${CONTRACTS.toLocaleString('en-US')} contracts, ${CLIENTS} clients`,
      measured: `${fmt(r.rps)} req/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms`,
      ceiling: `primary-key read \`/project/contract/detailById\`: ${fmt(ceiling.rps)} req/s, p50 ${fmt(ceiling.p50)} ms`,
      ratio: r.rps / ceiling.rps,
      goal: `p99 ≤ ${P99_GOAL_MS} ms`,
      met: r.p99 <= P99_GOAL_MS,
    });
    const figures = [figure('admin, all data', all!, 1.5), figure('本部门', scoped!, 1.51)];
    const md = [
      `# 全局搜索 over ${CONTRACTS.toLocaleString('en-US')} contracts (${CLIENTS} clients, ${DURATION_MS / 1000} s in ${ROUNDS} turns each)`,
      '',
      '| load | requests/s | p50 ms | p99 ms |',
      '|---|---|---|---|',
      resultRow('search, keywords in turn, admin', all!),
      resultRow('search, keywords in turn, 本部门 (sjzc)', scoped!),
      ...KEYWORDS.map((k, i) => resultRow(`search \`${k}\`, admin`, perKeyword[i]!)),
      resultRow('primary-key read (contract detail), admin', ceiling),
      '',
      figuresTable(figures),
      '',
    ].join('\n');
    writeReport(
      'http-api-search',
      { clients: CLIENTS, keywords: KEYWORDS, all, scoped, perKeyword, ceiling, figures },
      md,
    );
  } finally {
    await close(api);
    await database.close();
  }
}
