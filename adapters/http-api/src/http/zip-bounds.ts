import JSZip from 'jszip';
import { HttpError } from './http-error.js';

/** What an uploaded zip (an xlsx is one) may unpack to before anything parses it. */
export interface ZipBounds {
  /** The sum of every part's inflated size, in bytes. */
  readonly maxInflatedBytes: number;
  /** How many parts (folders included) it may hold. */
  readonly maxEntries: number;
}

/**
 * Refuses an upload that would inflate past its bounds, before ExcelJS unpacks it whole in
 * memory: a 5 MB xlsx can unzip to gigabytes. The check reads the zip with JSZip, the reader
 * ExcelJS itself loads workbooks with, so it sees exactly the parts ExcelJS would inflate (a
 * second zip reader could be shown a directory that differs from the one JSZip walks). Each
 * part is inflated as a stream and its bytes counted, whatever its header declares, and the
 * count stops at the bound: memory stays at one chunk, the work at `maxInflatedBytes`.
 */
export async function assertZipWithin(bytes: Buffer, bounds: ZipBounds, what: string) {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw invalid(what);
  }
  const parts = Object.values(zip.files);
  if (parts.length > bounds.maxEntries) throw tooLarge(what, bounds);
  let inflated = 0;
  for (const part of parts) {
    if (part.dir) continue;
    await new Promise<void>((resolve, reject) => {
      const stream = part.nodeStream('nodebuffer');
      let settled = false;
      const settle = (e?: HttpError) => {
        if (settled) return;
        settled = true;
        if (e === undefined) return resolve();
        stream.removeAllListeners('data');
        stream.pause();
        reject(e);
      };
      stream.on('data', (chunk: Buffer) => {
        inflated += chunk.length;
        if (inflated > bounds.maxInflatedBytes) settle(tooLarge(what, bounds));
      });
      stream.on('error', () => settle(invalid(what)));
      stream.on('end', () => settle());
    });
  }
}

const invalid = (what: string) =>
  new HttpError(400, `${what}不是有效的 xlsx 表格`, { field: 'file' });

const tooLarge = (what: string, bounds: ZipBounds) =>
  new HttpError(
    400,
    `${what}解压后超过 ${Math.floor(bounds.maxInflatedBytes / 1024 / 1024)} MB 或 ${bounds.maxEntries} 个部件，请拆分后再导入`,
    { field: 'file' },
  );
