import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  defaultWebDir,
  printConfigFromEnv,
  startPrintService,
  type RunningPrintService,
} from '@dpms/print-service';

/**
 * A real print service for the PDF tests: in this process, on a free port, one Chromium tab
 * printing on the web's built print page, no warm-up page and no health probe. Ready when it
 * returns; the caller closes it.
 */
export async function startTestPrintService(): Promise<RunningPrintService> {
  const service = await startPrintService(
    {
      ...printConfigFromEnv({}, { webDir: defaultWebDir() }),
      port: 0,
      tabs: 1,
      probeIntervalMs: 0,
    },
    { warmPayload: null },
  );
  await service.ready;
  return service;
}

/** A PDF's text without its layout's spaces and line breaks. */
export const compact = (s: string) => s.replace(/\s+/g, '');

/** supertest's `.parse()` for a binary answer (a PDF): the body as one Buffer. */
export const binary = (
  res: NodeJS.ReadableStream,
  done: (e: Error | null, body: Buffer) => void,
) => {
  const parts: Buffer[] = [];
  res.on('data', (c: Buffer) => parts.push(c));
  res.on('end', () => done(null, Buffer.concat(parts)));
};

/** What poppler's pdfsig says of a PDF, written as `name`.pdf under `dir`. */
export function pdfsig(dir: string, pdf: Uint8Array, name: string): string {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const run = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}
