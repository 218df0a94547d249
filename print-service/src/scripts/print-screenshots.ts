import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONTRACT_DOC_TYPES, type PrintPayload } from '@dpms/core';
import { startTestService } from '../test-support/fixture-service.js';
import { firstPageToPng } from '../testing/pdf-inspect.js';
import { approvalSheetPayload, contractPayload } from '../testing/sample-payloads.js';
import { defaultWebDir } from '../web-dir.js';

/**
 * The README's pictures of printed documents: each contract type and an approval sheet with three
 * signatures, printed through the service on the web's built print page, first page as PNG
 * (pdftoppm). Run: npm run screenshots -w @dpms/print-service [out dir].
 */
export async function main(outDir = '../docs/screenshots/print'): Promise<void> {
  const out = path.resolve(outDir);
  mkdirSync(out, { recursive: true });
  const service = await startTestService({ webDir: defaultWebDir(), tabs: 2 });
  const tmp = await mkdtemp(path.join(tmpdir(), 'dpms-print-'));
  try {
    const docs: [string, PrintPayload][] = [
      ...CONTRACT_DOC_TYPES.map((t): [string, PrintPayload] => [
        `contract-type-${t}`,
        contractPayload(t),
      ]),
      ['approval-sheet', approvalSheetPayload()],
    ];
    for (const [name, payload] of docs) {
      const pdf = await service.pool.render(payload);
      writeFileSync(path.join(tmp, `${name}.pdf`), pdf);
      await firstPageToPng(pdf, path.join(out, `${name}.png`));
      process.stdout.write(`${path.join(out, `${name}.png`)}\n`);
    }
  } finally {
    await service.close();
    await rm(tmp, { recursive: true, force: true });
  }
}
