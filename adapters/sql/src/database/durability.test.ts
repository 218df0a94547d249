import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { migrations } from '../migrations/index.js';
import { embeddedPaths, runningPort } from './embedded-postgres.js';
import { openDatabase } from './open-database.js';

const testing = join(dirname(fileURLToPath(import.meta.url)), '..', 'testing');
const runner = join(testing, 'run-child.mjs');
const childModule = join(testing, 'durability-child.ts');

function startChild(dataDir: string, mode: 'insert' | 'hold'): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [runner, childModule, dataDir, mode], { stdio: 'pipe' });
}

/** Resolves with the child's stdout lines as they come, until `until` says stop. */
function readLines(
  child: ChildProcessWithoutNullStreams,
  until: (line: string) => boolean,
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const lines: string[] = [];
    let buffer = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (until(line)) {
          resolve(lines);
          return;
        }
      }
    });
    child.on('exit', (code) =>
      reject(new Error(`child exited (${String(code)}) early: ${stderr}`)),
    );
  });
}

const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const postmasterPid = (dataDir: string): number =>
  Number(
    readFileSync(join(embeddedPaths(dataDir).cluster, 'postmaster.pid'), 'utf8').split('\n')[0],
  );

describe('the embedded server on disk', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const freshDataDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'dpms-durable-'));
    dirs.push(d);
    return d;
  };

  it('keeps every acknowledged row when the application is killed with SIGKILL and the server crashes', async () => {
    const dataDir = freshDataDir();
    const child = startChild(dataDir, 'insert');
    // Kill it mid-stream, well after it has started committing.
    const lines = await readLines(child, (l) => l === 'ack 200');
    const done = exited(child);
    child.kill('SIGKILL');
    await done;
    // Acks printed after our read but before the kill also count: drain what arrived.
    const acked = Math.max(
      ...lines.filter((l) => l.startsWith('ack ')).map((l) => Number(l.slice(4))),
    );
    expect(acked).toBeGreaterThanOrEqual(200);
    // The server outlived the killed application; now it crashes too (SIGQUIT: no checkpoint,
    // no clean shutdown, so the next start runs crash recovery from the write-ahead log).
    const pid = postmasterPid(dataDir);
    process.kill(pid, 'SIGQUIT');
    await vi.waitFor(() => expect(isAlive(pid)).toBe(false), { timeout: 30_000, interval: 50 });

    const reopened = await openDatabase({ dataDir, log: () => undefined });
    try {
      const rows = await sql<{ n: number; c: number }>`
        select coalesce(max(n), 0)::int as n, count(*)::int as c from durability_probe`.execute(
        reopened.db,
      );
      const row = rows.rows[0];
      expect(row?.n).toBeGreaterThanOrEqual(acked);
      // No gaps: every row up to the last one written is there.
      expect(row?.c).toBe(row?.n);
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('closes cleanly on SIGTERM, stopping the server it started; the next start finds the data', async () => {
    const dataDir = freshDataDir();
    const child = startChild(dataDir, 'hold');
    await readLines(child, (l) => l === 'ready');
    const cluster = embeddedPaths(dataDir).cluster;
    expect(runningPort(cluster)).toBeDefined();
    const done = exited(child);
    child.kill('SIGTERM');
    expect(await done).toEqual({ code: 0, signal: null });
    expect(runningPort(cluster)).toBeUndefined();
    const reopened = await openDatabase({ dataDir, log: () => undefined });
    try {
      const ran = await sql<{ n: number }>`select count(*)::int as n from dpms_migration`.execute(
        reopened.db,
      );
      expect(ran.rows[0]?.n).toBe(Object.keys(migrations).length);
    } finally {
      await reopened.close();
    }
    expect(runningPort(cluster)).toBeUndefined();
  }, 120_000);
});
