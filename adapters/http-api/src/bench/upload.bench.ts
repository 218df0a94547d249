import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  createWriteStream,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UPLOAD_PROFILES } from '@dpms/core';
import { createTemplateDatabase, postgresBinDir, startPostgresServer } from '@dpms/sql/testing';
import { startChildServer } from '../test-support/child-servers.js';
import { type Figure, figuresTable } from './figures.js';

const SECRET = 'upload-bench-secret-upload-bench-secret-0123456789';
const MiB = 1024 * 1024;
const FILE_SIZE = Number(process.env['BENCH_UPLOAD_MIB'] ?? 1024) * MiB;

/** Deterministic bytes of the file, generated block by block, never held whole. */
const BLOCK = (() => {
  const b = Buffer.alloc(MiB);
  let x = 88172645;
  for (let i = 0; i < MiB; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    b.writeUInt32LE(x >>> 0, i);
  }
  b.write('PK\u0003\u0004', 0, 'latin1');
  return b;
})();
const slice = (start: number, end: number): Buffer => {
  const out = Buffer.alloc(end - start);
  for (let at = start; at < end;) {
    const off = at % MiB;
    const n = Math.min(end - at, MiB - off);
    BLOCK.copy(out, at - start, off, off + n);
    at += n;
  }
  return out;
};
const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

function peakMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
}

/** Nothing in between: one streamed POST of the same bytes into a file on the same disk. */
async function plainLoopback(dir: string): Promise<number> {
  const server = createServer((req, res) => {
    const file = createWriteStream(path.join(dir, 'plain.bin'));
    pipeline(req, file).then(
      () => res.end('ok'),
      () => res.destroy(),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  function* body(): Generator<Uint8Array> {
    for (let at = 0; at < FILE_SIZE; at += MiB) yield slice(at, Math.min(FILE_SIZE, at + MiB));
  }
  const started = performance.now();
  // `duplex` streams the request body; Node's fetch needs it, the DOM typing lacks it.
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    body: Readable.toWeb(Readable.from(body())),
    duplex: 'half',
  };
  const res = await fetch(`http://127.0.0.1:${port}/`, init);
  await res.text();
  const seconds = (performance.now() - started) / 1000;
  server.close();
  return seconds;
}

async function chunked(
  base: string,
  auth: Record<string, string>,
  chunkSize: number,
  parallel: number,
): Promise<number> {
  const hash = createHash('md5');
  for (let at = 0; at < FILE_SIZE; at += MiB) hash.update(slice(at, Math.min(FILE_SIZE, at + MiB)));
  const fileHash = hash.digest('hex');
  const started = performance.now();
  const id = await fetch(`${base}/common/maxfile/getUploadId?fileName=bench.zip`, {
    headers: auth,
  });
  const uploadId = ((await id.json()) as { data: { uploadId: string } }).data.uploadId;
  const total = Math.ceil(FILE_SIZE / chunkSize);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (;;) {
        const i = next++;
        if (i >= total) return;
        const bytes = slice(i * chunkSize, Math.min(FILE_SIZE, (i + 1) * chunkSize));
        const form = new FormData();
        for (const [k, v] of Object.entries({
          chunkSize: String(chunkSize),
          chunkTotal: String(total),
          chunkIndex: String(i),
          chunkHash: md5(bytes),
          fileName: 'bench.zip',
          fileHash,
          fileSize: String(FILE_SIZE),
          uploadId,
          partNum: String(i + 1),
        }))
          form.append(k, v);
        form.append('file', new Blob([bytes]), 'blob');
        const r = await fetch(`${base}/common/maxfile/upload`, {
          method: 'POST',
          headers: auth,
          body: form,
        });
        if (r.status !== 200) throw new Error(`chunk ${i}: ${r.status} ${await r.text()}`);
      }
    }),
  );
  const done = await fetch(`${base}/common/maxfile/complateUploadId?uploadId=${uploadId}`, {
    headers: auth,
  });
  if (done.status !== 200) throw new Error(`complete: ${done.status} ${await done.text()}`);
  return (performance.now() - started) / 1000;
}

