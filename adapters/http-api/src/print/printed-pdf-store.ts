import { createHash } from 'node:crypto';
import type { FileStore, PrintPayload } from '@dpms/core';
import type { PrintClient, PrintOutcome } from './print-client.port.js';

/** JSON with object keys sorted, so equal payloads hash equally whatever built them. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : v,
  );
}

/** The store key of a payload's PDF: a SHA-256 of everything printed, signature images included. */
export const printedPdfKey = (payload: PrintPayload): string =>
  `printed/${createHash('sha256').update(canonicalJson(payload)).digest('hex')}.pdf`;

const readAll = async (source: AsyncIterable<Uint8Array>): Promise<Uint8Array> => {
  const parts: Uint8Array[] = [];
  for await (const part of source) parts.push(part);
  return Buffer.concat(parts);
};

const once = (bytes: Uint8Array): AsyncIterable<Uint8Array> => ({
  [Symbol.asyncIterator]: () => {
    let done = false;
    return {
      next: () => {
        const result: IteratorResult<Uint8Array> = done
          ? { done: true, value: undefined }
          : { done: false, value: bytes };
        done = true;
        return Promise.resolve(result);
      },
    };
  },
});

export type PrintedPdf = PrintOutcome & { readonly cached?: boolean; readonly key?: string };

/**
 * Rendered PDFs kept in the file store (local disk or S3), keyed by a hash of their payload. The
 * payload holds the document's values and each signature image as it is now, so a change to the
 * document or to any signature makes a new key and a new rendering; until then every instance
 * serves the stored file without asking the print service.
 */
export class PrintedPdfStore {
  constructor(
    private readonly store: FileStore,
    private readonly client: PrintClient,
  ) {}

  async pdfOf(payload: PrintPayload): Promise<PrintedPdf> {
    const key = printedPdfKey(payload);
    const stored = await this.store.get(key);
    if (stored !== null) return { ok: true, pdf: await readAll(stored), cached: true, key };
    const printed = await this.client.render(payload);
    if (!printed.ok) return printed;
    await this.store.put(key, once(printed.pdf));
    return { ...printed, cached: false, key };
  }
}
