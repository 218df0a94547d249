import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { PRINT_READY_ATTRIBUTE, type PrintPayload } from '@dpms/core';
import { launchChromium } from '../chromium.js';
import { printConfigFromEnv, type PrintServiceConfig } from '../config.js';
import { startPrintService, type RunningPrintService } from '../service.js';
import { contractPayload } from '../testing/sample-payloads.js';
import { defaultWebDir, PRINT_PAGE } from '../web-dir.js';

/**
 * `npm run bench` for printing: for one contract (type 1, signed by three nodes), measured side by
 * side in one process on this machine:
 * - the median time of one PDF through the service (HTTP, queue, tab, print page, PDF) against
 *   Chromium printing the identical HTML with nothing around it, in a page already open;
 * - the throughput with 8 concurrent requests against bare Chromium printing that HTML in as many
 *   open pages as the service has tabs;
 * - the time from start to the first PDF (service start, browser launch and warm-up, first
 *   request) against launching bare Chromium and printing the HTML once.
 * Reports go to bench-results/ as Markdown and JSON.
 */
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 15);
const CONCURRENCY = 8;
const THROUGHPUT_JOBS = Number(process.env['BENCH_JOBS'] ?? 48);
const PDF_OPTIONS = { format: 'A4', printBackground: true, tagged: false } as const;

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function renderOnce(service: RunningPrintService, payload: PrintPayload): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${service.url}/render`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const bytes = await res.arrayBuffer();
  if (res.status !== 200 || bytes.byteLength < 1000) throw new Error(`render: ${res.status}`);
  return performance.now() - t;
}

/**
 * The printed document as one self-contained HTML file: the print page's DOM after rendering the
 * payload, its style sheets inlined (images are data: URLs already), so the baseline prints the
 * same thing without the service, the web's scripts or any request.
 */
async function standaloneHtml(
  browser: Browser,
  service: RunningPrintService,
  payload: PrintPayload,
) {
  const page = await browser.newPage();
  try {
    await page.goto(`${service.url}/${PRINT_PAGE}`, { waitUntil: 'load' });
    await page.evaluate(async (p: PrintPayload) => {
      const w = globalThis as unknown as { renderPrint: (p: PrintPayload) => Promise<void> };
      await w.renderPrint(p);
    }, payload);
    await page.waitForSelector(`html[${PRINT_READY_ATTRIBUTE}="1"]`);
    return await page.evaluate(() => {
      const d = globalThis as unknown as {
        document: {
          styleSheets: Iterable<{ cssRules: Iterable<{ cssText: string }> }>;
          documentElement: { getAttribute(n: string): string | null };
          body: { innerHTML: string };
        };
      };
      const css = [...d.document.styleSheets]
        .map((s) => [...s.cssRules].map((r) => r.cssText).join('\n'))
        .join('\n');
      const lang = d.document.documentElement.getAttribute('lang') ?? 'zh-CN';
      return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>${css}</style></head><body>${d.document.body.innerHTML}</body></html>`;
    });
  } finally {
    await page.close();
  }
}

async function bareOnce(page: Page, html: string): Promise<number> {
  const t = performance.now();
  await page.setContent(html, { waitUntil: 'load' });
  const pdf = await page.pdf(PDF_OPTIONS);
  if (pdf.byteLength < 1000) throw new Error('bare print failed');
  return performance.now() - t;
}

/** Runs `jobs` tasks with `concurrency` workers; answers PDFs per second. */
async function throughput(
  jobs: number,
  concurrency: number,
  task: (worker: number) => Promise<unknown>,
) {
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next < jobs) {
        next += 1;
        await task(worker);
      }
    }),
  );
  return jobs / ((performance.now() - t) / 1000);
}

