import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import type { PrintPayload } from '@dpms/core';
import { createPrintApp } from './app.js';
import type { PrintServiceConfig } from './config.js';
import { PrintPool } from './print-pool.js';
import type { RequiredFont } from './prerequisites.js';
import { WARM_PAYLOAD } from './warm-payload.js';
import { PRINT_PAGE } from './web-dir.js';

export type PrintLog = (level: 'info' | 'warn' | 'error', data: object, message: string) => void;

export interface RunningPrintService {
  /** http://host:port */
  readonly url: string;
  readonly port: number;
  readonly pool: PrintPool;
  /** Boot finished (browser warm, or the service knows why it cannot print). */
  readonly ready: Promise<void>;
  /** Stops taking requests, closes the browser and waits until its processes have exited. */
  close(): Promise<void>;
}

export interface PrintServiceExtras {
  readonly log?: PrintLog;
  readonly fonts?: readonly RequiredFont[];
  /** null skips the warm-up print. */
  readonly warmPayload?: PrintPayload | null;
  /** Origins besides its own the print page may load (a test page's gate; none in production). */
  readonly extraOrigins?: readonly string[];
}

/**
 * Listens first, then boots the pool, so `/health` answers while the browser starts; requests that
 * arrive meanwhile wait in the queue.
 */
export async function startPrintService(
  config: PrintServiceConfig,
  extras: PrintServiceExtras = {},
): Promise<RunningPrintService> {
  let url = '';
  const pool = new PrintPool({
    chromiumPath: config.chromiumPath,
    pageUrl: () => `${url}/${PRINT_PAGE}`,
    printPageFile: path.join(config.webDir, PRINT_PAGE),
    tabs: config.tabs,
    maxQueue: config.maxQueue,
    maxJobsPerBrowser: config.maxJobsPerBrowser,
    jobTimeoutMs: config.jobTimeoutMs,
    probeIntervalMs: config.probeIntervalMs,
    probeTimeoutMs: config.probeTimeoutMs,
    ...(extras.fonts ? { fonts: extras.fonts } : {}),
    ...(extras.warmPayload === null ? {} : { warmPayload: extras.warmPayload ?? WARM_PAYLOAD }),
    ...(extras.log ? { log: extras.log } : {}),
    ...(extras.extraOrigins ? { extraOrigins: extras.extraOrigins } : {}),
  });
  const app = createPrintApp({
    pool,
    webDir: config.webDir,
    bodyLimitBytes: config.bodyLimitBytes,
  });
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const ready = pool.start();
  let closing: Promise<void> | null = null;
  return {
    url,
    port,
    pool,
    ready,
    close: () =>
      (closing ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await pool.stop();
        server.closeAllConnections();
        await closed;
      })()),
  };
}
