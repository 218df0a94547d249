import { fork, type ChildProcess } from 'node:child_process';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import {
  hasUnmovedPGlite,
  MIGRATE_PGLITE_COMMAND,
  movePGliteIfPresent,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from '@dpms/sql';
import { createLogger } from './http/logger.js';
import { SERVER_LISTENING } from './supervisor-protocol.js';

export interface SupervisorOptions {
  /** The server's entry script (dist/main.js beside this file) and its arguments. */
  readonly script: string;
  readonly args?: readonly string[];
  readonly logger: Logger;
  /**
   * A server that dies sooner than this after it reported listening died young (10 s). A server
   * that dies before it reported listening failed to start, however long it took.
   */
  readonly minUptimeMs?: number;
  /** Failed starts in a row after which a server that never stayed up is given up (3). */
  readonly maxFailedStarts?: number;
  /** The wait before a restart (1 s), doubled for each failed start in a row, at most 30 s. */
  readonly restartDelayMs?: number;
  readonly maxRestartDelayMs?: number;
  /** How long a stop waits for the server before killing it (30 s). */
  readonly stopTimeoutMs?: number;
}

export interface Supervisor {
  /** Settles with the exit code the supervisor should end with. */
  readonly done: Promise<number>;
  /** Forwards a stop signal to the server; the supervisor ends when it has exited. */
  stop(signal: NodeJS.Signals): void;
  /** The running server process, if any. */
  worker(): ChildProcess | undefined;
}

const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;

/**
 * Keeps one server process running: restarts it after an unexpected exit, waiting a little
 * longer after each failed start in a row, and gives up when the server fails to start
 * `maxFailedStarts` times before ever listening (a production start without JWT_SECRET, a bad
 * DATABASE_URL): its own message is on the console, and restarting would not change it. Whether a
 * start came up is the server's own word (SERVER_LISTENING), not its uptime: a failing start
 * that is slow (a database that times out, a loaded machine) must still be given up. A server
 * that has listened once is always restarted (backing off while it keeps dying young),
 * since giving up would turn a crash anyone can cause into an outage nobody can end. A stop
 * signal is forwarded and the supervisor ends with the server; a server that ends by itself
 * with code 0 ends the supervisor too.
 */
export function supervise(options: SupervisorOptions): Supervisor {
  const {
    script,
    logger,
    minUptimeMs = 10_000,
    maxFailedStarts = 3,
    restartDelayMs = 1000,
    maxRestartDelayMs = 30_000,
    stopTimeoutMs = 30_000,
  } = options;
  let child: ChildProcess | undefined;
  let startedAt = 0;
  let listeningAt: number | undefined;
  let stayedUp = false;
  let failedInARow = 0;
  let restarts = 0;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let killTimer: NodeJS.Timeout | undefined;
  let finish!: (code: number) => void;
  const done = new Promise<number>((resolve) => {
    finish = (code) => {
      clearTimeout(restartTimer);
      clearTimeout(killTimer);
      resolve(code);
    };
  });

  const start = () => {
    restartTimer = undefined;
    startedAt = Date.now();
    listeningAt = undefined;
    const worker = fork(script, [...(options.args ?? [])], {
      stdio: 'inherit',
      // Its own process group: a Ctrl-C reaches the supervisor only, which forwards it once (a
      // second signal would make the server skip its clean shutdown).
      detached: true,
    });
    child = worker;
    logger.info({ worker: worker.pid }, `started the server (pid ${worker.pid})`);
    worker.on('error', (e) => {
      // Only a process that could not be created at all; an exit follows any other error.
      if (worker.pid !== undefined) return;
      logger.error({ err: e }, 'could not start the server; giving up');
      finish(1);
    });
    worker.on('message', (message) => {
      if (message !== SERVER_LISTENING || worker !== child) return;
      listeningAt = Date.now();
      stayedUp = true;
    });
    worker.on('exit', (code, signal) => onExit(worker, code, signal));
  };

  const onExit = (worker: ChildProcess, code: number | null, signal: NodeJS.Signals | null) => {
    child = undefined;
    const ran = Date.now() - startedAt;
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    if (stopping) {
      logger.info({ worker: worker.pid, code, signal }, `the server stopped (it ${how})`);
      // Killed by the stop signal itself: it was still starting, before its shutdown handlers.
      finish(code ?? (signal === 'SIGTERM' || signal === 'SIGINT' ? 0 : 1));
      return;
    }
    if (code === 0) {
      logger.info({ worker: worker.pid }, 'the server stopped by itself; the supervisor stops too');
      finish(0);
      return;
    }
    if (listeningAt !== undefined && Date.now() - listeningAt >= minUptimeMs) {
      failedInARow = 0;
    } else {
      failedInARow += 1;
    }
    if (!stayedUp && failedInARow >= maxFailedStarts) {
      logger.error(
        { worker: worker.pid, code, signal, failedStarts: failedInARow },
        `the server ${how} while starting, ${failedInARow} times in a row; giving up (see its message above)`,
      );
      finish(code ?? 1);
      return;
    }
    const delay = Math.min(restartDelayMs * 2 ** Math.max(0, failedInARow - 1), maxRestartDelayMs);
    restarts += 1;
    logger.warn(
      { worker: worker.pid, code, signal, uptimeMs: ran, restart: restarts, delayMs: delay },
      `the server (pid ${worker.pid}) ${how} after ${seconds(ran)}; restarting it in ${seconds(delay)} (restart ${restarts})`,
    );
    restartTimer = setTimeout(start, delay);
  };

  start();
  return {
    done,
    worker: () => child,
    stop(signal) {
      // Once: a second Ctrl-C or a service manager repeating its signal would otherwise reach the
      // server's shutdown handlers twice, and the second makes it exit before the database closes.
      if (stopping) return;
      logger.info({ signal }, `${signal}: stopping the server`);
      stopping = true;
      if (restartTimer !== undefined || !child) {
        // Between a crash and its restart: nothing to stop.
        finish(0);
        return;
      }
      child.kill(signal);
      killTimer ??= setTimeout(() => {
        logger.error(`the server did not stop within ${seconds(stopTimeoutMs)}; killing it`);
        child?.kill('SIGKILL');
      }, stopTimeoutMs);
    },
  };
}

const positive = (value: string | undefined, fallback: number): number => {
  const n = Number(value);
  return value && Number.isFinite(n) && n >= 0 ? n : fallback;
};

/**
 * `npm start`: runs dist/main.js under the supervisor. Arguments name another entry script and
 * its arguments (the tests run main.ts through their TypeScript runner). SUPERVISOR_MIN_UPTIME_MS,
 * SUPERVISOR_MAX_FAILED_STARTS and SUPERVISOR_RESTART_DELAY_MS tune the restarts.
 */
export async function main(...argv: string[]): Promise<void> {
  const env = process.env;
  const logger = createLogger((env['LOG_LEVEL'] as 'info' | undefined) ?? 'info').child({
    component: 'supervisor',
  });
  const [script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.js'), ...args] =
    argv;
  // Without DATABASE_URL the supervisor owns the embedded PostgreSQL server: it starts it before
  // the first server process and stops it after the last, so the database outlives a server
  // restart (each server process finds it running under DATA_DIR/pg and attaches) and stops with
  // `npm start` on SIGINT/SIGTERM, after the server has closed its connections.
  let database: EmbeddedServer | undefined;
  if (!env['DATABASE_URL']) {
    const dataDir = path.resolve(env['DATA_DIR'] ?? './data');
    const log = (m: string) => logger.info(m);
    try {
      // A PGlite ./data from an earlier release is moved into the server first.
      await movePGliteIfPresent(dataDir, log);
      database = await startEmbeddedPostgres(dataDir, { log });
    } catch (e) {
      const retry = hasUnmovedPGlite(dataDir)
        ? `（旧数据仍在原处；排除原因后运行 ${MIGRATE_PGLITE_COMMAND} 或再次 npm start）`
        : '';
      logger.error(
        { err: e },
        `内置数据库无法启动：${e instanceof Error ? e.message : String(e)}${retry}`,
      );
      process.exit(1);
    }
  }
  const supervisor = supervise({
    script,
    args,
    logger,
    minUptimeMs: positive(env['SUPERVISOR_MIN_UPTIME_MS'], 10_000),
    maxFailedStarts: positive(env['SUPERVISOR_MAX_FAILED_STARTS'], 3),
    restartDelayMs: positive(env['SUPERVISOR_RESTART_DELAY_MS'], 1000),
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => supervisor.stop(signal));
  }
  const code = await supervisor.done;
  try {
    await database?.stop();
  } catch (e) {
    logger.error({ err: e }, 'the embedded database did not stop cleanly');
  }
  process.exit(code);
}

/** The real path of a file (a deployment often reaches it through a `current` symlink). */
const realPath = (file: string): string => {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
};

/** Whether the script node was asked to run (`argv[1]`) is this module, symlinks resolved. */
export const runsAsEntry = (argv1: string | undefined, moduleFile: string): boolean =>
  argv1 !== undefined && realPath(argv1) === realPath(moduleFile);

// Run directly (`node dist/supervisor.js`, through a symlink too); the TypeScript runner calls
// main() itself.
if (runsAsEntry(process.argv[1], fileURLToPath(import.meta.url))) {
  void main(...process.argv.slice(2));
}
