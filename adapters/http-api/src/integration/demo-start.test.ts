import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../test-support/child-servers.js';
import { lanAddresses } from '../composition/startup-banner.js';
import { LEGACY_KEY_FILE } from '../identity/jwt-secret.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../test-support/test-database.js';

/**
 * The real entry point (src/main.ts, what `npm start` runs) started as
 * a child process. Demo mode listens on 127.0.0.1 and says so in plain words; HOST opens it; a
 * production start without JWT_SECRET refuses; instances without JWT_SECRET on one database share
 * the database's signing key.
 */

const RUNNER = fileURLToPath(new URL('../test-support/run-ts-child.mjs', import.meta.url));
const CHILD = fileURLToPath(new URL('../test-support/main-child.ts', import.meta.url));

interface Started {
  readonly proc: ChildProcess;
  /** What `server.address()` answered, from the `listening` log line. */
  readonly address: { address: string; port: number };
  /** Everything printed to stdout up to the end of the start-up banner. */
  readonly stdout: string;
  readonly base: string;
}

/** The environment of a child: this one's, less every variable main reads that a test sets. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const k of ['NODE_ENV', 'JWT_SECRET', 'HOST', 'DATABASE_URL', 'ADMIN_PASSWORD', 'PORT'])
    delete base[k];
  return { ...base, PORT: '0', PRINT_SERVICE_START: '0', LOG_LEVEL: 'info', ...env };
}

const BANNER = /={72}\n[\s\S]*?={72}\n/;

/**
 * A child compiles the whole server from source before it listens; on a loaded two-core CI
 * machine (the browser suites run beside this one) that alone has taken 40 s, so a test that
 * starts two of them one after the other gets more than the suite's 60 s. Not a speed limit:
 * only how long to wait before calling the start lost.
 */
const CHILD_STARTS = { timeout: 240_000 };

function start(env: Record<string, string>): Promise<Started> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [RUNNER, CHILD], {
      env: childEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let started = false;
    proc.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      // The JSON log line and the banner are written separately: wait for both.
      const line = out.split('\n').find((l) => l.includes('"listening on port'));
      if (started || line === undefined || !BANNER.test(out)) return;
      started = true;
      const address = (JSON.parse(line) as { address: Started['address'] }).address;
      resolve({ proc, address, stdout: out, base: `http://127.0.0.1:${address.port}/prod-api` });
    });
    proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
    proc.on('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)));
  });
}

/** The exit code and stderr of a start that is expected to end by itself. */
function run(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, [RUNNER, CHILD], {
      env: childEnv(env),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    proc.stderr.on('data', (c: Buffer) => (err += c.toString()));
    proc.on('exit', (code) => resolve({ code, stderr: err }));
  });
}

async function stop(s: Started | undefined): Promise<void> {
  if (!s || s.proc.exitCode !== null) return;
  const exited = new Promise((r) => s.proc.once('exit', r));
  s.proc.kill('SIGTERM');
  await exited;
}

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const login = async (base: string, username: string): Promise<string> => {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: 'admin123' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
};

describe('npm start on the embedded database', CHILD_STARTS, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dpms-demo-start-'));
  let demo: Started | undefined;
  let open: Started | undefined;
  beforeAll(async () => {
    demo = await start({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await stop(demo);
    await stop(open);
  });

  it('in demo mode listens on 127.0.0.1 only and says in plain words how to use it', async () => {
    const s = demo!;
    expect(s.address.address).toBe('127.0.0.1');
    const banner = BANNER.exec(s.stdout)?.[0] ?? '';
    expect(banner).toContain('演示模式');
    expect(banner).toContain(`http://127.0.0.1:${s.address.port}/`);
    expect(banner).toContain('admin / admin123');
    expect(banner).toContain('README.md');
    expect(banner).toContain('HOST=0.0.0.0');
    expect(await accepts('127.0.0.1', s.address.port)).toBe(true);
    // Another address of this machine is refused (when the machine has one).
    for (const a of lanAddresses()) expect(await accepts(a, s.address.port)).toBe(false);
    const captcha = await fetch(`${s.base}/captchaImage`);
    expect(captcha.status).toBe(200);
  });

  it('HOST=0.0.0.0 opens it to every interface, and the banner says so', async () => {
    await stop(demo);
    open = await start({ DATA_DIR: dataDir, HOST: '0.0.0.0' });
    expect(open.address.address).toBe('0.0.0.0');
    const banner = BANNER.exec(open.stdout)?.[0] ?? '';
    expect(banner).toContain('已对网络开放');
    expect(banner).toContain(`http://localhost:${open.address.port}/`);
    expect(banner).not.toContain('HOST=0.0.0.0 npm start');
    for (const a of lanAddresses()) expect(await accepts(a, open.address.port)).toBe(true);
    // The signing key lives in the database: a token from the first start still works.
    const token = await login(open.base, 'admin');
    const info = await fetch(`${open.base}/getInfo`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(info.status).toBe(200);
  });

  it('a port already in use stops the start with the reason, instead of a server that does not listen', async () => {
    const { createServer } = await import('node:net');
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    try {
      const r = await run({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'dpms-busy-port-')),
        PORT: String(port),
      });
      expect(r.code).not.toBe(0);
      expect(r.code).not.toBeNull();
      expect(r.stderr).toContain('EADDRINUSE');
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('in production without JWT_SECRET exits non-zero and says why', async () => {
    const r = await run({
      NODE_ENV: 'production',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'dpms-prod-start-')),
    });
    expect(r.code).not.toBe(0);
    expect(r.code).not.toBeNull();
    expect(r.stderr).toContain('生产模式必须设置 JWT_SECRET');
  });
});

describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'instances without JWT_SECRET on one PostgreSQL database',
  CHILD_STARTS,
  () => {
    let db: TestDatabase;
    const servers: Started[] = [];
    let url = '';
    const legacyKey = 'legacy-demo-key-from-data-dir-0123456789abcdef';
    beforeAll(async () => {
      db = await openTestDatabase('postgres');
      url = await testDatabaseUrl(db.handle.db);
    });
    afterAll(async () => {
      for (const s of servers) await stop(s);
      await db?.close();
    });

    it('share one signing key: a token from one instance is accepted by the other', async () => {
      // The first instance is an upgraded demo install: its key file moves into the database.
      const first = mkdtempSync(path.join(tmpdir(), 'dpms-key-a-'));
      writeFileSync(path.join(first, LEGACY_KEY_FILE), legacyKey);
      const a = await start({ DATA_DIR: first, DATABASE_URL: url });
      servers.push(a);
      const b = await start({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'dpms-key-b-')),
        DATABASE_URL: url,
      });
      servers.push(b);
      const stored = await sql<{
        secret: string;
      }>`select secret from sys_signing_key`.execute(db.handle.db);
      expect(stored.rows.map((r) => r.secret)).toEqual([legacyKey]);
      for (const [from, to] of [
        [a, b],
        [b, a],
      ] as const) {
        const token = await login(from.base, 'xmjl');
        const info = await fetch(`${to.base}/getInfo`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(info.status).toBe(200);
      }
    });
  },
);
