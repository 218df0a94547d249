import { availableParallelism } from 'node:os';
import { DEFAULT_CHROMIUM_PATH } from './chromium.js';

/** What the print service reads from its environment, typed once. */
export interface PrintServiceConfig {
  readonly host: string;
  /** 0 picks a free port (tests). */
  readonly port: number;
  readonly chromiumPath: string;
  /** The built web: print.html and its assets. */
  readonly webDir: string;
  readonly tabs: number;
  readonly maxQueue: number;
  readonly maxJobsPerBrowser: number;
  readonly jobTimeoutMs: number;
  readonly probeIntervalMs: number;
  readonly probeTimeoutMs: number;
  /** Largest JSON payload accepted, in bytes; a larger one answers 413. */
  readonly bodyLimitBytes: number;
}

export const DEFAULT_PRINT_PORT = 8090;
/** Signature images travel inline as data: URLs; a few hundred KB each, a dozen at most. */
export const DEFAULT_BODY_LIMIT = 8 * 1024 * 1024;

const int = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`not a whole number: ${value}`);
  return n;
};

/**
 * PRINT_HOST (127.0.0.1), PRINT_PORT (8090), CHROMIUM_PATH (/usr/bin/chromium), PRINT_WEB_DIR
 * (the web's dist), PRINT_TABS (one per core, at most 4), PRINT_QUEUE (32), PRINT_MAX_JOBS (500),
 * PRINT_JOB_TIMEOUT_MS (60 s, queue time included), PRINT_PROBE_INTERVAL_MS (30 s),
 * PRINT_BODY_LIMIT (8 MiB).
 */
export function printConfigFromEnv(
  env: NodeJS.ProcessEnv,
  defaults: { readonly webDir: string },
): PrintServiceConfig {
  return {
    host: env['PRINT_HOST'] || '127.0.0.1',
    port: int(env['PRINT_PORT'], DEFAULT_PRINT_PORT),
    chromiumPath: env['CHROMIUM_PATH'] || DEFAULT_CHROMIUM_PATH,
    webDir: env['PRINT_WEB_DIR'] || defaults.webDir,
    tabs: Math.max(1, int(env['PRINT_TABS'], Math.min(4, availableParallelism()))),
    maxQueue: int(env['PRINT_QUEUE'], 32),
    maxJobsPerBrowser: Math.max(1, int(env['PRINT_MAX_JOBS'], 500)),
    jobTimeoutMs: Math.max(1, int(env['PRINT_JOB_TIMEOUT_MS'], 60_000)),
    probeIntervalMs: int(env['PRINT_PROBE_INTERVAL_MS'], 30_000),
    probeTimeoutMs: Math.max(1, int(env['PRINT_PROBE_TIMEOUT_MS'], 5_000)),
    bodyLimitBytes: Math.max(1, int(env['PRINT_BODY_LIMIT'], DEFAULT_BODY_LIMIT)),
  };
}
