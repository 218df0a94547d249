import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedPaths, runningPort } from '@dpms/sql';
import { runsAsEntry, supervise } from './supervisor.js';
import { SERVER_LISTENING } from './supervisor-protocol.js';

const RUNNER = fileURLToPath(new URL('./test-support/run-ts-child.mjs', import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly component?: string;
  readonly worker?: number;
}

const parseLines = (text: string): LogLine[] =>
  text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);

function capturedLogger() {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...parseLines(chunk.toString()));
      done();
    },
  });
  return { logger: pino(sink), lines };
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  ms: number,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('supervise: when to restart, back off, give up and stop', () => {
  let dir: string;
  const script = (name: string, source: string): string => {
    const file = path.join(dir, name);
    writeFileSync(file, source);
    return file;
  };
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'dpms-supervisor-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives up on a server that fails to start, with its exit code, after backing off', async () => {
    const { logger, lines } = capturedLogger();
    const started = Date.now();
    const sup = supervise({
      script: script('refuses.mjs', 'console.error("refusing to start"); process.exit(3);'),
      logger,
      minUptimeMs: 5000,
      maxFailedStarts: 3,
      restartDelayMs: 100,
    });
    expect(await sup.done).toBe(3);
    const msgs = lines.map((l) => l.msg);
    expect(msgs.filter((m) => m.startsWith('started the server'))).toHaveLength(3);
    expect(msgs.filter((m) => m.includes('restarting it in'))).toEqual([
      expect.stringContaining('restarting it in 0.1 s (restart 1)'),
      expect.stringContaining('restarting it in 0.2 s (restart 2)'),
    ]);
    expect(msgs.at(-1)).toBe(
      'the server exited with code 3 while starting, 3 times in a row; giving up (see its message above)',
    );
    // 0.1 s then 0.2 s between the starts.
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('gives up on a start that fails slowly, without ever listening', async () => {
    // A loaded machine or a database that times out: the start outlives minUptime and still fails.
    const { logger, lines } = capturedLogger();
    const sup = supervise({
      script: script('slow-refusal.mjs', 'setTimeout(() => process.exit(4), 300);'),
      logger,
      minUptimeMs: 100,
      maxFailedStarts: 2,
      restartDelayMs: 10,
    });
    expect(await sup.done).toBe(4);
    const msgs = lines.map((l) => l.msg);
    expect(msgs.filter((m) => m.startsWith('started the server'))).toHaveLength(2);
    expect(msgs.at(-1)).toContain('2 times in a row; giving up');
  });

  it('ends with a server that ends by itself with code 0', async () => {
    const { logger, lines } = capturedLogger();
    const sup = supervise({ script: script('done.mjs', 'process.exit(0);'), logger });
    expect(await sup.done).toBe(0);
    expect(lines.filter((l) => l.msg.startsWith('started the server'))).toHaveLength(1);
  });

  it('always restarts a server that stayed up once, backing off while it dies young', async () => {
    const { logger, lines } = capturedLogger();
    const runs = path.join(dir, 'runs');
    const sup = supervise({
      // The first run listens and stays up 3 s (past minUptime); every later one crashes at once.
      script: script(
        'crashes.mjs',
        `import { appendFileSync, existsSync } from 'node:fs';
         const first = !existsSync(${JSON.stringify(runs)});
         appendFileSync(${JSON.stringify(runs)}, 'x');
         if (first) process.send(${JSON.stringify(SERVER_LISTENING)});
         setTimeout(() => process.exit(1), first ? 3000 : 0);`,
      ),
      logger,
      minUptimeMs: 2500,
      maxFailedStarts: 2,
      restartDelayMs: 20,
    });
    await until(
      'five restarts',
      () => lines.filter((l) => l.msg.includes('restarting it')).length >= 5 || undefined,
      20_000,
    );
    sup.stop('SIGTERM');
    expect(await sup.done).toBe(0);
    const delays = lines.flatMap((l) =>
      l.msg.includes('restarting it') ? [(l as unknown as { delayMs: number }).delayMs] : [],
    );
    expect(delays.slice(0, 5)).toEqual([20, 20, 40, 80, 160]);
    expect(lines.some((l) => l.msg.includes('giving up'))).toBe(false);
  });

  it('forwards a stop signal once and ends with the server', async () => {
    const { logger, lines } = capturedLogger();
    const marker = path.join(dir, 'stopped');
    const sup = supervise({
      script: script(
        'serves.mjs',
        `import { writeFileSync } from 'node:fs';
         let signals = 0;
         process.on('SIGTERM', () => {
           signals += 1;
           setTimeout(() => { writeFileSync(${JSON.stringify(marker)}, String(signals)); process.exit(0); }, 50);
         });
         process.send('ready');
         setInterval(() => {}, 1000);`,
      ),
      logger,
    });
    const worker = await until('the server', () => sup.worker(), 5000);
    const pid = worker.pid ?? 0;
    await once(worker, 'message');
    sup.stop('SIGTERM');
    sup.stop('SIGTERM');
    sup.stop('SIGINT');
    expect(await sup.done).toBe(0);
    expect(alive(pid)).toBe(false);
    expect(readFileSync(marker, 'utf8')).toBe('1');
    expect(lines.at(-1)?.msg).toBe('the server stopped (it exited with code 0)');
  });

  it("runs as the entry script when node reaches it through a symlink (a deployment's current/)", () => {
    const real = script('entry.mjs', '');
    const link = path.join(dir, 'current.mjs');
    symlinkSync(real, link);
    expect(runsAsEntry(link, real)).toBe(true);
    expect(runsAsEntry(real, real)).toBe(true);
    expect(runsAsEntry(path.join(dir, 'other.mjs'), real)).toBe(false);
    expect(runsAsEntry(undefined, real)).toBe(false);
  });
});

/** A TCP port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** The supervisor as `npm start` runs it, over src/main.ts through the TypeScript runner. */
function startSupervisor(
  env: NodeJS.ProcessEnv,
  unset: readonly string[] = [],
): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const base = { ...process.env };
  for (const name of unset) delete base[name];
  const child = spawn(process.execPath, [RUNNER, './src/supervisor.ts', RUNNER, './src/main.ts'], {
    cwd: PACKAGE_DIR,
    env: {
      ...base,
      // The embedded database under DATA_DIR, never the test run's PostgreSQL server.
      DATABASE_URL: '',
      PRINT_SERVICE_START: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (c: Buffer) => (text += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (text += c.toString()));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, output: () => text, exited };
}

/**
 * Each start compiles the server from source, and a restart is a second start: on a loaded CI
 * machine that outlasts the suite's 60 s. Not a speed limit, only how long to wait.
 */
describe('npm start under the supervisor', { timeout: 240_000 }, () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const dataDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'dpms-supervised-'));
    dirs.push(d);
    return d;
  };

  it('restarts a server killed with kill -9, logs it, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const data = dataDir();
    const { cluster } = embeddedPaths(data);
    const postmaster = () =>
      readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0];
    const sup = startSupervisor({
      PORT: String(port),
      DATA_DIR: data,
      SUPERVISOR_MIN_UPTIME_MS: '1000',
      SUPERVISOR_RESTART_DELAY_MS: '200',
    });
    children.push(sup.child);
    // The port was free a moment ago, but another test file may have taken it since: an answer
    // counts only once this supervisor's own server has logged that it listens on it.
    const listened = () =>
      parseLines(sup.output()).filter((l) => l.msg === `listening on port ${port}`).length;
    const answersAfter = (listens: number) => async () =>
      listened() >= listens ? answers() : undefined;
    const answers = async () => {
      try {
        const r = await fetch(`http://127.0.0.1:${port}/prod-api/captchaImage`);
        return r.status === 200 || undefined;
      } catch {
        return undefined;
      }
    };
    const supervisorLines = () =>
      parseLines(sup.output()).filter((l) => l.component === 'supervisor');
    const workers = () =>
      supervisorLines().flatMap((l) => (l.worker && l.msg.startsWith('started') ? [l.worker] : []));

    await until('the server to answer', answersAfter(1), 150_000);
    // The supervisor owns the embedded database: it runs before the server and outlives it.
    const databasePid = postmaster();
    expect(runningPort(cluster)).toBeDefined();
    const [first] = workers();
    expect(first).toBeDefined();
    process.kill(first!, 'SIGKILL');

    const restart = await until(
      'the restart to be logged',
      () => supervisorLines().find((l) => l.msg.includes('was killed by SIGKILL')),
      30_000,
    );
    expect(restart.msg).toMatch(
      new RegExp(
        `^the server \\(pid ${first}\\) was killed by SIGKILL after [0-9.]+ s; restarting it in 0.2 s \\(restart 1\\)$`,
      ),
    );
    await until('a second server', () => (workers().length === 2 ? true : undefined), 30_000);
    await until('the server to answer again', answersAfter(2), 120_000);
    const second = workers()[1]!;
    expect(second).not.toBe(first);
    expect(postmaster()).toBe(databasePid);

    // The second server's identity listener may connect after it answers (under load, later).
    await until(
      'the second identity listener',
      () => {
        const lines = parseLines(sup.output());
        const restarted = lines.findIndex((l) => l.msg.includes('was killed by SIGKILL'));
        return (
          lines.slice(restarted).some((l) => l.msg === 'identity cache listening') || undefined
        );
      },
      60_000,
    );
    sup.child.kill('SIGTERM');
    expect(await sup.exited).toBe(0);
    expect(alive(second)).toBe(false);
    // A server that stops says its identity listener stopped, not that it was lost.
    const serverLines = parseLines(sup.output()).filter((l) => l.component !== 'supervisor');
    expect(serverLines.map((l) => l.msg)).toContain('identity cache stopped');
    expect(serverLines.filter((l) => l.msg.startsWith('identity cache listener lost'))).toEqual([]);
    // ... and stops with `npm start`.
    expect(runningPort(cluster)).toBeUndefined();
    await until(
      'the database to stop',
      () => (alive(Number(databasePid)) ? undefined : true),
      10_000,
    );
    expect(
      supervisorLines()
        .map((l) => l.msg)
        .slice(-2),
    ).toEqual(['the server stopped (it exited with code 0)', '内置数据库：已停止']);
  }, 300_000);

  it('gives up, with its message, on a production start without JWT_SECRET', async () => {
    const sup = startSupervisor(
      {
        NODE_ENV: 'production',
        PORT: String(await freePort()),
        DATA_DIR: dataDir(),
        SUPERVISOR_RESTART_DELAY_MS: '50',
        // Each start loads main.ts from source through the test runner (tens of seconds on a
        // busy CI machine); two starts show the give-up, the unit tests above cover the count.
        SUPERVISOR_MAX_FAILED_STARTS: '2',
      },
      ['JWT_SECRET'],
    );
    children.push(sup.child);
    expect(await sup.exited).toBe(1);
    const text = sup.output();
    expect(text).toContain('NODE_ENV=production requires JWT_SECRET');
    const lines = parseLines(text).filter((l) => l.component === 'supervisor');
    expect(lines.filter((l) => l.msg.startsWith('started the server'))).toHaveLength(2);
    expect(lines.at(-2)?.msg).toContain('2 times in a row; giving up');
    expect(lines.at(-1)?.msg).toBe('内置数据库：已停止');
  }, 420_000);
});
