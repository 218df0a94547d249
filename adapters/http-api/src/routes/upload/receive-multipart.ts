import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Request } from 'express';
import { SNIFF_HEAD_BYTES, UPLOAD_MESSAGES, type FileStore } from '@dpms/core';
import type { HttpError } from '../../http/http-error.js';
import { readMultipart } from '../../http/multipart.js';

/** Bytes seen on the way to the store: their count, the head for the content check, a hash. */
export class Tap {
  size = 0;
  head = Buffer.alloc(0);
  private readonly hash;
  constructor(algorithm: 'md5' | 'sha256') {
    this.hash = createHash(algorithm);
  }
  see(bytes: Uint8Array): void {
    this.size += bytes.length;
    if (this.head.length < SNIFF_HEAD_BYTES) {
      this.head = Buffer.concat([
        this.head,
        bytes.subarray(0, SNIFF_HEAD_BYTES - this.head.length),
      ]);
    }
    this.hash.update(bytes);
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

async function* tapped(stream: Readable, tap: Tap): AsyncGenerator<Uint8Array> {
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    tap.see(chunk);
    yield chunk;
  }
}

export interface ReceivedFile {
  readonly key: string;
  readonly filename: string;
  readonly tap: Tap;
}

/**
 * Reads a multipart request: text fields into a record, the (single) file part streamed into
 * the store under `keyFor()` as it arrives, through a tap. Nothing of the file is held beyond
 * the stream's buffers. On any failure the written object is deleted (the shared form reader
 * refuses broken, oversized and interrupted forms).
 */
export function receiveMultipart(
  req: Request,
  store: FileStore,
  options: {
    readonly keyFor: (fields: Readonly<Record<string, string>>) => string;
    readonly maxBytes: number;
    readonly tooLarge: () => HttpError;
  },
): Promise<{ fields: Record<string, string>; file: ReceivedFile | undefined }> {
  return readMultipart<ReceivedFile>(req, {
    notMultipart: UPLOAD_MESSAGES.fileRequired,
    maxFileBytes: options.maxBytes,
    tooLarge: options.tooLarge,
    receive: async ({ stream, filename }, fields) => {
      const tap = new Tap('md5');
      const key = options.keyFor(fields);
      try {
        await store.put(key, tapped(stream, tap));
      } catch (e) {
        await store.delete(key).catch(() => undefined);
        throw e;
      }
      return { key, filename, tap };
    },
    discard: (file) => store.delete(file.key),
  });
}
