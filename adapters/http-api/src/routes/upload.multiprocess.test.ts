import { createHash } from 'node:crypto';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startChildServer,
  stopChildServers,
  testDatabaseUrl,
  type ChildServer,
} from '../test-support/child-servers.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../test-support/test-database.js';

const SECRET = 'files-multiprocess-secret-files-multiprocess-0123';
const MiB = 1024 * 1024;
/** 1 GiB in the shell uploader's profile: 1 MiB chunks, 4 in flight (000 §9). */
const FILE_SIZE = 1024 * MiB;
const CHUNK = MiB;
const PARALLEL = 4;
const CHUNKS = FILE_SIZE / CHUNK;

type Server = ChildServer;

const startServer = (databaseUrl: string, dataDir: string): Promise<Server> =>
  startChildServer('files-server-child.ts', [databaseUrl, SECRET, dataDir]);

/** Peak and current resident memory of a process, in MiB (Linux /proc). */
function memoryOf(pid: number): { peakMiB: number; rssMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { peakMiB: Math.round(kb('VmHWM') / 1024), rssMiB: Math.round(kb('VmRSS') / 1024) };
}

/**
 * Chunk `i` of the test file, generated, never stored: one random-looking 1 MiB block, stamped
 * with the chunk index every 4 KiB so chunks differ and misplaced ones are caught; the file
 * starts with a zip signature so the content check accepts `.zip`.
 */
