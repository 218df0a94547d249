import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  CONTRACT_DOC_TYPES,
  amountInWords,
  contractClauses,
  type ContractDocType,
  type PrintPayload,
} from '@dpms/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningPrintService } from './service.js';
import { postRender, startTestService } from './test-support/fixture-service.js';
import { readPdf, type PdfReading } from './testing/pdf-inspect.js';
import {
  SAMPLE_SIGNERS,
  approvalSheetPayload,
  contractPayload,
} from './testing/sample-payloads.js';
import { defaultWebDir, PRINT_PAGE } from './web-dir.js';

/**
 * The real thing end to end: the web's built print page (turbo builds @dpms/web before this
 * package's tests) in Debian Chromium through the service's HTTP API, read back with poppler.
 */
const webDir = defaultWebDir();

const compact = (s: string) => s.replace(/\s+/g, '');

async function print(service: RunningPrintService, payload: PrintPayload): Promise<PdfReading> {
  const res = await postRender(service, payload);
  if (res.status !== 200) throw new Error(`render answered ${res.status}: ${await res.text()}`);
  return readPdf(new Uint8Array(await res.arrayBuffer()));
}

/** Every font a CID TrueType subset, embedded; none drawn as Type 3 glyph procedures. */
function expectEmbeddedTrueTypeSubsets(pdf: PdfReading): void {
  expect(pdf.fonts.length).toBeGreaterThan(0);
  for (const font of pdf.fonts) {
    expect(font.type, font.name).toBe('CID TrueType');
    expect(font.embedded, font.name).toBe(true);
    expect(font.subset, font.name).toBe(true);
    expect(font.name).toMatch(/^[A-Z]{6}\+/);
  }
  expect(pdf.fonts.some((f) => /UMing|ZenHei|WenQuanYi/i.test(f.name))).toBe(true);
}

describe('printing through the web print page', () => {
  let service: RunningPrintService;
  beforeAll(async () => {
    expect(existsSync(path.join(webDir, PRINT_PAGE)), `${webDir}/${PRINT_PAGE}`).toBe(true);
    service = await startTestService({ webDir, tabs: 2 });
    expect(service.pool.status().state).toBe('ready');
  });
  afterAll(async () => {
    await service?.close();
  });

  it.each(CONTRACT_DOC_TYPES.map((t) => [t]))(
    'contract type %i prints its name, parties, amount in figures and words, clauses and signers',
    async (type: ContractDocType) => {
      const payload = contractPayload(type);
      const pdf = await print(service, payload);
      const text = pdf.compactText;
      expect(pdf.pageSize).toContain('(A4)');
      expect(text).toContain(compact(payload.contractName));
      expect(text).toContain(compact(payload.values.signBySub));
      expect(text).toContain(compact(payload.values.signByMain));
      expect(text).toContain(payload.values.totalAmount);
      const words = amountInWords(payload.values.totalAmount);
      expect(words).not.toBe('');
      expect(text).toContain(words);
      if (type === 8) expect(text).toContain(amountInWords(payload.values.withinAmount));
      for (const clause of contractClauses(type)) {
        expect(text, clause.key).toContain(compact(clause.title));
        expect(text, clause.key).toContain(compact(clause.text));
      }
      for (const signer of SAMPLE_SIGNERS) {
        expect(text).toContain(signer.name);
        expect(text).toContain(signer.nodeName);
      }
      expectEmbeddedTrueTypeSubsets(pdf);
    },
  );

  it('an approval sheet prints its fields and three signatures with the signers’ names', async () => {
    const payload = approvalSheetPayload();
    const pdf = await print(service, payload);
    const text = pdf.compactText;
    expect(pdf.pageSize).toContain('(A4)');
    expect(text).toContain(payload.title);
    for (const field of payload.fields) {
      expect(text).toContain(compact(field.label));
      expect(text).toContain(compact(field.value));
    }
    for (const signer of SAMPLE_SIGNERS) {
      expect(text).toContain(signer.name);
      expect(text).toContain(signer.nodeName);
      expect(text).toContain(signer.opinion);
    }
    expectEmbeddedTrueTypeSubsets(pdf);
  });

  it('two documents printed at once each come back whole (tabs do not share state)', async () => {
    const [a, b] = await Promise.all([
      print(service, contractPayload(1)),
      print(service, contractPayload(7)),
    ]);
    expect(a.compactText).toContain(contractPayload(1).contractName);
    expect(a.compactText).not.toContain(contractPayload(7).contractName);
    expect(b.compactText).toContain(contractPayload(7).contractName);
    expect(b.compactText).not.toContain(contractPayload(1).contractName);
  });
});
