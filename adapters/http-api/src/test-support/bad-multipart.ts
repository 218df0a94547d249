import { connect } from 'node:net';

/**
 * Multipart requests as a client puts them on the wire, broken in the ways a flaky network, a
 * buggy client or an attacker breaks them, and a raw-socket sender that can send them (supertest
 * cannot send a truncated body or choose its TCP segments). The multipart routes' tests and the
 * fuzz tests share these.
 */

/** One part of a form: a text field, or a file when it has a file name. */
export interface FormPart {
  readonly field: string;
  readonly content: Buffer | string;
  readonly filename?: string;
  readonly contentType?: string;
}

/** What the server should do with a request. */
export type Expected =
  /** Answer this 4xx status, with a Chinese message, and keep serving. */
  | { readonly status: number }
  /** No answer can reach a client that hung up; the server keeps serving and keeps nothing. */
  | { readonly status: 'none' };

/** A multipart request on the wire: its Content-Type and its bytes, as separate TCP writes. */
export interface RawMultipart {
  /** A short stable name (test titles, fuzz seeds). */
  readonly name: string;
  /** What is wrong with it, in plain words. */
  readonly what: string;
  readonly contentType: string;
  /** Written one by one, with a pause between, so each tends to arrive as its own segment. */
  readonly segments: readonly Buffer[];
  /** The Content-Length header; the bytes' total unless the request is cut short on purpose. */
  readonly contentLength: number;
  /** Half-close the socket after the last segment (a client that gives up mid-upload). */
  readonly hangUp?: boolean;
  readonly expected: Expected;
}

export const BOUNDARY = '----dpmsFormBoundary7MA4YWxkTrZu0gW';

const CRLF = '\r\n';
const bytes = (s: Buffer | string): Buffer => (typeof s === 'string' ? Buffer.from(s) : s);

/** The header block of one part, up to and including the blank line. */
export function partHeader(part: FormPart, boundary = BOUNDARY): Buffer {
  const disposition =
    part.filename === undefined
      ? `form-data; name="${part.field}"`
      : `form-data; name="${part.field}"; filename="${part.filename}"`;
  const type =
    part.filename === undefined
      ? ''
      : `Content-Type: ${part.contentType ?? 'application/octet-stream'}${CRLF}`;
  return Buffer.from(
    `--${boundary}${CRLF}Content-Disposition: ${disposition}${CRLF}${type}${CRLF}`,
  );
}

/** A well-formed body of these parts (the closing delimiter included unless `close` is false). */
export function multipartBody(
  parts: readonly FormPart[],
  options: { readonly boundary?: string; readonly close?: boolean } = {},
): Buffer {
  const boundary = options.boundary ?? BOUNDARY;
  const out: Buffer[] = [];
  for (const part of parts) {
    out.push(partHeader(part, boundary), bytes(part.content), Buffer.from(CRLF));
  }
  if (options.close !== false) out.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(out);
}

export const formContentType = (boundary = BOUNDARY): string =>
  `multipart/form-data; boundary=${boundary}`;

/**
 * A well-formed request in two segments, split just before the closing delimiter: the file has
 * arrived whole when the form is still open (the split that once crashed the signature upload).
 */
export function inTwoSegments(
  parts: readonly FormPart[],
  expected: Expected = { status: 200 },
): RawMultipart {
  const body = multipartBody(parts, { close: false });
  const close = Buffer.from(`--${BOUNDARY}--${CRLF}`);
  return {
    name: 'two-segments',
    what: 'a whole form whose closing delimiter arrives in a second TCP segment',
    contentType: formContentType(),
    segments: [body, close],
    contentLength: body.length + close.length,
    expected,
  };
}

export interface BadMultipartOptions {
  /** The route's file field (avatarfile, signaturefile, file). */
  readonly field: string;
  /** A file the route would take (a png for the images, a pdf for the uploads). */
  readonly content: Buffer;
  readonly filename: string;
  /** Text fields sent before the file (a chunk's uploadId, chunkIndex ...). */
  readonly fields?: Readonly<Record<string, string>>;
  /** A file size past the route's limit: the oversized case sends this many bytes. */
  readonly oversizeBytes?: number;
}

