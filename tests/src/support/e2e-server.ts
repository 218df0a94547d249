import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REAL_STATUS } from './shell.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SERVER_MAIN = path.join(ROOT, 'adapters/http-api/dist/main.js');
export const WEB_DIST = path.join(ROOT, 'web/dist');

export interface RunningServer {
  baseURL: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server (built API and web) on the embedded database in a fresh data
 * directory and a free port; resolves once it answers.
 */
export async function startServer(options: { webDir?: string } = {}): Promise<RunningServer> {
  if (!existsSync(SERVER_MAIN))
    throw new Error(`${SERVER_MAIN} is missing: build @dpms/http-api first`);
  if (!existsSync(path.join(WEB_DIST, 'index.html')))
    throw new Error(`${WEB_DIST} is missing: build @dpms/web first`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dpms-e2e-'));
  const port = await freePort();
  // The print service the API starts beside itself gets its own free port too, so parallel runs
  // and a running `npm start` (8090) never meet on one.
  const printPort = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIR: options.webDir ?? WEB_DIST,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      PRINT_SERVICE_URL: `http://127.0.0.1:${printPort}`,
      PRINT_SERVICE_START: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 120_000;
  // Ready means the API answers and the print service beside it has its browser up, so the first
  // PDF a test asks for is rendered rather than answered 503 while Chromium starts.
  for (const url of [`${baseURL}/prod-api/captchaImage`, `http://127.0.0.1:${printPort}/health`]) {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
      try {
        const res = await fetch(url, { headers: REAL_STATUS });
        await res.arrayBuffer();
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        child.kill('SIGTERM');
        throw new Error(`server did not start in time (${url}):\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return {
    baseURL,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
