/**
 * The load-driving and reporting code shared by the http-api benches: a closed-loop client pool
 * measuring throughput and latency percentiles, a bare Express baseline endpoint, the API over a
 * bench database, a streamed export's time and memory, and the writing of
 * bench-results/<name>.{json,md}.
 */
import { createWriteStream, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { createPlatformRepositories, type ChannelSink, type DatabaseHandle } from '@dpms/sql';
import { createApp } from '../app.js';
import { buildContainer } from '../composition/modules.js';
import { DEFAULT_JSON_LIMIT } from '../composition/server-config.js';
import { createLogger } from '../http/logger.js';
import { systemClock } from '../identity/clock.js';
import { requestTag } from './sql-ceiling.js';
import { REAL_STATUSES, STATUS_HEADER } from '@dpms/wire';

/** What one load run measured: completed requests, requests per second, latencies in ms. */
export interface BenchResult {
  readonly requests: number;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
}

/** A server listening on an ephemeral loopback port, and its base URL. */
export interface Listening {
  readonly server: Server;
  readonly base: string;
}

/** What a closed loop ran: each request's latency (ms) and the run's wall time (s). */
export interface RawRun {
  readonly latencies: number[];
  readonly seconds: number;
}

/**
 * Closed-loop load: `clients` clients, each running its next request as soon as the last
 * returns, until `durationMs` is up or `next` answers null (that client's work ran out). Only
 * the returned request function is timed.
 */
export async function closedLoopRaw(
  clients: number,
  durationMs: number,
  next: (client: number) => (() => Promise<void>) | null,
): Promise<RawRun> {
  const latencies: number[] = [];
  const end = Date.now() + durationMs;
  const client = async (i: number) => {
    while (Date.now() < end) {
      const request = next(i);
      if (request === null) return;
      const t = performance.now();
      await request();
      latencies.push(performance.now() - t);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

/** Throughput and percentiles of one or more runs taken as one. */
export function summarize(runs: readonly RawRun[]): BenchResult {
  const latencies = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((s, r) => s + r.seconds, 0);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
  };
}

/** {@link closedLoopRaw}, summarized. */
export async function closedLoop(
  clients: number,
  durationMs: number,
  next: (client: number) => (() => Promise<void>) | null,
): Promise<BenchResult> {
  return summarize([await closedLoopRaw(clients, durationMs, next)]);
}

/**
 * Runs several loads in turns, `rounds` slices of `durationMs / rounds` each, and summarizes each
 * load over its slices: on a shared machine a burst of someone else's work then falls on every
 * side of a ratio alike instead of on whichever ran at the time. Each round starts one load later
 * (a, b, c, then b, c, a, then c, a, b, …), so no load always runs first after a pause. What a
 * load leaves behind (a flush, a collection) falls on the load after it: with three loads, b
 * follows a in two rounds of three and c in one, so a figure that compares a with the others
 * takes both of them together.
 */
export async function inTurns(
  durationMs: number,
  rounds: number,
  loads: readonly ((durationMs: number) => Promise<RawRun>)[],
): Promise<BenchResult[]> {
  const raw: RawRun[][] = loads.map(() => []);
  for (let r = 0; r < rounds; r += 1) {
    for (let k = 0; k < loads.length; k += 1) {
      const i = (r + k) % loads.length;
      raw[i]!.push(await loads[i]!(durationMs / rounds));
    }
  }
  return raw.map((runs) => summarize(runs));
}

/** One GET of `url`; any status but 200 fails the run. */
export function getOnce(url: string, headers: Record<string, string>): () => Promise<void> {
  return async () => {
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  };
}

/** Closed-loop GETs of `url` by `concurrency` clients; any status but 200 fails the run. */
export function loadGet(
  url: string,
  headers: Record<string, string>,
  concurrency: number,
  durationMs: number,
): Promise<BenchResult> {
  return closedLoop(concurrency, durationMs, () => async () => {
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  });
}

/**
 * Listens on an ephemeral loopback port. With `tagged`, each request is handled inside
 * `requestTag.run(n)`, so the SQL it runs is captured with its number.
 */
export function listen(app: express.Express, tagged = false): Promise<Listening> {
  let n = 0;
  const handler: RequestListener = tagged
    ? (req, res) => {
        requestTag.run((n += 1), () => {
          app(req, res);
        });
      }
    : app;
  return new Promise((resolve) => {
    const server = createServer(handler).listen(0, '127.0.0.1', () => {
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    });
  });
}

/** The baseline: a bare Express app answering `GET /bare` with `body`. */
export function listenBare(body: unknown): Promise<Listening> {
  const app = express();
  app.get('/bare', (_req, res) => {
    res.json(body);
  });
  return listen(app);
}

/** Stops a server and waits for it to close. */
export function close(listening: Listening): Promise<void> {
  return new Promise<void>((r) => listening.server.close(() => r()));
}

/**
 * The API over a bench database, listening on an ephemeral loopback port; `identityCache: false`
 * leaves its identity cache without a listener, so every request reads its session fresh;
 * `tagged` runs each request inside `requestTag.run(n)`, so the SQL it runs is captured with it.
 */
export function listenApi(
  database: DatabaseHandle,
  options: {
    readonly identityCache?: boolean;
    readonly tagged?: boolean;
    /** false: without 操作日志 (the operation-log bench's baseline). */
    readonly operLog?: boolean;
  } = {},
): Promise<Listening> {
  const container = buildContainer({
    config: {
      port: 0,
      dataDir: mkdtempSync(path.join(tmpdir(), 'dpms-bench-api-')),
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
    ...(options.identityCache === false
      ? {}
      : { listen: (channel: string, sink: ChannelSink) => database.listen(channel, sink) }),
  });
  return listen(
    createApp(container, options.operLog === false ? { operLog: false } : {}).app,
    options.tagged === true,
  );
}

/** Signs a demo user in to the API; the Authorization header of its calls. */
export async function signIn(api: Listening, username: string): Promise<Record<string, string>> {
  const login = await fetch(`${api.base}/prod-api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'admin123' }),
  });
  if (login.status !== 200) throw new Error(`login ${username}: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  // Real statuses, so a refusal fails the run rather than counting as a 200.
  return { Authorization: `Bearer ${token}`, [STATUS_HEADER]: REAL_STATUSES };
}

/** What streaming one export measured: its time, its size and the process's memory, in MB. */
export interface ExportRun {
  readonly ms: number;
  readonly bytes: number;
  readonly rssBeforeMb: number;
  readonly peakRssMb: number;
  readonly peakRssGrowthMb: number;
  readonly heapBeforeMb: number;
  readonly peakHeapMb: number;
}

const mb = (n: number) => n / 1024 / 1024;

/**
 * Runs `work` (which answers the bytes it produced) with the process's memory sampled every
 * 20 ms after a collection: its time, its bytes and the memory it took.
 */
export async function measureMemory(work: () => Promise<number>): Promise<ExportRun> {
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
  try {
    const bytes = await work();
    return {
      ms: performance.now() - t0,
      bytes,
      rssBeforeMb: mb(before.rss),
      peakRssMb: mb(peakRss),
      peakRssGrowthMb: mb(peakRss - before.rss),
      heapBeforeMb: mb(before.heapUsed),
      peakHeapMb: mb(peakHeap),
    };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * GETs `url` as a stream to a client that counts bytes (and writes them to `file` when given,
 * never holding them), sampling memory while it runs.
 */
export async function streamExport(
  url: string,
  headers: Record<string, string>,
  file?: string,
): Promise<ExportRun> {
  return measureMemory(async () => {
    const res = await fetch(url, { headers });
    if (res.status !== 200 || res.body === null) throw new Error(`export: ${res.status}`);
    let bytes = 0;
    const out = file === undefined ? undefined : createWriteStream(file);
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      if (out && !out.write(chunk)) await once(out, 'drain');
    }
    if (out) await new Promise<void>((r, j) => out.end((e?: Error | null) => (e ? j(e) : r())));
    return bytes;
  });
}

/** The markdown line of an {@link ExportRun}. */
export function exportLine(run: ExportRun): string {
  return `${fmt(run.ms / 1000)} s, ${fmt(mb(run.bytes))} MB; process RSS ${fmt(run.rssBeforeMb)} → peak ${fmt(run.peakRssMb)} MB (+${fmt(run.peakRssGrowthMb)} MB), heap peak ${fmt(run.peakHeapMb)} MB.`;
}

/** A number as the reports print it: one decimal. */
export const fmt = (n: number): string => n.toFixed(1);

/** A markdown table row: `| label | requests/s | p50 | p99 |`. */
export function resultRow(label: string, r: BenchResult): string {
  return `| ${label} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p99)} |`;
}

/** The measured endpoint relative to the baseline, in throughput and p99. */
export function ratio(measured: BenchResult, bare: BenchResult): { rps: number; p99: number } {
  return { rps: measured.rps / bare.rps, p99: measured.p99 / bare.p99 };
}

/** The markdown table row of a {@link ratio}. */
export function ratioRow(r: { rps: number; p99: number }): string {
  return `| ratio | ${r.rps.toFixed(3)} | | ${r.p99.toFixed(1)}× |`;
}

/** Writes bench-results/<name>.json and <name>.md (creating the folder) and prints the markdown. */
export function writeReport(name: string, report: unknown, md: string): void {
  const dir = path.resolve('bench-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(report, null, 2));
  writeFileSync(path.join(dir, `${name}.md`), md);
  console.warn(md);
}
