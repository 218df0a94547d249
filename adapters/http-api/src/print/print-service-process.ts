import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';

/** The built print service next to this package in the monorepo (print-service/dist/main.js). */
export function defaultPrintServiceMain(): string {
  return path.resolve(
    path.dirname(new URL(import.meta.url).pathname),
    '../../../../print-service/dist/main.js',
  );
}

export interface PrintServiceProcess {
  /** Asks the print service to stop (it closes its browser) and waits until it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts the print service beside the API (`npm start`), listening where PRINT_SERVICE_URL's
 * default points. Its failure never stops the API: the PDF calls answer 503 until a print service
 * answers. The child holds an IPC channel, so it also stops if this process dies without asking.
 */
export function startPrintServiceBeside(
  url: string,
  logger: Logger,
  main = defaultPrintServiceMain(),
): PrintServiceProcess | null {
  if (!existsSync(main)) {
    logger.warn({ main }, 'print service not built; PDFs answer 503 (npx turbo run build)');
    return null;
  }
  const target = new URL(url);
  let stopping = false;
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, PRINT_HOST: target.hostname, PRINT_PORT: target.port || '80' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('error', (e) => logger.warn({ err: e }, 'print service could not start'));
  child.on('exit', (code, signal) => {
    if (!stopping) {
      logger.warn({ code, signal }, 'print service exited; PDFs answer 503 until one runs');
    }
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