export async function main(): Promise<void> {
  const webDir = defaultWebDir();
  const base: PrintServiceConfig = {
    ...printConfigFromEnv({}, { webDir }),
    port: 0,
    probeIntervalMs: 0,
  };
  const payload = contractPayload(1);

  // Time from start to the first PDF: a fresh service (browser launch, warm-up) and one request.
  const t0 = performance.now();
  const service = await startPrintService(base);
  await renderOnce(service, payload);
  const startToFirstPdf = performance.now() - t0;

  // The baseline's HTML, captured once from the service's print page.
  const bare = await launchChromium(base.chromiumPath);
  const html = await standaloneHtml(bare, service, payload);
  const bareFirstPage = await bare.newPage();
  await bareOnce(bareFirstPage, html);
  // Bare Chromium from launch to its first PDF of that HTML.
  const bareStart = performance.now();
  const fresh = await launchChromium(base.chromiumPath);
  await bareOnce(await fresh.newPage(), html);
  const bareStartToFirstPdf = performance.now() - bareStart;
  await fresh.close();

  try {
    // Median single PDF, interleaved with the baseline so both see the same load.
    for (let i = 0; i < 3; i += 1) {
      await renderOnce(service, payload);
      await bareOnce(bareFirstPage, html);
    }
    const serviceTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      serviceTimes.push(await renderOnce(service, payload));
      bareTimes.push(await bareOnce(bareFirstPage, html));
    }

    // Throughput with 8 concurrent requests, and bare Chromium with as many open pages as tabs.
    const serviceRate = await throughput(THROUGHPUT_JOBS, CONCURRENCY, () =>
      renderOnce(service, payload),
    );
    const pages = [bareFirstPage];
    while (pages.length < base.tabs) pages.push(await bare.newPage());
    const bareRate = await throughput(THROUGHPUT_JOBS, base.tabs, (w) => bareOnce(pages[w]!, html));

    const result = {
      machine: {
        cores: availableParallelism(),
        tabs: base.tabs,
        rounds: ROUNDS,
        jobs: THROUGHPUT_JOBS,
      },
      medianMs: { service: median(serviceTimes), bare: median(bareTimes) },
      medianRatio: median(serviceTimes) / median(bareTimes),
      throughput: { service: serviceRate, bare: bareRate, ratio: serviceRate / bareRate },
      startToFirstPdfMs: {
        service: startToFirstPdf,
        bare: bareStartToFirstPdf,
        ratio: startToFirstPdf / bareStartToFirstPdf,
      },
    };
    const f = (n: number, d = 0) => n.toFixed(d);
    // The table row (the summary of \`npm run bench\` gathers every bench's \`figures\`).
    const figures = [
      {
        order: 7,
        figure: `PDFs per second, ${CONCURRENCY} concurrent requests`,
        measured: `${f(serviceRate, 2)} PDF/s`,
        ceiling: `bare Chromium printing the same HTML in ${base.tabs} open pages: ${f(bareRate, 2)} PDF/s`,
        ratio: result.throughput.ratio,
        goal: '≥ 0.9',
        met: result.throughput.ratio >= 0.9,
      },
    ];
    const md = [
      '# Print service bench',
      '',
      `One type 1 contract with three signatures; ${result.machine.cores} cores, ${base.tabs} tabs.`,
      '',
      '| what | service | bare Chromium, same HTML | ratio |',
      '|---|---|---|---|',
      `| median time of one PDF (${ROUNDS} rounds) | ${f(result.medianMs.service)} ms | ${f(result.medianMs.bare)} ms (page already open) | ${f(result.medianRatio, 2)} |`,
      `| throughput, ${CONCURRENCY} concurrent requests (${THROUGHPUT_JOBS} PDFs) | ${f(serviceRate, 2)} PDF/s | ${f(bareRate, 2)} PDF/s (${base.tabs} open pages) | ${f(result.throughput.ratio, 2)} |`,
      `| start to first PDF | ${f(startToFirstPdf)} ms (service start, warm-up, request) | ${f(bareStartToFirstPdf)} ms (launch, print) | ${f(result.startToFirstPdfMs.ratio, 2)} |`,
      '',
    ].join('\n');
    const out = path.resolve('bench-results');
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, 'print.md'), md);
    writeFileSync(
      path.join(out, 'print.json'),
      `${JSON.stringify({ ...result, figures }, null, 2)}\n`,
    );
    process.stdout.write(`${md}\n`);
  } finally {
    await bare.close();
    await service.close();
  }
}