/**
 * Upload throughput of a 1 GiB file through the API (both chunk profiles of the spec) as a ratio
 * to a plain streamed POST of the same bytes into a file over loopback, and the API process's
 * peak RSS. Writes bench-results/http-api-upload.{json,md}.
 */
export async function main(): Promise<void> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('the upload bench needs PostgreSQL 15 (/usr/lib/postgresql/15/bin)');
  const pg = await startPostgresServer(bin);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dpms-upload-bench-'));
  let child: ChildProcess | undefined;
  try {
    await createTemplateDatabase(pg);
    const url = pg.urlFor('dpms_template');
    const plain = await plainLoopback(dataDir);
    const started = startChildServer('files-server-child.ts', [url, SECRET, dataDir]);
    const { proc, base } = await started;
    child = proc;
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'xmjl', password: 'admin123' }),
    });
    const auth = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const baselineRss = peakMiB(proc.pid ?? 0);
    const profiles = [];
    for (const [name, p] of Object.entries(UPLOAD_PROFILES)) {
      const seconds = await chunked(base, auth, p.chunkSize, p.parallel);
      profiles.push({
        profile: name,
        chunkMiB: p.chunkSize / MiB,
        parallel: p.parallel,
        seconds: Math.round(seconds * 10) / 10,
        mibPerSecond: Math.round((FILE_SIZE / MiB / seconds) * 10) / 10,
        ratioToPlain: Math.round((plain / seconds) * 1000) / 1000,
      });
    }
    const report = {
      fileMiB: FILE_SIZE / MiB,
      plainLoopback: {
        seconds: Math.round(plain * 10) / 10,
        mibPerSecond: Math.round((FILE_SIZE / MiB / plain) * 10) / 10,
      },
      profiles,
      serverPeakRssMiB: peakMiB(proc.pid ?? 0),
      serverRssAtStartMiB: baselineRss,
      note: 'ratioToPlain = plain seconds / API seconds (1 = as fast as a bare streamed POST); the server runs under Vite SSR from source, which adds to its RSS',
      figures: [] as Figure[],
    };
    // The server's RSS growth: its peak over the whole run against its RSS once started.
    const growth = report.serverPeakRssMiB - report.serverRssAtStartMiB;
    report.figures = profiles.map((p, i) => ({
      order: 4 + (i + 1) / 10,
      figure: `${report.fileMiB} MiB chunked upload, ${p.chunkMiB} MiB × ${p.parallel}`,
      measured: `${p.seconds} s, ${p.mibPerSecond} MiB/s`,
      ceiling: `a plain streamed POST of the same bytes into a file: ${report.plainLoopback.mibPerSecond} MiB/s`,
      ratio: p.ratioToPlain,
      goal: '≥ 0.7, server RSS growth < 100 MB',
      met: p.ratioToPlain >= 0.7 && growth * 1.048576 < 100,
      note: `server RSS +${growth} MiB`,
    }));
    const dir = path.resolve('bench-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'http-api-upload.json'), JSON.stringify(report, null, 2));
    const md = [
      `# Upload of a ${report.fileMiB} MiB file`,
      '',
      `Plain streamed POST over loopback into a file: ${report.plainLoopback.seconds} s (${report.plainLoopback.mibPerSecond} MiB/s).`,
      '',
      '| profile | chunk | parallel | seconds | MiB/s | ratio to plain |',
      '|---|---|---|---|---|---|',
      ...profiles.map(
        (p) =>
          `| ${p.profile} | ${p.chunkMiB} MiB | ${p.parallel} | ${p.seconds} | ${p.mibPerSecond} | ${p.ratioToPlain} |`,
      ),
      '',
      `Server peak RSS: ${report.serverPeakRssMiB} MiB (at start ${report.serverRssAtStartMiB} MiB).`,
      '',
      figuresTable(report.figures),
      '',
    ].join('\n');
    writeFileSync(path.join(dir, 'http-api-upload.md'), md);
    process.stdout.write(md);
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await pg.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