const request = (
  name: string,
  what: string,
  body: Buffer,
  expected: Expected,
  extra: Partial<Pick<RawMultipart, 'contentType' | 'contentLength' | 'hangUp' | 'segments'>> = {},
): RawMultipart => ({
  name,
  what,
  contentType: extra.contentType ?? formContentType(),
  segments: extra.segments ?? [body],
  contentLength: extra.contentLength ?? body.length,
  ...(extra.hangUp ? { hangUp: true } : {}),
  expected,
});

/**
 * Every broken form the multipart routes must refuse with a 4xx and survive: truncated bodies
 * (in the file, in a part's headers, before the closing delimiter, a client hanging up),
 * mis-bounded ones (a wrong, missing or empty boundary, bare LF line ends), malformed or
 * interleaved parts (a header line without a colon, a second file among the fields) and
 * oversized ones (the file, a field, too many fields, a huge part header).
 */
export function badMultipartBodies(options: BadMultipartOptions): RawMultipart[] {
  const { field, content, filename } = options;
  const fieldParts: FormPart[] = Object.entries(options.fields ?? {}).map(([f, v]) => ({
    field: f,
    content: v,
  }));
  const file: FormPart = { field, content, filename };
  const fieldsBody = multipartBody(fieldParts, { close: false });
  const fileHeader = partHeader(file);
  const whole = multipartBody([...fieldParts, file]);
  const halfFile = content.subarray(0, Math.max(1, Math.floor(content.length / 2)));
  const bad = (status: number): Expected => ({ status });

  const cases: RawMultipart[] = [
    request(
      'truncated-in-file',
      'the body ends in the middle of the file, and its Content-Length says so',
      Buffer.concat([fieldsBody, fileHeader, halfFile]),
      bad(400),
    ),
    request(
      'truncated-tiny',
      "the few dozen bytes that once stopped the server: a delimiter, the file part's headers, one byte of the file",
      Buffer.from(
        `--x${CRLF}Content-Disposition: form-data; name="${field}"; filename="a"${CRLF}${CRLF}A`,
      ),
      bad(400),
      { contentType: formContentType('x') },
    ),
    request(
      'truncated-in-part-header',
      "the body ends inside the file part's headers",
      Buffer.concat([fieldsBody, fileHeader.subarray(0, fileHeader.length - 10)]),
      bad(400),
    ),
    request(
      'truncated-before-close',
      'the whole file arrives but the closing delimiter is cut short',
      Buffer.concat([fieldsBody, fileHeader, content, Buffer.from(`${CRLF}--${BOUNDARY}`)]),
      bad(400),
    ),
    request(
      'hang-up-mid-file',
      'the client announces more than it sends and hangs up in the middle of the file',
      Buffer.concat([fieldsBody, fileHeader, halfFile]),
      { status: 'none' },
      {
        contentLength: whole.length + 4096,
        hangUp: true,
      },
    ),
    request(
      'wrong-boundary',
      'the Content-Type names a boundary the body never uses',
      whole,
      bad(400),
      { contentType: formContentType('someOtherBoundary0123') },
    ),
    request('missing-boundary', 'the Content-Type has no boundary', whole, bad(400), {
      contentType: 'multipart/form-data',
    }),
    request('empty-boundary', 'the Content-Type has an empty boundary', whole, bad(400), {
      contentType: 'multipart/form-data; boundary=',
    }),
    request(
      'bare-lf',
      'line ends are bare LF, so no delimiter line is ever complete',
      Buffer.from(whole.toString('latin1').replaceAll(CRLF, '\n'), 'latin1'),
      bad(400),
    ),
    request(
      'malformed-part-header',
      'a part header line without a colon',
      Buffer.concat([
        fieldsBody,
        Buffer.from(`--${BOUNDARY}${CRLF}this is not a header${CRLF}${CRLF}`),
        content,
        Buffer.from(`${CRLF}--${BOUNDARY}--${CRLF}`),
      ]),
      bad(400),
    ),
    request(
      'interleaved-files',
      'fields and two file parts interleaved: a second file where one is allowed',
      multipartBody([
        file,
        ...fieldParts,
        { field: 'note', content: 'between the files' },
        { ...file, filename: `again-${filename}` },
      ]),
      bad(400),
    ),
    request(
      'huge-part-header',
      "a part's header block far larger than any browser sends",
      Buffer.concat([
        fieldsBody,
        Buffer.from(
          `--${BOUNDARY}${CRLF}Content-Disposition: form-data; name="${field}"; filename="${filename}"${CRLF}` +
            `X-Padding: ${'a'.repeat(64 * 1024)}${CRLF}${CRLF}`,
        ),
        content,
        Buffer.from(`${CRLF}--${BOUNDARY}--${CRLF}`),
      ]),
      bad(400),
    ),
    request(
      'too-many-fields',
      'hundreds of small text fields before the file',
      multipartBody([
        ...Array.from({ length: 300 }, (_, i) => ({ field: `f${i}`, content: 'x' })),
        file,
      ]),
      bad(413),
    ),
    request(
      'field-too-long',
      'a text field of 64 KiB',
      multipartBody([{ field: 'note', content: 'x'.repeat(64 * 1024) }, ...fieldParts, file]),
      bad(413),
    ),
  ];
  if (options.oversizeBytes !== undefined) {
    const big = Buffer.alloc(options.oversizeBytes, 0x41);
    content.copy(big, 0, 0, Math.min(content.length, big.length));
    cases.push(
      request(
        'oversized-file',
        `a file of ${options.oversizeBytes} bytes, past the route's limit`,
        multipartBody([...fieldParts, { ...file, content: big }]),
        bad(413),
      ),
    );
  }
  return cases;
}

