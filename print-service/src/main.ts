import { printConfigFromEnv } from './config.js';
import { startPrintService, type PrintLog } from './service.js';
import { defaultWebDir } from './web-dir.js';

const LEVELS = { info: 30, warn: 40, error: 50 } as const;
const THRESHOLD: Record<string, number> = { debug: 20, info: 30, warn: 40, error: 50, silent: 100 };
const minimum = THRESHOLD[process.env['LOG_LEVEL'] ?? 'info'] ?? 30;

/** One JSON line per event on stdout, like the API's logs; LOG_LEVEL (info) filters them. */
const log: PrintLog = (level, data, message) => {
  if (LEVELS[level] < minimum) return;
  process.stdout.write(
    `${JSON.stringify({ level, time: new Date().toISOString(), name: 'print-service', ...data, msg: message })}\n`,
  );
};

/**
 * The print service's entry point (environment in config.ts). SIGTERM and SIGINT close the browser
 * and wait for its processes to exit before this process exits, so no Chromium is left behind.
 */
export async function main(): Promise<void> {
  const config = printConfigFromEnv(process.env, { webDir: defaultWebDir() });
  const service = await startPrintService(config, { log });
  log('info', { port: service.port, web: config.webDir }, `listening on ${service.url}`);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log('info', { signal }, 'stopping');
    service.close().then(
      () => {
        log('info', {}, 'stopped');
        process.exit(0);
      },
      (e: unknown) => {
        console.error(e);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('SIGHUP', stop);
  // Started by the API with an IPC channel: when the API goes, so does the print service.
  if (process.connected) process.on('disconnect', () => stop('SIGTERM'));
  await service.ready;
}

// Run when started as a program (node dist/main.js), not when imported.
if (process.argv[1] && new URL(import.meta.url).pathname === process.argv[1]) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
