/**
 * The read endpoints' figures, side by side in one run:
 * - each endpoint with 8 clients on the embedded server, against its own SQL statements (captured
 *   from one request, see sql-ceiling.ts) looped by 8 clients through the same pool with no HTTP:
 *   goal ≥ 0.7 of the ceiling's rate and p99 ≤ 3× p50;
 * - the same build on the external PostgreSQL server against the embedded one: goal ≥ 0.9.
 * The load client runs in the API's process (as the old bare-Express baseline did), so on two
 * cores its fetch calls are part of the measured side's cost; the ceiling has no client.
 */
import type { Kysely } from 'kysely';
import type { Database, DatabaseHandle } from '@dpms/sql';
import {
  type BenchResult,
  close,
  closedLoopRaw,
  fmt,
  type RawRun,
  getOnce,
  inTurns,
  listenApi,
  loadGet,
  resultRow,
  signIn,
  writeReport,
} from './bench-harness.js';
import { externalAvailable, openBenchDatabase } from './bench-databases.js';
import { type Figure, figuresTable } from './figures.js';
import { capture, describeGroups, replayLoad, type StatementGroup } from './sql-ceiling.js';

export const CONCURRENCY = 8;
export const DURATION_MS = Number(process.env['BENCH_DURATION_MS'] ?? 5000);
const WARM_MS = Math.min(DURATION_MS, 1500);
/** Each load runs in this many slices, in turns with the others it is compared with. */
const ROUNDS = 3;

export interface Endpoint {
  /** As the table names it, e.g. `/getInfo`. */
  readonly figure: string;
  /** Below /prod-api, with its query. */
  readonly path: string;
  /** The demo user it is called as. */
  readonly user: string;
  /** The table row order; absent for a detail row that is not one of the figures. */
  readonly order?: number;
  /** Checks a sample answer (that the seeded data is what the figure says). */
  readonly check?: (body: unknown) => void;
}

/** What a bench's `extra` part adds to the report. */
export interface Extra {
  readonly figures: readonly Figure[];
  readonly md: string;
  readonly report: Record<string, unknown>;
}

interface EndpointRun {
  readonly endpoint: Endpoint;
  readonly statements: string;
  readonly api: BenchResult;
  readonly ceiling: BenchResult;
  readonly external: BenchResult | null;
  /** This process's CPU time (user + system) per request: where the time outside the database goes. */
  readonly nodeCpuMsPerRequest: { readonly api: number; readonly ceiling: number };
}

/** Runs a load, adding the process's CPU time it took (ms) to `into[key]`. */
async function withCpu<K extends string>(
  into: Record<K, number>,
  key: K,
  load: () => Promise<RawRun>,
): Promise<RawRun> {
  const before = process.cpuUsage();
  const run = await load();
  const used = process.cpuUsage(before);
  into[key] += (used.user + used.system) / 1000;
  return run;
}

const rate = (r: BenchResult) => `${fmt(r.rps)} req/s (p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms)`;

/** The statements of one request, after warm-up requests (so a once-a-minute touch is done). */
async function captureRequest(url: string, headers: Record<string, string>) {
  let groups: StatementGroup[] = [];
  for (let i = 0; i < 3; i += 1) {
    groups = await capture(async () => {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    });
  }
  return groups;
}

/** Seeds a database, the API over it signed in as each endpoint's user. */
async function apiOver(db: DatabaseHandle, endpoints: readonly Endpoint[]) {
  const api = await listenApi(db);
  const auth = new Map<string, Record<string, string>>();
  for (const e of endpoints) if (!auth.has(e.user)) auth.set(e.user, await signIn(api, e.user));
  return { api, auth };
}

/**
 * Measures the endpoints on a database seeded by `seed` (on each server), writes
 * bench-results/<name>.{json,md} with their figures.
 */