/** What came back on a raw socket: the status, headers and body, or nothing (the socket closed). */
export interface RawAnswer {
  readonly status: number | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Sends one request on its own connection, segment by segment with `pauseMs` between, and reads
 * what comes back until the server closes the connection (the request says `Connection: close`).
 * A request that hangs up resolves with `status: undefined` once the server closes its side.
 */
export function sendRaw(
  port: number,
  options: {
    readonly path: string;
    readonly method?: string;
    readonly headers?: Readonly<Record<string, string>>;
    readonly request: RawMultipart;
    readonly pauseMs?: number;
    readonly timeoutMs?: number;
  },
): Promise<RawAnswer> {
  const { request: raw } = options;
  const head =
    `${options.method ?? 'POST'} ${options.path} HTTP/1.1${CRLF}` +
    `Host: 127.0.0.1:${port}${CRLF}` +
    `Content-Type: ${raw.contentType}${CRLF}` +
    `Content-Length: ${raw.contentLength}${CRLF}` +
    `Connection: close${CRLF}` +
    Object.entries(options.headers ?? {})
      .map(([k, v]) => `${k}: ${v}${CRLF}`)
      .join('') +
    CRLF;
  return new Promise<RawAnswer>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to ${raw.name} within ${options.timeoutMs ?? 20_000} ms`));
    }, options.timeoutMs ?? 20_000);
    socket.on('data', (c: Buffer) => received.push(c));
    // A server that answers early and closes may reset a connection still sending: what was
    // read until then is the answer.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswer(Buffer.concat(received)));
    });
    socket.on('connect', () => {
      void (async () => {
        const segments: readonly Uint8Array[] = [
          Buffer.concat([Buffer.from(head), raw.segments[0] ?? Buffer.alloc(0)]),
          ...raw.segments.slice(1),
        ];
        for (const [i, segment] of segments.entries()) {
          if (socket.destroyed) return;
          if (i > 0) await new Promise((r) => setTimeout(r, options.pauseMs ?? 30));
          await new Promise<void>((r) => socket.write(segment, () => r()));
        }
        if (raw.hangUp) socket.end();
      })();
    });
  });
}

function parseAnswer(raw: Buffer): RawAnswer {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0 || !raw.subarray(0, 5).equals(Buffer.from('HTTP/'))) {
    return { status: undefined, headers: {}, body: '' };
  }
  const [statusLine = '', ...lines] = raw.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.subarray(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') };
}

function unchunk(raw: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const line = raw.indexOf('\r\n', at);
    if (line < 0) break;
    const size = parseInt(raw.subarray(at, line).toString('latin1'), 16);
    if (!size) break;
    out.push(raw.subarray(line + 2, line + 2 + size));
    at = line + 2 + size + 2;
  }
  return Buffer.concat(out);
}
