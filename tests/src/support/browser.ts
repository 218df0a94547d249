import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject, type TestContext } from 'vitest';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/** Without the network flags Chromium stalls on an offline machine (DESIGN.md §11). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const ARTIFACTS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../artifacts',
);

export const DESKTOP = { width: 1366, height: 768 };
export const PHONE = { width: 375, height: 812 };

/**
 * When the test failed, leaves a full-page screenshot of `page` in tests/artifacts/, named after
 * `prefix` and the test; says whether it did.
 */
export async function screenshotIfFailed(
  ctx: TestContext,
  page: Page | undefined,
  prefix: string,
): Promise<boolean> {
  const failed = ctx.task.result?.state === 'fail' || (ctx.task.result?.errors?.length ?? 0) > 0;
  if (!failed || !page) return false;
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const name = `${prefix}-${ctx.task.name}`.replace(/[^\w\u4e00-\u9fa5-]+/g, '_').slice(0, 150);
  await page
    .screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`), fullPage: true })
    .catch(() => undefined);
  return true;
}

export interface BrowserSession {
  readonly baseURL: string;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
}

/**
 * One Chromium per test file and a fresh context (fresh storage) per test. A failed test leaves
 * a full-page screenshot in tests/artifacts/.
 */
export function useBrowser(viewport = DESKTOP): () => BrowserSession {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  const baseURL = inject('baseURL');
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await browser!.newContext({ viewport, baseURL, locale: 'zh-CN' });
    page = await context.newPage();
  });
  afterEach(async (ctx) => {
    await screenshotIfFailed(ctx, page, ctx.task.file?.name ?? 'e2e');
    await context?.close();
  });
  return () => ({ baseURL, browser: browser!, context: context!, page: page! });
}
