import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { DatabaseHandle } from '@dpms/sql';

/** API server processes the multi-process tests start on their PostgreSQL test database. */

const RUNNER = fileURLToPath(new URL('./run-ts-child.mjs', import.meta.url));

export interface ChildServer {
  readonly proc: ChildProcess;
  /** The API's base URL, `http://127.0.0.1:<port>/prod-api`. */
  readonly base: string;
}

/**
 * Starts `child` (a module of test-support/ exporting main) with `args` in a plain Node process;
 * resolves once it prints `READY <port>`, rejects with its stderr when it exits first.
 */
export function startChildServer(child: string, args: readonly string[]): Promise<ChildServer> {
  const module = fileURLToPath(new URL(`./${child}`, import.meta.url));
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [RUNNER, module, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /READY (\d+)/.exec(out);
      if (m) resolve({ proc, base: `http://127.0.0.1:${m[1]}/prod-api` });
    });
    proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
    proc.on('exit', (code, signal) =>
      reject(new Error(`server exited ${String(code ?? signal)}: ${err}`)),
    );
  });
}

/** The URL of the test database the harness cloned, for the child processes to connect to. */
export async function testDatabaseUrl(db: DatabaseHandle['db']): Promise<string> {
  const row = await db
    .selectNoFrom((eb) => eb.fn<string>('current_database', []).as('name'))
    .executeTakeFirstOrThrow();
  const target = new URL(inject('dpmsPostgresAdminUrl'));
  target.pathname = `/${row.name}`;
  return target.toString();
}

/** Stops each process still running with SIGTERM and waits for it to exit. */
export async function stopChildServers(
  procs: readonly (ChildProcess | undefined)[],
): Promise<void> {
  for (const proc of procs) {
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) continue;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    await exited;
  }
}