const BASE = (() => {
  const b = Buffer.alloc(CHUNK);
  let x = 2463534242;
  for (let i = 0; i < CHUNK; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    b.writeUInt32LE(x >>> 0, i);
  }
  return b;
})();
function chunkBytes(i: number): Buffer {
  const b = Buffer.from(BASE);
  for (let at = 0; at < CHUNK; at += 4096) b.writeUInt32LE(i, at);
  if (i === 0) b.write('PK\u0003\u0004', 0, 'latin1');
  return b;
}
const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'a 1 GiB upload across two API processes on one PostgreSQL database',
  () => {
    let db: TestDatabase;
    let dataDir: string;
    let databaseUrl: string;
    let a: Server;
    let b: Server;
    beforeAll(async () => {
      db = await openTestDatabase('postgres');
      databaseUrl = await testDatabaseUrl(db.handle.db);
      dataDir = mkdtempSync(path.join(tmpdir(), 'dpms-files-mp-'));
      [a, b] = await Promise.all([
        startServer(databaseUrl, dataDir),
        startServer(databaseUrl, dataDir),
      ]);
    }, 120_000);
    afterAll(async () => {
      await stopChildServers([a?.proc, b?.proc]);
      await db?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('arrives byte-identical through a wrong md5, a SIGKILL and a resume; completion twice is harmless', async () => {
      const started = Date.now();
      let last = started;
      const phases: Record<string, number> = {};
      const lap = () => {
        const now = Date.now();
        const seconds = Math.round((now - last) / 100) / 10;
        last = now;
        return seconds;
      };
      const login = await fetch(`${a.base}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'xmjl', password: 'admin123' }),
      });
      const token = ((await login.json()) as { token: string }).token;
      const auth = { Authorization: `Bearer ${token}` };

      const whole = createHash('md5');
      for (let i = 0; i < CHUNKS; i++) whole.update(chunkBytes(i));
      const fileHash = whole.digest('hex');
      const fileName = '大型图纸包-1GiB.zip';
      phases.hashFile = lap();

      const id = await fetch(
        `${b.base}/common/maxfile/getUploadId?fileName=${encodeURIComponent(fileName)}`,
        { headers: auth },
      );
      const uploadId = ((await id.json()) as { data: { uploadId: string } }).data.uploadId;
      const baseline = { a: memoryOf(a.proc.pid ?? 0), b: memoryOf(b.proc.pid ?? 0) };

      const send = async (base: string, index: number, body: Buffer, hash = md5(body)) => {
        const form = new FormData();
        const fields: Record<string, string> = {
          chunkSize: String(CHUNK),
          chunkTotal: String(CHUNKS),
          chunkIndex: String(index),
          chunkHash: hash,
          fileName,
          fileHash,
          fileSize: String(FILE_SIZE),
          uploadId,
          partNum: String(index + 1),
        };
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        form.append('file', new Blob([body]), 'blob');
        const r = await fetch(`${base}/common/maxfile/upload`, {
          method: 'POST',
          headers: auth,
          body: form,
        });
        return { status: r.status, body: (await r.json()) as { msg: string } };
      };

      // A chunk whose md5 does not match is refused, then taken when re-sent.
      const c5 = chunkBytes(5);
      const corrupted = Buffer.from(c5);
      corrupted[777] = (corrupted[777] ?? 0) ^ 1;
      const refused = await send(a.base, 5, corrupted, md5(c5));
      expect(refused.status).toBe(422);
      expect(refused.body.msg).toBe('第6个分片的MD5校验失败，请重新上传该分片');

      // All chunks, 4 in flight, alternating between the two processes; B is killed with SIGKILL
      // a third of the way through, so its in-flight chunks fail.
      const killAt = Math.floor(CHUNKS / 3);
      let next = 0;
      let bDown = false;
      const failed: number[] = [];
      const worker = async () => {
        for (;;) {
          const index = next++;
          if (index >= CHUNKS) return;
          if (index === killAt) {
            bDown = true;
            b.proc.kill('SIGKILL');
          }
          const target = index % 2 === 0 ? a : b;
          try {
            const r = await send(target.base, index, chunkBytes(index));
            if (r.status !== 200) throw new Error(`chunk ${index}: ${r.status} ${r.body.msg}`);
          } catch (e) {
            if (!(bDown && target === b)) throw e;
            failed.push(index);
          }
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      const peakA1 = memoryOf(a.proc.pid ?? 0);
      phases.upload = lap();
      expect(failed.length).toBeGreaterThan(0);

      // B comes back; the client asks it which chunks the server holds and sends the rest.
      await new Promise((r) =>
        b.proc.exitCode !== null || b.proc.signalCode ? r(0) : b.proc.once('exit', r),
      );
      b = await startServer(databaseUrl, dataDir);
      phases.restartB = lap();
      const listed = (await (
        await fetch(`${b.base}/common/maxfile/chunks?uploadId=${uploadId}`, { headers: auth })
      ).json()) as { data: { chunks: { chunkIndex: number; size: number }[]; status: string } };
      expect(listed.data.status).toBe('uploading');
      const held = new Set(listed.data.chunks.map((c) => c.chunkIndex));
      const missing = Array.from({ length: CHUNKS }, (_, i) => i).filter((i) => !held.has(i));
      expect(missing.length).toBeGreaterThan(0);
      expect(missing.length).toBeLessThanOrEqual(failed.length);
      let m = 0;
      await Promise.all(
        Array.from({ length: PARALLEL }, async () => {
          for (;;) {
            const k = m++;
            const index = missing[k];
            if (index === undefined) return;
            const r = await send(k % 2 === 0 ? a.base : b.base, index, chunkBytes(index));
            expect(r.status, r.body.msg).toBe(200);
          }
        }),
      );

      phases.resend = lap();
      const done = await fetch(`${a.base}/common/maxfile/complateUploadId?uploadId=${uploadId}`, {
        headers: auth,
      });
      const file = (await done.json()) as {
        code: number;
        fileId: string;
        size: number;
        msg: string;
      };
      expect(file.code, file.msg).toBe(200);
      expect(file.size).toBe(FILE_SIZE);
      const again = (await (
        await fetch(`${b.base}/common/maxfile/complateUploadId?uploadId=${uploadId}`, {
          headers: auth,
        })
      ).json()) as { fileId: string };
      expect(again.fileId).toBe(file.fileId);
      phases.complete = lap();

      // Download from the other process and compare every byte with the generated chunks.
      const down = await fetch(`${b.base}/common/download/resource?resource=${file.fileId}`, {
        headers: auth,
      });
      expect(down.status).toBe(200);
      expect(down.headers.get('content-length')).toBe(String(FILE_SIZE));
      // Piece by piece against the regenerated chunk at the same offset (no concatenation).
      let offset = 0;
      let mismatchAt = -1;
      let expected = chunkBytes(0);
      for await (const piece of down.body as unknown as AsyncIterable<Uint8Array>) {
        let at = 0;
        while (at < piece.length) {
          const inChunk = offset % CHUNK;
          if (inChunk === 0 && offset > 0) expected = chunkBytes(offset / CHUNK);
          const n = Math.min(piece.length - at, CHUNK - inChunk);
          if (
            mismatchAt < 0 &&
            Buffer.compare(piece.subarray(at, at + n), expected.subarray(inChunk, inChunk + n)) !==
              0
          )
            mismatchAt = offset;
          at += n;
          offset += n;
        }
      }
      phases.download = lap();
      expect(mismatchAt).toBe(-1);
      expect(offset).toBe(FILE_SIZE);

      const peak = { a: memoryOf(a.proc.pid ?? 0), b: memoryOf(b.proc.pid ?? 0) };
      const report = {
        fileMiB: FILE_SIZE / MiB,
        chunks: CHUNKS,
        parallel: PARALLEL,
        failedWhileBDown: failed.length,
        resent: missing.length,
        seconds: Math.round((Date.now() - started) / 100) / 10,
        phases,
        baselineMiB: { a: baseline.a.rssMiB, b: baseline.b.rssMiB },
        peakAfterUploadMiB: { a: peakA1.peakMiB },
        peakAtEndMiB: { a: peak.a.peakMiB, restartedB: peak.b.peakMiB },
      };
      process.stdout.write(`files multiprocess report ${JSON.stringify(report)}\n`);
      // Memory stays flat: a 1 GiB file never comes near the process (bounded buffers only).
      expect(peak.a.peakMiB).toBeLessThan(baseline.a.rssMiB + 256);
    }, 300_000);
  },
);
