import yauzl from 'yauzl';
import { HttpError } from './http-error.js';

/** What an uploaded zip (an xlsx is one) may unpack to before anything parses it. */
export interface ZipBounds {
  /** The sum of every entry's inflated size, in bytes. */
  readonly maxInflatedBytes: number;
  /** How many entries it may hold. */
  readonly maxEntries: number;
}

/**
 * Refuses an upload that would inflate past its bounds, before a parser (ExcelJS) unpacks it
 * whole in memory: a 5 MB xlsx can unzip to gigabytes. The central directory's declared sizes
 * are summed first; then every entry is inflated as a stream and counted, so a directory that
 * understates a part is refused too. (yauzl's own `validateEntrySizes` never reports on Node 20:
 * its stream's `destroy` swallows the error, so the count is ours.) Memory stays at one stream's
 * buffer; the work is bounded by `maxInflatedBytes`.
 */
export async function assertZipWithin(bytes: Buffer, bounds: ZipBounds, what: string) {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: false }, (e, z) =>
      e || !z ? reject(invalid(what)) : resolve(z),
    ),
  );
  if (zip.entryCount > bounds.maxEntries) throw tooLarge(what, bounds);
  let declared = 0;
  await new Promise<void>((resolve, reject) => {
    let failed = false;
    const fail = (e: unknown) => {
      if (failed) return;
      failed = true;
      zip.close();
      reject(e instanceof HttpError ? e : invalid(what));
    };
    zip.on('error', fail);
    zip.on('end', resolve);
    zip.on('entry', (entry: yauzl.Entry) => {
      declared += entry.uncompressedSize;
      if (declared > bounds.maxInflatedBytes) return fail(tooLarge(what, bounds));
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      zip.openReadStream(entry, (e, stream) => {
        if (e || !stream) return fail(e);
        let inflated = 0;
        stream.on('data', (chunk: Buffer) => {
          inflated += chunk.length;
          if (inflated <= entry.uncompressedSize) return;
          stream.destroy();
          fail(invalid(what));
        });
        stream.on('error', fail);
        stream.on('end', () => zip.readEntry());
      });
    });
    zip.readEntry();
  });
}

const invalid = (what: string) =>
  new HttpError(400, `${what}不是有效的 xlsx 表格`, { field: 'file' });

const tooLarge = (what: string, bounds: ZipBounds) =>
  new HttpError(
    400,
    `${what}解压后超过 ${Math.floor(bounds.maxInflatedBytes / 1024 / 1024)} MB 或 ${bounds.maxEntries} 个部件，请拆分后再导入`,
    { field: 'file' },
  );
