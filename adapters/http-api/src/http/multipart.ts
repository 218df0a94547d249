import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { HttpError } from './http-error.js';
import { MSG } from './messages.js';

/** One file part of a form, as it arrives. */
export interface MultipartFile {
  readonly field: string;
  /** The name the client gave, without any directory ('' when it gave none). */
  readonly filename: string;
  readonly mimeType: string;
  /**
   * The part's bytes. It fails (an error from the stream or its iteration) when the request
   * breaks off or the form is refused while it is being read.
   */
  readonly stream: Readable;
}

export interface MultipartOptions<T> {
  /** The refusal of a request that is not a form at all (415), in the route's words. */
  readonly notMultipart: string;
  /** Largest file part in bytes; a larger one fails the request with `tooLarge()`. */
  readonly maxFileBytes: number;
  readonly tooLarge: () => HttpError;
  /** The file fields the route reads; a file part under another name is read and dropped. */
  readonly fileFields?: readonly string[];
  /** Text fields: how many (50) and how long each may be in bytes (4096). */
  readonly maxFields?: number;
  readonly maxFieldBytes?: number;
  /**
   * Stores the (first wanted) file part as it arrives and answers what the route keeps of it.
   * It must read `stream` to its end, and remove whatever it wrote when it fails (the stream's
   * failure included). `fields` holds the text fields sent before the file.
   */
  readonly receive: (file: MultipartFile, fields: Readonly<Record<string, string>>) => Promise<T>;
  /** Removes what `receive` stored, when the form fails after the file was stored. */
  readonly discard?: (stored: T) => Promise<void>;
}

export interface MultipartForm<T> {
  readonly fields: Record<string, string>;
  /** What `receive` answered, or undefined when the form had no wanted file part. */
  readonly file: T | undefined;
}

type Received<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: Error };

const asError = (e: unknown): Error =>
  e instanceof Error ? e : new Error(`multipart receive failed: ${JSON.stringify(e)}`);

const refusal = (status: number, code: string, message: string) =>
  new HttpError(status, message, { errorCode: code });

/**
 * Reads a `multipart/form-data` request: its text fields, and its one wanted file part handed to
 * `receive` as it streams in. The one place the multipart routes meet busboy, so the one place a
 * broken form is handled: every part stream gets an error listener the moment it exists (an
 * `error` event nobody listens to stops the process), and any failure, whether a truncated or
 * mis-bounded body, a client hanging up, a limit, or `receive` itself, settles the request once:
 * the parser is stopped, the file stream fails so `receive` cleans up, a stored file is
 * discarded, and the rest of the body is read and dropped so the 4xx reaches the client on a
 * connection that stays usable. It resolves only after `receive` has settled, so nothing is
 * half-written when the route answers.
 */
export function readMultipart<T>(
  req: Request,
  options: MultipartOptions<T>,
): Promise<MultipartForm<T>> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(refusal(415, 'UPLOAD.NOT_MULTIPART', options.notMultipart));
  }
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      // Browsers send a Chinese file name as raw UTF-8 in filename="…".
      defParamCharset: 'utf8',
      limits: {
        files: 1,
        fileSize: options.maxFileBytes,
        fields: options.maxFields ?? 50,
        fieldSize: options.maxFieldBytes ?? 4096,
        parts: (options.maxFields ?? 50) + 10,
      },
    });
  } catch {
    // No boundary, or not a content type busboy parses.
    return Promise.reject(refusal(400, 'UPLOAD.FORM_MALFORMED', MSG.formBoundaryMissing));
  }
  const bb = parser;
  const wanted = options.fileFields;

  return new Promise<MultipartForm<T>>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let received: Promise<Received<T>> | undefined;
    let settled = false;

    const settle = async (failure?: Error): Promise<void> => {
      if (settled) return;
      settled = true;
      req.off('close', onClose);
      if (failure !== undefined) {
        req.unpipe(bb);
        // After busboy's current write: its limit and part events fire in the middle of one, and
        // destroying it there leaves it writing to a part it has let go of. Destroyed, the part
        // being read fails with the refusal, so `receive` stops and cleans up.
        await new Promise((r) => setImmediate(r));
        bb.destroy(failure);
        if (!req.complete && !req.destroyed) req.resume();
      }
      const outcome = received ? await received : undefined;
      const error = failure ?? (outcome && !outcome.ok ? outcome.error : undefined);
      if (error === undefined) {
        resolve({ fields, file: outcome?.ok ? outcome.value : undefined });
        return;
      }
      if (outcome?.ok && options.discard)
        await options.discard(outcome.value).catch(() => undefined);
      reject(error);
    };
    const fail = (status: number, code: string, message: string) => {
      void settle(refusal(status, code, message));
    };

    bb.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) {
        fail(413, 'UPLOAD.FIELD_TOO_LONG', MSG.formFieldTooLong(name));
        return;
      }
      if (Object.hasOwn(fields, name) || name === '__proto__') return;
      fields[name] = value;
    });
    bb.on('file', (field, stream, info) => {
      // First, before anything can fail it: busboy destroys this stream with an error when the
      // body breaks off, and an error event nobody listens to would end the process.
      stream.on('error', () => undefined);
      stream.on('limit', () => {
        void settle(options.tooLarge());
      });
      if (settled || received || (wanted && !wanted.includes(field))) {
        stream.resume();
        return;
      }
      const file: MultipartFile = {
        field,
        filename: info.filename ?? '',
        mimeType: info.mimeType,
        stream,
      };
      received = options.receive(file, { ...fields }).then(
        (value): Received<T> => ({ ok: true, value }),
        (error: unknown): Received<T> => ({ ok: false, error: asError(error) }),
      );
      // `receive` failing (a store error, a refused content) fails the request at once.
      void received.then((r) => {
        if (!r.ok) void settle(r.error);
      });
    });
    bb.on('filesLimit', () => fail(400, 'UPLOAD.TOO_MANY_FILES', MSG.formTooManyFiles));
    bb.on('fieldsLimit', () => fail(413, 'UPLOAD.TOO_MANY_FIELDS', MSG.formTooManyFields));
    bb.on('partsLimit', () => fail(413, 'UPLOAD.TOO_MANY_FIELDS', MSG.formTooManyFields));
    // Busboy may report more than one error for one body (a malformed header, then the end).
    bb.on('error', () => fail(400, 'UPLOAD.FORM_MALFORMED', MSG.formMalformed));
    // After 'finish' (every part read, the last file stream ended); never before an 'error'.
    bb.on('close', () => {
      void settle();
    });
    // A client that hangs up: the parser would wait for the rest forever.
    const onClose = () => {
      if (!req.complete) fail(400, 'UPLOAD.FORM_ABORTED', MSG.formAborted);
    };
    req.on('close', onClose);
    if (req.destroyed) onClose();
    req.pipe(bb);
  });
}
