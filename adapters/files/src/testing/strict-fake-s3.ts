import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const MiB = 1024 * 1024;

interface MultipartState {
  readonly key: string;
  readonly parts: Map<number, { bytes: Buffer; etag: string }>;
}

export interface StrictFakeS3 {
  readonly endpoint: string;
  readonly bucket: string;
  /** Objects by key, as the fake holds them. */
  readonly objects: Map<string, Buffer>;
  /** Every completion request's part numbers and sizes, in the order sent. */
  readonly completions: { key: string; parts: { partNumber: number; size: number }[] }[];
  /** Multipart uploads still open (an adapter must abort what it does not complete). */
  openUploads(): number;
  /** The next completion answers 200 with an <Error> body and stores nothing (S3 does that). */
  failNextCompletionWith200(): void;
  close(): Promise<void>;
}

/**
 * An S3 server for tests that enforces what s3rver does not: parts of at least 5 MiB except the
 * last, part numbers 1 … 10,000, parts listed in ascending order at completion with their ETags,
 * and, on demand, the completion that answers 200 with an error in its body. Path-style only.
 */
export async function startStrictFakeS3(bucket = 'test-bucket'): Promise<StrictFakeS3> {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, MultipartState>();
  const completions: StrictFakeS3['completions'] = [];
  let fail200 = false;

  const xmlError = (res: ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
  };
  const readBody = async (req: IncomingMessage): Promise<Buffer> => {
    const chunks: Buffer[] = [];
    for await (const c of req as AsyncIterable<Buffer>) chunks.push(c);
    return Buffer.concat(chunks);
  };
  const etagOf = (b: Buffer) => `"${createHash('md5').update(b).digest('hex')}"`;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (bucketName !== bucket) return xmlError(res, 404, 'NoSuchBucket', 'no such bucket');
    const q = url.searchParams;
    const method = req.method ?? 'GET';

    if (method === 'POST' && q.has('uploads')) {
      await readBody(req);
      const uploadId = randomUUID();
      uploads.set(uploadId, { key, parts: new Map() });
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
      );
      return;
    }
    if (method === 'PUT' && q.has('uploadId')) {
      const upload = uploads.get(q.get('uploadId') ?? '');
      if (!upload) return xmlError(res, 404, 'NoSuchUpload', 'no such upload');
      const partNumber = Number(q.get('partNumber'));
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
        await readBody(req);
        return xmlError(res, 400, 'InvalidArgument', 'Part number must be 1-10000');
      }
      const bytes = await readBody(req);
      const etag = etagOf(bytes);
      upload.parts.set(partNumber, { bytes, etag });
      res.writeHead(200, { etag });
      res.end();
      return;
    }
    if (method === 'POST' && q.has('uploadId')) {
      const uploadId = q.get('uploadId') ?? '';
      const upload = uploads.get(uploadId);
      const body = (await readBody(req)).toString('utf8');
      if (!upload) return xmlError(res, 404, 'NoSuchUpload', 'no such upload');
      const listed = [...body.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
        partNumber: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(m[1] ?? '')?.[1]),
        etag: /<ETag>([^<]*)<\/ETag>/.exec(m[1] ?? '')?.[1]?.replaceAll('&quot;', '"') ?? '',
      }));
      completions.push({
        key,
        parts: listed.map((p) => ({
          partNumber: p.partNumber,
          size: upload.parts.get(p.partNumber)?.bytes.length ?? -1,
        })),
      });
      if (listed.length === 0) return xmlError(res, 400, 'MalformedXML', 'no parts');
      if (listed.length > 10_000) return xmlError(res, 400, 'InvalidArgument', 'too many parts');
      for (let i = 1; i < listed.length; i++) {
        if ((listed[i]?.partNumber ?? 0) <= (listed[i - 1]?.partNumber ?? 0))
          return xmlError(res, 400, 'InvalidPartOrder', 'parts must be ascending');
      }
      for (let i = 0; i < listed.length; i++) {
        const p = listed[i];
        const held = p ? upload.parts.get(p.partNumber) : undefined;
        if (!p || !held || held.etag !== p.etag)
          return xmlError(res, 400, 'InvalidPart', 'part missing or ETag differs');
        if (i < listed.length - 1 && held.bytes.length < 5 * MiB)
          return xmlError(res, 400, 'EntityTooSmall', 'part smaller than 5 MiB');
      }
      if (fail200) {
        fail200 = false;
        uploads.delete(uploadId);
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>`,
        );
        return;
      }
      const whole = Buffer.concat(
        listed.map((p) => upload.parts.get(p.partNumber)?.bytes ?? Buffer.alloc(0)),
      );
      objects.set(key, whole);
      uploads.delete(uploadId);
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUploadResult><Location>http://fake/${bucket}/${key}</Location><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>"${listed.length}-parts"</ETag></CompleteMultipartUploadResult>`,
      );
      return;
    }
    if (method === 'DELETE' && q.has('uploadId')) {
      uploads.delete(q.get('uploadId') ?? '');
      res.writeHead(204);
      res.end();
      return;
    }
    if (method === 'PUT') {
      const bytes = await readBody(req);
      if (bytes.length > 5 * 1024 * MiB) return xmlError(res, 400, 'EntityTooLarge', 'too large');
      objects.set(key, bytes);
      res.writeHead(200, { etag: etagOf(bytes) });
      res.end();
      return;
    }
    if (method === 'GET' || method === 'HEAD') {
      const bytes = objects.get(key);
      if (!bytes) {
        if (method === 'HEAD') {
          res.writeHead(404);
          res.end();
          return;
        }
        return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      }
      const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      if (range && method === 'GET') {
        const start = Number(range[1]);
        const end = range[2] ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1;
        if (start >= bytes.length) return xmlError(res, 416, 'InvalidRange', 'bad range');
        const slice = bytes.subarray(start, end + 1);
        res.writeHead(206, {
          'content-length': slice.length,
          'content-range': `bytes ${start}-${end}/${bytes.length}`,
          etag: etagOf(bytes),
        });
        res.end(slice);
        return;
      }
      res.writeHead(200, { 'content-length': bytes.length, etag: etagOf(bytes) });
      res.end(method === 'HEAD' ? undefined : bytes);
      return;
    }
    if (method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      res.end();
      return;
    }
    return xmlError(res, 405, 'MethodNotAllowed', 'not supported by the fake');
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) xmlError(res, 500, 'InternalError', String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    completions,
    openUploads: () => uploads.size,
    failNextCompletionWith200: () => {
      fail200 = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
