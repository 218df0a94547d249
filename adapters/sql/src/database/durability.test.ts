import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { clonePGliteTemplate, ensurePGliteTemplate } from '../testing/pglite-template.js';
import { openPGlite } from './open-database.js';

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

describe('PGlite on disk', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(dirname(d), { recursive: true, force: true });
  });

  it('keeps every acknowledged row when the process is killed with SIGKILL', async () => {
    const dataDir = clonePGliteTemplate(await ensurePGliteTemplate());
    dirs.push(dataDir);
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

    // The lock the killed process left behind is taken over: its pid is dead.
    expect(existsSync(`${dataDir}.lock`)).toBe(true);
    const reopened = await openPGlite(dataDir);
    try {
      const rows = await sql<{ n: number; c: number }>`
        select coalesce(max(n), 0)::int as n, count(*)::int as c from durability_probe`.execute(
        reopened.db,
      );
      const row = rows.rows[0];
      expect(row?.n).toBeGreaterThanOrEqual(acked);
      // No gaps: every row up to the last one written is there.
      expect(row?.c).toBe(row?.n);
      const users = await reopened.db
        .selectFrom('sys_user')
        .select('user_name')
        .where('user_id', '=', 1)
        .executeTakeFirst();
      expect(users?.user_name).toBe('admin');
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('closes cleanly on SIGTERM and refuses a second process while open', async () => {
    const dataDir = clonePGliteTemplate(await ensurePGliteTemplate());
    dirs.push(dataDir);
    const child = startChild(dataDir, 'hold');
    await readLines(child, (l) => l === 'ready');
    await expect(openPGlite(dataDir)).rejects.toThrow(/正被进程/);
    const done = exited(child);
    child.kill('SIGTERM');
    expect(await done).toEqual({ code: 0, signal: null });
    // close() removes the lock only after PGlite has shut down.
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
    const reopened = await openPGlite(dataDir);
    try {
      const count = await reopened.db
        .selectFrom('sys_role')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      expect(Number(count?.n)).toBe(13);
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
