import { createHash } from 'node:crypto';
import { isIssuedPrint, type FileStore, type PrintPayload } from '@dpms/core';
import type { PdfSealer } from './pdf-seal.js';
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

/**
 * A SHA-256 of everything printed, signature images included: the PDF's identity. An issued PDF
 * (an approved record's, signed by the institute) is also that of the seal it is signed with
 * (its certificate's fingerprint, or none): a new certificate prints it anew rather than serving
 * the copy signed with the old one, or one kept unsigned.
 */
export const printedPdfHash = (payload: PrintPayload, sealFingerprint?: string): string => {
  const hash = createHash('sha256').update(canonicalJson(payload));
  if (isIssuedPrint(payload)) hash.update(`\nseal:${sealFingerprint ?? 'unsigned'}`);
  return hash.digest('hex');
};

/**
 * What a PDF is of: one contract document, one approval sheet or one formal contract. Each has at most one PDF in
 * the store, the one of its current payload; a new rendering replaces the one before it.
 */
export type PrintSubject =
  | { readonly kind: 'document'; readonly documentId: number }
  | { readonly kind: 'approval'; readonly approvalId: string }
  | { readonly kind: 'contract'; readonly contractId: number };

const SUBJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The store folder of a subject's PDFs: `printed/document-12/`, `printed/approval-7/`,
 * `printed/contract-52/`.
 */
export function printedFolder(subject: PrintSubject): string {
  const id =
    subject.kind === 'document'
      ? String(subject.documentId)
      : subject.kind === 'contract'
        ? String(subject.contractId)
        : subject.approvalId;
  // Ids are the server's own; anything else is hashed rather than put into a key.
  const safe = SUBJECT_ID.test(id) ? id : createHash('sha256').update(id).digest('hex');
  return `printed/${subject.kind}-${safe}`;
}

/** The store key of a subject's PDF of one payload. */
export const printedPdfKey = (subject: PrintSubject, hash: string): string =>
  `${printedFolder(subject)}/${hash}.pdf`;

/** The object naming the hash of a subject's current PDF (the store cannot list a folder). */
const currentKey = (subject: PrintSubject): string => `${printedFolder(subject)}/current`;

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

export type PrintedPdf = PrintOutcome & {
  readonly cached?: boolean;
  readonly key?: string;
  /** The payload's hash, the PDF's ETag. */
  readonly hash?: string;
};

const textOf = async (source: AsyncIterable<Uint8Array> | null): Promise<string | null> =>
  source === null
    ? null
    : Buffer.from(await readAll(source))
        .toString('utf8')
        .trim();

/**
 * Rendered PDFs kept in the file store (local disk or S3), one folder per document or approval,
 * each PDF keyed by a hash of its payload. The payload holds the document's values and each
 * signature image as it is now, so a change to the document or to any signature makes a new key
 * and a new rendering; until then every instance serves the stored file without asking the print
 * service. A new rendering supersedes the subject's previous PDF, which is deleted, so the store
 * holds one PDF per subject however often it changes. The PDF of an approved record (an issued
 * payload) is signed by the institute's seal, when there is one, before it is kept: every copy
 * served afterwards is the signed one.
 */
export class PrintedPdfStore {
  constructor(
    private readonly store: FileStore,
    private readonly client: PrintClient,
    private readonly sealer?: PdfSealer,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async pdfOf(payload: PrintPayload, subject: PrintSubject): Promise<PrintedPdf> {
    const hash = printedPdfHash(payload, this.sealer?.fingerprint);
    const key = printedPdfKey(subject, hash);
    const stored = await this.store.get(key);
    if (stored !== null) return { ok: true, pdf: await readAll(stored), cached: true, key, hash };
    const rendered = await this.client.render(payload);
    if (!rendered.ok) return rendered;
    const printed =
      this.sealer && isIssuedPrint(payload)
        ? { ...rendered, pdf: await this.sealer.seal(rendered.pdf, this.now()) }
        : rendered;
    await this.store.put(key, once(printed.pdf));
    await this.supersede(subject, hash);
    return { ...printed, cached: false, key, hash };
  }

  /**
   * Makes `hash` the subject's current PDF and deletes the one it replaces. Two instances
   * rendering two versions of one subject at the same moment can at worst delete each other's
   * fresh PDF (the next request prints it again) or leave one stray file; never a wrong PDF,
   * since a key is the hash of what it shows.
   */
  private async supersede(subject: PrintSubject, hash: string): Promise<void> {
    const pointer = currentKey(subject);
    const previous = await textOf(await this.store.get(pointer));
    await this.store.put(pointer, once(Buffer.from(hash, 'utf8')));
    if (previous !== null && /^[0-9a-f]{64}$/.test(previous) && previous !== hash) {
      await this.store.delete(printedPdfKey(subject, previous));
    }
  }
}
