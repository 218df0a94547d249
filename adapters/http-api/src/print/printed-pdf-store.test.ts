import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { PrintPayload } from '@dpms/core';
import { LocalDiskFileStore } from '@dpms/files/local';
import { contractPayload } from '@dpms/print-service/testing';
import type { PdfSealer } from './pdf-seal.js';
import type { PrintClient } from './print-client.port.js';
import {
  PrintedPdfStore,
  printedFolder,
  printedPdfHash,
  type PrintSubject,
} from './printed-pdf-store.js';

/**
 * The printed-PDF store on a real local-disk file store; only the print service is stood in for
 * (it answers a PDF naming the payload's hash, and counts what it printed).
 */
const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function storeOnDisk() {
  const root = mkdtempSync(path.join(tmpdir(), 'dpms-printed-'));
  roots.push(root);
  const printed: string[] = [];
  const client: PrintClient = {
    render: (payload) => {
      printed.push(printedPdfHash(payload));
      return Promise.resolve({
        ok: true,
        pdf: Buffer.from(`%PDF-1.7 ${printedPdfHash(payload)}`),
      });
    },
  };
  const pdfsIn = (subject: PrintSubject): string[] => {
    try {
      return readdirSync(path.join(root, 'objects', printedFolder(subject)))
        .filter((f) => f.endsWith('.pdf'))
        .sort();
    } catch {
      return [];
    }
  };
  const store = new LocalDiskFileStore(root);
  return { pdfs: new PrintedPdfStore(store, client), store, printed, pdfsIn };
}

/** Version `v` of a contract document: its name and amount change with every version. */
const version = (v: number): PrintPayload => {
  const base = contractPayload(8, null);
  return {
    ...base,
    contractName: `${base.contractName}${v}`,
    values: { ...base.values, totalAmount: String(v + 1) },
  };
};

describe('PrintedPdfStore', () => {
  it('replaces a document’s PDF when it changes, and serves the current one without printing', async () => {
    const { pdfs, printed, pdfsIn } = storeOnDisk();
    const doc: PrintSubject = { kind: 'document', documentId: 12 };
    const other: PrintSubject = { kind: 'approval', approvalId: '7' };
    const first = await pdfs.pdfOf(version(1), doc);
    const sheet = await pdfs.pdfOf(version(1), other);
    expect(first.cached).toBe(false);
    expect(pdfsIn(doc)).toEqual([`${first.hash}.pdf`]);

    const again = await pdfs.pdfOf(version(1), doc);
    expect(again.cached).toBe(true);
    expect(printed).toHaveLength(2);

    // A signature or a field changed: a new PDF, and the superseded one is gone.
    const second = await pdfs.pdfOf(version(2), doc);
    expect(second.cached).toBe(false);
    expect(second.hash).not.toBe(first.hash);
    expect(pdfsIn(doc)).toEqual([`${second.hash}.pdf`]);
    // Another subject's PDF of the very same payload stays.
    expect(pdfsIn(other)).toEqual([`${sheet.hash}.pdf`]);
  });

  it('holds exactly the last PDF of each subject, whatever the order of changes (property)', async () => {
    const subjects: PrintSubject[] = [
      { kind: 'document', documentId: 1 },
      { kind: 'document', documentId: 2 },
      { kind: 'approval', approvalId: '1' },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 4 })), {
          minLength: 1,
          maxLength: 12,
        }),
        async (steps) => {
          const { pdfs, printed, pdfsIn } = storeOnDisk();
          const last = new Map<number, number>();
          for (const [s, v] of steps) {
            const before = printed.length;
            const answer = await pdfs.pdfOf(version(v), subjects[s]!);
            // Printed only when the subject's current PDF is of another payload.
            expect(printed.length - before).toBe(last.get(s) === v ? 0 : 1);
            expect(answer.ok).toBe(true);
            last.set(s, v);
          }
          subjects.forEach((subject, s) => {
            const v = last.get(s);
            expect(pdfsIn(subject)).toEqual(
              v === undefined ? [] : [`${printedPdfHash(version(v))}.pdf`],
            );
          });
        },
      ),
      { numRuns: 25 },
    );
  });

  it('keeps the current PDF when printing fails, and never names a folder after foreign text', async () => {
    const { pdfs, store, pdfsIn } = storeOnDisk();
    const doc: PrintSubject = { kind: 'document', documentId: 3 };
    const kept = await pdfs.pdfOf(version(1), doc);
    // The same store, with a print service that is down.
    const failing = new PrintedPdfStore(store, {
      render: () => Promise.resolve({ ok: false, status: 503, message: '打印服务不可用' }),
    });
    expect(await failing.pdfOf(version(2), doc)).toMatchObject({ ok: false, status: 503 });
    expect(pdfsIn(doc)).toEqual([`${kept.hash}.pdf`]);
    expect(printedFolder({ kind: 'approval', approvalId: '../x' })).toMatch(
      /^printed\/approval-[0-9a-f]{64}$/,
    );
  });

  it('prints an issued PDF anew when the seal changes, and keeps the unsigned one apart', async () => {
    const { store, printed } = storeOnDisk();
    const client: PrintClient = {
      render: (payload) => {
        printed.push(printedPdfHash(payload));
        return Promise.resolve({ ok: true, pdf: Buffer.from('%PDF-1.7') });
      },
    };
    const sealer = (fingerprint: string): PdfSealer => ({
      signerName: fingerprint,
      fingerprint,
      seal: (pdf) => Promise.resolve(Buffer.concat([pdf, Buffer.from(` signed:${fingerprint}`)])),
    });
    const issued: PrintPayload = { ...version(1), issued: true };
    const subject: PrintSubject = { kind: 'document', documentId: 9 };
    const text = (r: Awaited<ReturnType<PrintedPdfStore['pdfOf']>>) =>
      r.ok ? Buffer.from(r.pdf).toString() : r.message;
    const unsigned = await new PrintedPdfStore(store, client).pdfOf(issued, subject);
    const a = await new PrintedPdfStore(store, client, sealer('a')).pdfOf(issued, subject);
    const again = await new PrintedPdfStore(store, client, sealer('a')).pdfOf(issued, subject);
    const b = await new PrintedPdfStore(store, client, sealer('b')).pdfOf(issued, subject);
    expect([unsigned, a, again, b].map(text)).toEqual([
      '%PDF-1.7',
      '%PDF-1.7 signed:a',
      '%PDF-1.7 signed:a',
      '%PDF-1.7 signed:b',
    ]);
    expect(printed).toHaveLength(3);
    expect(again.ok && again.cached).toBe(true);
    // A payload not issued is never signed, whatever the seal.
    const draft = await new PrintedPdfStore(store, client, sealer('a')).pdfOf(version(2), subject);
    expect(text(draft)).toBe('%PDF-1.7');
  });
});