export async function measureEndpoints(options: {
  readonly name: string;
  readonly title: string;
  readonly data: string;
  readonly endpoints: readonly Endpoint[];
  readonly seed: (db: Kysely<Database>) => Promise<void>;
  /** More of the bench on the embedded API (e.g. an export), its figures and report part. */
  readonly extra?: (api: {
    readonly db: DatabaseHandle;
    readonly base: string;
    readonly auth: (user: string) => Promise<Record<string, string>>;
  }) => Promise<Extra>;
}): Promise<void> {
  const { endpoints } = options;
  const embedded = await openBenchDatabase('embedded');
  const external = externalAvailable() ? await openBenchDatabase('external') : null;
  try {
    await options.seed(embedded.db);
    if (external) await options.seed(external.db);
    const onEmbedded = await apiOver(embedded, endpoints);
    const onExternal = external ? await apiOver(external, endpoints) : null;
    const runs: EndpointRun[] = [];
    for (const e of endpoints) {
      const url = `${onEmbedded.api.base}/prod-api${e.path}`;
      const headers = onEmbedded.auth.get(e.user)!;
      const sample: unknown = await (await fetch(url, { headers })).json();
      e.check?.(sample);
      await loadGet(url, headers, CONCURRENCY, WARM_MS);
      const groups = await captureRequest(url, headers);
      const db = embedded.db as unknown as Kysely<never>;
      await replayLoad(db, groups, CONCURRENCY, WARM_MS);
      const cpu = { api: 0, ceiling: 0 };
      const apiLoad = (ms: number) =>
        withCpu(cpu, 'api', () => closedLoopRaw(CONCURRENCY, ms, () => getOnce(url, headers)));
      const ceilingLoad = (ms: number) =>
        withCpu(cpu, 'ceiling', () => replayLoad(db, groups, CONCURRENCY, ms));
      let ext: BenchResult | null = null;
      let api: BenchResult;
      let ceiling: BenchResult;
      if (onExternal) {
        const extUrl = `${onExternal.api.base}/prod-api${e.path}`;
        const extHeaders = onExternal.auth.get(e.user)!;
        await loadGet(extUrl, extHeaders, CONCURRENCY, WARM_MS);
        const extLoad = (ms: number) =>
          closedLoopRaw(CONCURRENCY, ms, () => getOnce(extUrl, extHeaders));
        [api, ceiling, ext] = (await inTurns(DURATION_MS, ROUNDS, [
          apiLoad,
          ceilingLoad,
          extLoad,
        ])) as [BenchResult, BenchResult, BenchResult];
      } else {
        [api, ceiling] = (await inTurns(DURATION_MS, ROUNDS, [apiLoad, ceilingLoad])) as [
          BenchResult,
          BenchResult,
        ];
      }
      runs.push({
        endpoint: e,
        statements: describeGroups(groups),
        api,
        ceiling,
        external: ext,
        nodeCpuMsPerRequest: {
          api: cpu.api / api.requests,
          ceiling: cpu.ceiling / ceiling.requests,
        },
      });
      console.warn(`${e.figure}: ${rate(api)}; ceiling ${rate(ceiling)}`);
    }
    if (onExternal) await close(onExternal.api);
    const extra = await options.extra?.({
      db: embedded,
      base: `${onEmbedded.api.base}/prod-api`,
      auth: async (user) => onEmbedded.auth.get(user) ?? (await signIn(onEmbedded.api, user)),
    });
    await close(onEmbedded.api);

    const figures: Figure[] = [];
    for (const r of runs) {
      if (r.endpoint.order === undefined) continue;
      const ratio = r.api.rps / r.ceiling.rps;
      const spread = r.api.p99 / r.api.p50;
      figures.push({
        order: r.endpoint.order,
        figure: `\`${r.endpoint.figure}\`, ${options.data}, ${CONCURRENCY} clients`,
        measured: rate(r.api),
        ceiling: `its ${r.statements} looped through the same pool, no HTTP: ${fmt(r.ceiling.rps)} req/s`,
        ratio,
        goal: '≥ 0.7, p99 ≤ 3× p50',
        met: ratio >= 0.7 && spread <= 3,
        note: `p99 = ${spread.toFixed(1)}× p50; Node CPU ${fmt(r.nodeCpuMsPerRequest.api)} ms/request (ceiling ${fmt(r.nodeCpuMsPerRequest.ceiling)})`,
      });
      if (r.external) {
        const kinds = r.api.rps / r.external.rps;
        figures.push({
          order: 2 + r.endpoint.order / 100,
          figure: `the embedded default: \`${r.endpoint.figure}\`, ${CONCURRENCY} clients`,
          measured: `${fmt(r.api.rps)} req/s on the embedded PostgreSQL 17`,
          ceiling: `the same build on an external PostgreSQL 15 server: ${fmt(r.external.rps)} req/s`,
          ratio: kinds,
          goal: '≥ 0.9',
          met: kinds >= 0.9,
        });
      }
    }
    const report = {
      when: new Date().toISOString(),
      data: options.data,
      concurrency: CONCURRENCY,
      durationMs: DURATION_MS,
      endpoints: runs.map((r) => ({
        path: r.endpoint.path,
        statements: r.statements,
        api: r.api,
        sqlCeiling: r.ceiling,
        external: r.external,
        nodeCpuMsPerRequest: r.nodeCpuMsPerRequest,
      })),
      ...extra?.report,
      figures: [...figures, ...(extra?.figures ?? [])],
    };
    const md = [
      `# ${options.title}`,
      '',
      `${options.data}; ${CONCURRENCY} concurrent clients, ${DURATION_MS} ms each in ${ROUNDS} turns, one process and machine; ` +
        `the ceiling replays the statements one request ran through the same pool with no HTTP.`,
      '',
      '| endpoint | requests/s | p50 ms | p99 ms |',
      '|---|---|---|---|',
      ...runs.flatMap((r) => [
        resultRow(`${r.endpoint.figure} (embedded)`, r.api),
        resultRow(`its SQL ceiling (${r.statements})`, r.ceiling),
        `| Node CPU per request: API ${fmt(r.nodeCpuMsPerRequest.api)} ms, ceiling ${fmt(r.nodeCpuMsPerRequest.ceiling)} ms | | | |`,
        ...(r.external
          ? [resultRow(`${r.endpoint.figure} (external PostgreSQL)`, r.external)]
          : []),
      ]),
      '',
      ...(extra ? [extra.md, ''] : []),
      figuresTable(report.figures),
      '',
    ].join('\n');
    writeReport(options.name, report, md);
  } finally {
    await embedded.close();
    await external?.close();
  }
}
