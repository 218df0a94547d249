import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import {
  isFileStoreKey,
  type ByteRange,
  type ByteSource,
  type ComposeOptions,
  type FileStore,
  type StoredObject,
} from '@dpms/core';

const MiB = 1024 * 1024;
/** S3's rules: parts of 5 MiB at least (except the last), at most 10,000 of them. */
export const S3_MIN_PART_SIZE = 5 * MiB;
export const S3_MAX_PARTS = 10_000;

export interface S3FileStoreOptions {
  readonly client: S3Client;
  readonly bucket: string;
  /** Prepended to every key, e.g. `dpms/`. */
  readonly prefix?: string;
  /** First multipart part size (default 8 MiB); it doubles every 1,000 parts, so 10,000 parts reach far. */
  readonly partSize?: number;
}

export interface S3ClientOptions {
  readonly endpoint?: string;
  readonly region?: string;
  readonly accessKeyId?: string;
  readonly secretAccessKey?: string;
}

/**
 * An S3 client for S3-compatible servers too: path-style addressing (MinIO, Ceph, s3rver have no
 * virtual-host buckets) and checksums only where the API requires them (many servers reject the
 * SDK's default CRC32 trailers).
 */
export function createS3Client(options: S3ClientOptions = {}): S3Client {
  return new S3Client({
    region: options.region ?? 'us-east-1',
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
  });
}

const isNotFound = (e: unknown): boolean => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404
  );
};

/**
 * Object storage. Chunks of a chunked upload are staged as objects of their own; `compose`
 * streams them, in order, into one multipart upload whose parts it cuts at `partSize` (not at
 * the 1 MiB chunk boundaries, which S3 would refuse as parts). Memory: one part buffer per
 * write in progress.
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly partSize: number;

  constructor(options: S3FileStoreOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
    this.partSize = Math.max(S3_MIN_PART_SIZE, options.partSize ?? 8 * MiB);
  }

  private keyOf(key: string): string {
    if (!isFileStoreKey(key)) throw new Error(`invalid file store key: ${JSON.stringify(key)}`);
    return `${this.prefix}${key}`;
  }

  async put(key: string, body: ByteSource): Promise<StoredObject> {
    return this.write(this.keyOf(key), body);
  }

  async get(key: string, range?: ByteRange): Promise<ByteSource | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.keyOf(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return (out.Body as ByteSource | undefined) ?? emptySource();
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const out = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }),
      );
      return { size: out.ContentLength ?? 0 };
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await this.client.send(
        new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }),
      );
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  }

  async compose(
    sources: readonly string[],
    target: string,
    options: ComposeOptions = {},
  ): Promise<StoredObject> {
    const keys = sources.map((s) => this.keyOf(s));
    const targetKey = this.keyOf(target);
    const { client, bucket } = this;
    async function* concatenated(): AsyncGenerator<Uint8Array> {
      for (const key of keys) {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        for await (const chunk of (out.Body as ByteSource | undefined) ?? emptySource()) {
          options.observe?.(chunk);
          yield chunk;
        }
      }
    }
    return this.write(targetKey, concatenated());
  }

  /**
   * Writes a stream of unknown length: one PutObject when it fits in a part, a multipart upload
   * otherwise (parts ascending, at least 5 MiB but the last, at most 10,000), checked afterwards
   * with HeadObject since a completion can answer 200 and still have failed.
   */
  private async write(key: string, body: ByteSource): Promise<StoredObject> {
    const parts = new PartCutter(this.partSize);
    const iterator = body[Symbol.asyncIterator]();
    let first = await parts.fill(iterator);
    if (first.done) {
      const bytes = first.bytes;
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.length,
        }),
      );
      await this.verifySize(key, bytes.length);
      return { size: bytes.length };
    }
    const created = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key }),
    );
    const uploadId = created.UploadId;
    if (!uploadId) throw new Error('S3 CreateMultipartUpload answered no UploadId');
    const completed: CompletedPart[] = [];
    let size = 0;
    try {
      for (let partNumber = 1; ; partNumber++) {
        if (partNumber > S3_MAX_PARTS) throw new Error('file too large for 10,000 parts');
        const bytes = first.bytes;
        const out = await this.client.send(
          new UploadPartCommand({
            Bucket: this.bucket,
            Key: key,
            UploadId: uploadId,
            PartNumber: partNumber,
            Body: bytes,
            ContentLength: bytes.length,
          }),
        );
        if (!out.ETag) throw new Error(`S3 UploadPart ${partNumber} answered no ETag`);
        completed.push({ PartNumber: partNumber, ETag: out.ETag });
        size += bytes.length;
        if (first.done) break;
        // Grow the part every 1,000 parts, so 10,000 parts cover far more than any upload.
        if (partNumber % 1000 === 0) parts.grow();
        first = await parts.fill(iterator);
        if (first.bytes.length === 0 && first.done) break;
      }
      const done = await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: {
            Parts: [...completed].sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0)),
          },
        }),
      );
      if (!done.ETag && !done.Key && !done.Location) {
        throw new Error('S3 CompleteMultipartUpload answered without a result');
      }
    } catch (e) {
      await this.client
        .send(
          new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }),
        )
        .catch(() => undefined);
      throw e;
    }
    await this.verifySize(key, size);
    return { size };
  }

  private async verifySize(key: string, size: number): Promise<void> {
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
    if (head.ContentLength !== size) {
      throw new Error(`S3 object ${key} has ${String(head.ContentLength)} bytes, wrote ${size}`);
    }
  }
}

async function* emptySource(): AsyncGenerator<Uint8Array> {
  // Nothing to yield.
}

/** Cuts a byte stream into parts of `size` bytes; only the last may be shorter. */
class PartCutter {
  private carry: Uint8Array = new Uint8Array(0);
  constructor(private size: number) {}

  grow(): void {
    this.size *= 2;
  }

  /** The next part; `done` when the stream ended (the part may then be short, even empty). */
  async fill(iterator: AsyncIterator<Uint8Array>): Promise<{ bytes: Uint8Array; done: boolean }> {
    const buffer = new Uint8Array(this.size);
    let length = 0;
    const take = (chunk: Uint8Array): Uint8Array => {
      const n = Math.min(chunk.length, this.size - length);
      buffer.set(chunk.subarray(0, n), length);
      length += n;
      return chunk.subarray(n);
    };
    this.carry = take(this.carry);
    while (length < this.size) {
      const next = await iterator.next();
      // A short last part is copied out, so the full-size buffer is not held while it is sent.
      if (next.done) return { bytes: buffer.slice(0, length), done: true };
      this.carry = take(next.value);
    }
    // Full: the stream is done only if nothing is left over and the source is exhausted, which
    // we learn on the next fill (answering an empty last part, dropped by the caller).
    return { bytes: buffer, done: false };
  }
}
