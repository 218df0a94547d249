/// <reference lib="dom" />
// The callbacks given to page.evaluate run in the browser, so this file sees the DOM types.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, DESKTOP } from '../support/browser.js';
import { startServer } from '../support/e2e-server.js';
import { DEMO_PASSWORD } from '../support/shell.js';
import { initialJs, readManifest, type InitialJs } from './web-bundle.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);

/**
 * Serves a built directory (index.html for any path without a file), passing `/prod-api/*` on to
 * the API at `api`, so the empty page makes its `/login` call to the same server as the web.
 */
function serveStatic(dir: string, api: string): Promise<{ server: Server; base: string }> {
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html; charset=utf-8',
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/prod-api/')) {
      const target = new URL(req.url ?? '/', api);
      const forward = request(
        target,
        { method: req.method, headers: { ...req.headers, host: target.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      req.pipe(forward);
      return;
    }
    const file = path.join(dir, path.normalize(url.pathname).replace(/^([/\\])+/, ''));
    let body: Buffer;
    let type = types[path.extname(file)] ?? 'application/octet-stream';
    try {
      if (!file.startsWith(dir) || url.pathname === '/') throw new Error('index');
      body = readFileSync(file);
    } catch {
      body = readFileSync(path.join(dir, 'index.html'));
      type = types['.html']!;
    }
    res.writeHead(200, { 'Content-Type': type });
    res.end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

/** Milliseconds from submitting the login form to the next page drawn and the main thread idle. */
async function loginToInteractive(
  browser: Browser,
  base: string,
  ready: (page: Page) => Promise<void>,
): Promise<number> {
  const context = await browser.newContext({ viewport: DESKTOP, baseURL: base, locale: 'zh-CN' });
  // A bench on a busy machine: waits are long rather than failed (no limit is being tested).
  context.setDefaultTimeout(300_000);
  const page = await context.newPage();
  // What went wrong, should a page not come up.
  page.on('pageerror', (e) => console.warn(`${base}: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) console.warn(`${base}: ${r.status()} ${r.url()}`);
  });
  try {
    await page.goto('/login');
    await page.locator('#login-username').waitFor();
    await page.locator('#login-username').fill('admin');
    await page.locator('#login-password').fill(DEMO_PASSWORD);
    const started = performance.now();
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await ready(page);
    // Interactive: the next frame is painted and a task after it runs, so the main thread is
    // free to take input. (requestIdleCallback is not used: headless Chromium may never call it.)
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(), 0))),
    );
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function measure(run: () => Promise<number>): Promise<{ runs: number[]; median: number }> {
  await run(); // warm-up: the browser's own caches and the server's first requests
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await run());
  return { runs, median: median(runs) };
}

/**
 * The web's initial JavaScript (the entry chunk and its static imports, gzipped, from the Vite
 * manifest) and the time from submitting the login form to the welcome page being interactive
 * (Debian Chromium via playwright-core, the built server on the embedded PostgreSQL server), each next to the same figure
 * for an empty Vite React page built in the same run with the same Vite. Writes
 * bench-results/web.{json,md}.
 */
export async function main(): Promise<void> {
  // Not under a dot-directory: the server's static files refuse paths with a dot segment.
  const work = mkdtempSync(path.join(tmpdir(), 'dpms-web-bench-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let empty: { server: Server; base: string } | undefined;
  let browser: Browser | undefined;
  try {
    const webOut = path.join(work, 'web');
    const emptyOut = path.join(work, 'empty');
    // A plain Node process builds both with the web's Vite (see build-pages.mjs).
    const built = spawnSync(
      process.execPath,
      [path.join(HERE, 'build-pages.mjs'), webOut, emptyOut],
      { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
    if (built.status !== 0) throw new Error(`building the pages failed (${built.status})`);
    const webJs: InitialJs = initialJs(readManifest(webOut), webOut);
    const emptyJs: InitialJs = initialJs(readManifest(emptyOut), emptyOut);

    server = await startServer({ webDir: webOut });
    empty = await serveStatic(emptyOut, server.baseURL);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const b = browser;
    const emptyBase = empty.base;
    const appBase = server.baseURL;
    console.warn(`built; measuring ${emptyBase} (empty page) and ${appBase} (web)`);
    const emptyTime = await measure(() =>
      loginToInteractive(b, emptyBase, (page) => page.getByTestId('welcome').waitFor()),
    );
    console.warn('empty page measured');
    const appTime = await measure(() =>
      loginToInteractive(b, appBase, async (page) => {
        await page.waitForURL('**/welcome/welcome');
        await page.getByTestId('user-label').waitFor();
        await page.getByRole('button', { name: '使用提示' }).waitFor();
      }),
    );

    const report = {
      when: new Date().toISOString(),
      runs: RUNS,
      initialJs: {
        web: webJs,
        emptyReact: emptyJs,
        ratio: webJs.gzipBytes / emptyJs.gzipBytes,
      },
      loginToInteractiveMs: {
        web: appTime,
        emptyReact: emptyTime,
        ratio: appTime.median / emptyTime.median,
      },
    };
    const loginRatio = report.loginToInteractiveMs.ratio;
    // The issue's table row (the summary of `npm run bench` gathers every bench's `figures`).
    const figures = [
      {
        order: 6,
        figure: 'login → welcome interactive',
        measured: `${appTime.median.toFixed(0)} ms (median of ${RUNS})`,
        ceiling: `an empty Vite React page making the same /login call, then rendering: ${emptyTime.median.toFixed(0)} ms`,
        ratio: loginRatio,
        goal: '≤ 2×',
        met: loginRatio <= 2,
      },
    ];
    const dir = path.resolve('bench-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'web.json'), JSON.stringify({ ...report, figures }, null, 2));
    const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
    const ms = (n: number) => `${n.toFixed(0)} ms`;
    const md = [
      '# The web against an empty Vite React page, built and measured in the same run',
      '',
      `Chromium ${browser.version()} (headless), ${RUNS} runs after a warm-up, median.`,
      '',
      '| what | web | empty Vite React page | ratio |',
      '|---|---|---|---|',
      `| initial JavaScript, gzipped (entry + static imports) | ${kb(webJs.gzipBytes)} in ${webJs.files.length} files (${kb(webJs.bytes)} raw) | ${kb(emptyJs.gzipBytes)} in ${emptyJs.files.length} files (${kb(emptyJs.bytes)} raw) | ${report.initialJs.ratio.toFixed(1)}× |`,
      `| login form submitted → welcome page interactive (the empty page makes the same /login call) | ${ms(appTime.median)} (${appTime.runs.map((r) => r.toFixed(0)).join(', ')}) | ${ms(emptyTime.median)} (${emptyTime.runs.map((r) => r.toFixed(0)).join(', ')}) | ${report.loginToInteractiveMs.ratio.toFixed(1)}× |`,
      '',
    ].join('\n');
    writeFileSync(path.join(dir, 'web.md'), md);
    console.warn(md);
  } finally {
    await browser?.close();
    if (empty) await new Promise<void>((r) => empty!.server.close(() => r()));
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
