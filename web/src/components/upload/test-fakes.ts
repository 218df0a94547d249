import { ApiError, ABORTED_CODE, type ChunkListing, type StoredFile } from '@dpms/http-client';
import type { TransferOptions } from '@dpms/http-client';
import type { ChunkedUploadGateway, Md5Hasher } from './big-upload-queue';
import type { SimpleStorage } from './pending-uploads';

/** A chunk request the test answers by hand. */
export interface HeldChunk {
  readonly fields: Readonly<Record<string, string>>;
  readonly size: number;
  readonly index: number;
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * A hand-driven stand-in for the file gateway (unit tests of the queue only; the browser tests
 * run the real server). Chunks wait in `held` until the test answers them; an abort rejects
 * them as the real gateway does.
 */
export class FakeChunkGateway implements ChunkedUploadGateway {
  held: HeldChunk[] = [];
  sent: HeldChunk[] = [];
  stored = new Map<string, Map<number, number>>();
  completions: string[] = [];
  uploadIds = 0;
  maxInFlight = 0;
  /** Upload ids the server no longer knows (listChunks answers 404). */
  expired = new Set<string>();
  completeFailure: Error | undefined;

  getUploadId(): Promise<string> {
    this.uploadIds += 1;
    const id = `up${this.uploadIds}`;
    this.stored.set(id, new Map());
    return Promise.resolve(id);
  }

  uploadChunk(
    fields: Readonly<Record<string, string>>,
    chunk: Blob,
    _fileName: string,
    options: TransferOptions = {},
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const index = Number(fields['chunkIndex']);
      const uploadId = fields['uploadId'] ?? '';
      const held: HeldChunk = {
        fields,
        size: chunk.size,
        index,
        resolve: () => {
          this.release(held);
          this.stored.get(uploadId)?.set(index, chunk.size);
          resolve();
        },
        reject: (error) => {
          this.release(held);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      };
      if (options.signal?.aborted) {
        reject(new ApiError(ABORTED_CODE, 'aborted', 0, true));
        return;
      }
      options.signal?.addEventListener('abort', () =>
        held.reject(new ApiError(ABORTED_CODE, 'aborted', 0, true)),
      );
      this.held.push(held);
      this.sent.push(held);
      this.maxInFlight = Math.max(this.maxInFlight, this.held.length);
    });
  }

  private release(held: HeldChunk): void {
    this.held = this.held.filter((h) => h !== held);
  }

  listChunks(uploadId: string): Promise<ChunkListing> {
    if (this.expired.has(uploadId)) {
      return Promise.reject(new ApiError('HTTP.404', '上传任务不存在或已过期，请重新上传', 404));
    }
    const parts = this.stored.get(uploadId) ?? new Map<number, number>();
    return Promise.resolve({
      uploadId,
      fileName: 'x',
      status: 'uploading',
      chunks: [...parts].map(([chunkIndex, size]) => ({
        chunkIndex,
        partNum: chunkIndex + 1,
        size,
        md5: '0'.repeat(32),
      })),
    });
  }

  completeUpload(uploadId: string): Promise<StoredFile> {
    this.completions.push(uploadId);
    if (this.completeFailure) return Promise.reject(this.completeFailure);
    return Promise.resolve({
      fileId: 'a'.repeat(32),
      fileName: 'a'.repeat(32),
      originalFilename: 'done.pdf',
      url: `/prod-api/common/download/resource?resource=${'a'.repeat(32)}`,
      size: 1,
      fileType: 'pdf',
    });
  }

  /** Ordinary uploads: each waits in `forms` until answered. */
  forms: { name: string; purpose?: string; resolve(): void; reject(error: Error): void }[] = [];

  uploadFile(
    _file: Blob,
    fileName: string,
    options: { purpose?: string } = {},
  ): Promise<StoredFile> {
    return new Promise<StoredFile>((resolve, reject) => {
      const id = (this.forms.length + 1).toString(16).padStart(32, '0');
      this.forms.push({
        name: fileName,
        ...(options.purpose === undefined ? {} : { purpose: options.purpose }),
        resolve: () =>
          resolve({
            fileId: id,
            fileName: id,
            originalFilename: fileName,
            url: `/prod-api/common/download/resource?resource=${id}`,
            size: 1,
            fileType: fileName.split('.').pop() ?? '',
          }),
        reject,
      });
    });
  }

  /** Answers every held chunk, repeatedly, until none is left. */
  async drain(): Promise<void> {
    for (let i = 0; i < 10_000 && this.held.length > 0; i += 1) {
      for (const held of [...this.held]) held.resolve();
      await settle();
    }
  }
}

/** A fixed MD5 (the queue's rules do not depend on the digest). */
export const fakeHasher: Md5Hasher = {
  chunk: () => Promise.resolve('0123456789abcdef0123456789abcdef'),
  file: (blob, onProgress) => {
    onProgress(blob.size);
    return Promise.resolve('fedcba9876543210fedcba9876543210');
  },
};

export class MemoryStorage implements SimpleStorage {
  readonly map = new Map<string, string>();
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, value);
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
}

/** Lets every queued promise callback run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

export const fileOf = (name: string, size: number, lastModified = 1_700_000_000_000): File =>
  new File([new Uint8Array(size)], name, { lastModified });
