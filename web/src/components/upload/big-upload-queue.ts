import {
  buildChunkForm,
  canCloseUploadDialog,
  chunkCount,
  createLargeUploadItem,
  failedUploadsConfirmation,
  partitionByUploadType,
  planChunks,
  toChunkFormFields,
  transitionLargeUpload,
  type ChunkSpan,
  type DomainError,
  type LargeUploadEvent,
  type LargeUploadItem,
  type UploadProfile,
} from '@dpms/core';
import { ABORTED_CODE, errorMessage, isDomainError } from '@dpms/http-client';
import type { ChunkListing } from '@dpms/http-client';
import { UPLOAD_UI_MESSAGES } from './messages';
import { type PendingUpload } from './pending-uploads';
import {
  dialogStatus,
  MAX_CHUNK_ATTEMPTS,
  profileOf,
  type BigUploadQueueOptions,
  type UploadEntry,
} from './upload-entry';

// The entry model and the queue's ports live in upload-entry.ts; this path keeps exporting them.
export {
  dialogStatus,
  entryPercent,
  MAX_CHUNK_ATTEMPTS,
  overallPercent,
  profileOf,
  type BigUploadProfile,
  type BigUploadQueueOptions,
  type ChunkedUploadGateway,
  type EntryPhase,
  type Md5Hasher,
  type UploadEntry,
} from './upload-entry';

interface Runtime {
  controller: AbortController;
  pending: number[];
  inFlight: Map<number, number>;
  done: Map<number, number>;
  attempts: Map<number, number>;
  chunks: readonly ChunkSpan[];
}

let nextKey = 1;

/**
 * The large-file uploader without its screen: a queue of files, each hashed (MD5, read piece by
 * piece), given an upload id, cut by core's chunk plan and sent `profile.parallel` chunks at a
 * time across the queue, each chunk with its own MD5, then completed. Pause aborts the chunks in
 * flight; resume and retry continue from what the server lists. An upload id is remembered with
 * the file's identity, so after a reload the person picks the file again and it continues.
 */
export class BigUploadQueue {
  readonly profile: UploadProfile;
  private entries: UploadEntry[] = [];
  private readonly runtimes = new Map<string, Runtime>();
  private readonly listeners = new Set<() => void>();
  private inFlight = 0;
  private preparing = false;

  constructor(private readonly options: BigUploadQueueOptions) {
    this.profile = profileOf(options.profile);
    for (const saved of options.pending?.list(options.profile) ?? []) {
      this.entries.push(this.fromPending(saved));
    }
  }

  // -- the store React reads ------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): readonly UploadEntry[] => this.entries;

  /** core's rule (000 §4): no close or confirm while a file is uploading. */
  canClose(): boolean {
    return canCloseUploadDialog(this.entries.map((e) => ({ status: dialogStatus(e) })));
  }

  /** 000 §5: the give-up question when some upload failed, else undefined. */
  failedConfirmation(): string | undefined {
    return failedUploadsConfirmation(this.entries.map((e) => ({ status: dialogStatus(e) })));
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  private update(key: string, patch: (entry: UploadEntry) => Partial<UploadEntry>): UploadEntry {
    let updated: UploadEntry | undefined;
    this.entries = this.entries.map((e) => {
      if (e.key !== key) return e;
      updated = { ...e, ...patch(e) };
      return updated;
    });
    this.emit();
    if (!updated) throw new Error(`no upload entry ${key}`);
    return updated;
  }

  private entry(key: string): UploadEntry | undefined {
    return this.entries.find((e) => e.key === key);
  }

  /** Applies a core transition; a refused one is a programming error here. */
  private transition(key: string, event: LargeUploadEvent, patch: Partial<UploadEntry> = {}) {
    return this.update(key, (e) => {
      const next = transitionLargeUpload(e.item, event);
      if (!next.ok) throw new Error(next.error.message);
      return { item: next.value, ...patch };
    });
  }

  // -- what the screen does -------------------------------------------------------------

  /**
   * Queues the files whose type is allowed and starts them; returns the refusals (000 §5: a
   * file of another type is ignored with a message naming it).
   */
  add(files: readonly File[]): readonly DomainError[] {
    const { accepted, refused } = partitionByUploadType(files, this.options.accept);
    for (const file of accepted) {
      const chunkTotal = chunkCount(file.size, this.profile.chunkSize);
      this.entries = [
        ...this.entries,
        {
          key: `u${nextKey++}`,
          item: createLargeUploadItem(file),
          phase: 'ready',
          file,
          fileHash: undefined,
          hashedBytes: 0,
          sentBytes: 0,
          chunkTotal,
          chunksDone: 0,
          error: undefined,
          result: undefined,
        },
      ];
    }
    this.emit();
    void this.pump();
    return refused;
  }

  /** Stops sending a file's chunks; the chunks in flight are aborted and sent again on resume. */
  pause(key: string): void {
    const entry = this.entry(key);
    if (entry?.phase !== 'upload') return;
    this.update(key, () => ({ phase: 'paused' }));
    const runtime = this.runtimes.get(key);
    if (runtime) {
      runtime.controller.abort();
      runtime.controller = new AbortController();
    }
  }

  resume(key: string): void {
    if (this.entry(key)?.phase !== 'paused') return;
    this.update(key, () => ({ phase: 'upload', error: undefined }));
    void this.pump();
  }

  /** A failed file goes back to ready, keeping its upload id, and continues from the server's list. */
  retry(key: string): void {
    if (this.entry(key)?.phase !== 'fail') return;
    this.runtimes.delete(key);
    this.transition(key, { type: 'retry' }, { phase: 'ready', error: undefined });
    void this.pump();
  }

  /**
   * Attaches the file picked again after a reload. It must be the same file (name, size and
   * modification time); otherwise the message says so and nothing changes.
   */
  repick(key: string, file: File): string | undefined {
    const entry = this.entry(key);
    if (entry?.phase !== 'needsFile') return undefined;
    const same =
      file.name === entry.item.name &&
      file.size === entry.item.size &&
      file.lastModified === entry.item.lastModified;
    if (!same) {
      const message = UPLOAD_UI_MESSAGES.repickMismatch(entry.item.name);
      this.update(key, () => ({ error: message }));
      return message;
    }
    this.update(key, () => ({ file, phase: 'ready', error: undefined }));
    void this.pump();
    return undefined;
  }

  /** Drops a file that is not uploading (and forgets its remembered upload). */
  remove(key: string): void {
    const entry = this.entry(key);
    if (!entry || dialogStatus(entry) === 'upload') return;
    this.runtimes.get(key)?.controller.abort();
    this.runtimes.delete(key);
    if (entry.item.uploadId) this.options.pending?.forget(entry.item.uploadId);
    this.entries = this.entries.filter((e) => e.key !== key);
    this.emit();
  }

  /** Drops the failed files (after the person agreed to give them up). */
  removeFailed(): void {
    for (const entry of this.entries) if (entry.phase === 'fail') this.remove(entry.key);
  }

  /** Drops the finished files from the dialog (they are in the field's value already). */
  clearFinished(): void {
    this.entries = this.entries.filter((e) => e.phase !== 'success');
    this.emit();
  }

  /** Stops everything (the component unmounts); remembered uploads stay for a later visit. */
  dispose(): void {
    for (const runtime of this.runtimes.values()) runtime.controller.abort();
    this.runtimes.clear();
    this.listeners.clear();
  }

  // -- the engine -----------------------------------------------------------------------

  private fromPending(saved: PendingUpload): UploadEntry {
    const item: LargeUploadItem = { ...createLargeUploadItem(saved), uploadId: saved.uploadId };
    return {
      key: `u${nextKey++}`,
      item,
      phase: 'needsFile',
      file: undefined,
      fileHash: saved.fileHash,
      hashedBytes: 0,
      sentBytes: 0,
      chunkTotal: chunkCount(saved.size, this.profile.chunkSize),
      chunksDone: 0,
      error: undefined,
      result: undefined,
    };
  }

  /** Prepares the next ready file (one at a time: hashing is the CPU's), then fills the slots. */
  private async pump(): Promise<void> {
    if (!this.preparing) {
      const next = this.entries.find((e) => e.phase === 'ready' && e.file);
      if (next) {
        this.preparing = true;
        try {
          await this.prepare(next.key);
        } finally {
          this.preparing = false;
        }
        void this.pump();
        return;
      }
    }
    this.fillSlots();
  }

  private async prepare(key: string): Promise<void> {
    const start = this.entry(key);
    if (!start?.file) return;
    const file = start.file;
    const runtime: Runtime = {
      controller: new AbortController(),
      pending: [],
      inFlight: new Map(),
      done: new Map(),
      attempts: new Map(),
      chunks: planChunks(file.size, this.profile.chunkSize),
    };
    this.runtimes.set(key, runtime);
    try {
      let fileHash = start.fileHash;
      if (fileHash === undefined) {
        this.update(key, () => ({ phase: 'hashing', hashedBytes: 0 }));
        fileHash = await this.options.hasher.file(
          file,
          (hashedBytes) => this.update(key, () => ({ hashedBytes })),
          runtime.controller.signal,
        );
      }
      let uploadId = start.item.uploadId;
      if (uploadId !== undefined) {
        const resumed = await this.resumeFrom(key, uploadId, runtime);
        if (resumed === 'complete') return;
        if (resumed === 'expired') uploadId = undefined;
      }
      if (uploadId === undefined) {
        uploadId = await this.options.gateway.getUploadId(file.name);
        runtime.done.clear();
      }
      this.options.pending?.remember(this.options.profile, {
        uploadId,
        name: file.name,
        size: file.size,
        lastModified: file.lastModified,
        fileHash,
        savedAt: Date.now(),
      });
      runtime.pending = runtime.chunks.map((c) => c.index).filter((i) => !runtime.done.has(i));
      const sentBytes = [...runtime.done.values()].reduce((a, b) => a + b, 0);
      this.transition(
        key,
        { type: 'start', uploadId },
        {
          phase: 'upload',
          fileHash,
          sentBytes,
          chunksDone: runtime.done.size,
        },
      );
      if (runtime.pending.length === 0) void this.finish(key);
    } catch (error) {
      this.failEntry(key, error);
    }
  }

  /** Reads what the server holds of an upload id; 'expired' when it no longer knows it. */
  private async resumeFrom(
    key: string,
    uploadId: string,
    runtime: Runtime,
  ): Promise<'continue' | 'complete' | 'expired'> {
    let listing: ChunkListing;
    try {
      listing = await this.options.gateway.listChunks(uploadId);
    } catch (error) {
      if (isDomainError(error) && (error as { status?: number }).status === 404) {
        this.options.pending?.forget(uploadId);
        const name = this.entry(key)?.item.name ?? '';
        this.update(key, () => ({ error: UPLOAD_UI_MESSAGES.resumeExpired(name) }));
        return 'expired';
      }
      throw error;
    }
    if (listing.status !== 'uploading') {
      // Already stored (or being stored by another instance): completion answers the file.
      this.transition(key, { type: 'start', uploadId }, { phase: 'upload' });
      await this.finish(key);
      return 'complete';
    }
    runtime.done.clear();
    for (const chunk of listing.chunks) {
      const span = runtime.chunks[chunk.chunkIndex];
      if (span && span.size === chunk.size) runtime.done.set(chunk.chunkIndex, chunk.size);
    }
    return 'continue';
  }

  private fillSlots(): void {
    while (this.inFlight < this.profile.parallel) {
      const next = this.nextChunk();
      if (!next) return;
      void this.sendChunk(next.key, next.runtime, next.index);
    }
  }

  private nextChunk(): { key: string; runtime: Runtime; index: number } | undefined {
    for (const entry of this.entries) {
      if (entry.phase !== 'upload') continue;
      const runtime = this.runtimes.get(entry.key);
      const index = runtime?.pending.shift();
      if (runtime && index !== undefined) return { key: entry.key, runtime, index };
    }
    return undefined;
  }

  private async sendChunk(key: string, runtime: Runtime, index: number): Promise<void> {
    const entry = this.entry(key);
    const span = runtime.chunks[index];
    if (!entry?.file || !span || entry.item.uploadId === undefined || !entry.fileHash) return;
    const { file } = entry;
    const signal = runtime.controller.signal;
    this.inFlight += 1;
    runtime.inFlight.set(index, 0);
    try {
      const blob = file.slice(span.start, span.end);
      const md5 = await this.options.hasher.chunk(blob);
      const form = buildChunkForm(
        {
          uploadId: entry.item.uploadId,
          fileName: file.name,
          fileSize: file.size,
          fileHash: entry.fileHash,
        },
        this.profile.chunkSize,
        span,
        md5,
      );
      await this.options.gateway.uploadChunk(toChunkFormFields(form, 'long'), blob, file.name, {
        signal,
        onProgress: (loaded) => {
          runtime.inFlight.set(index, Math.min(loaded, span.size));
          this.refreshBytes(key, runtime);
        },
      });
      runtime.inFlight.delete(index);
      runtime.done.set(index, span.size);
      this.refreshBytes(key, runtime);
      if (runtime.done.size === runtime.chunks.length) void this.finish(key);
    } catch (error) {
      runtime.inFlight.delete(index);
      this.refreshBytes(key, runtime);
      const aborted = signal.aborted || (isDomainError(error) && error.code === ABORTED_CODE);
      const current = this.entry(key);
      if (aborted || current?.phase !== 'upload') {
        // Paused or removed: the chunk waits for resume.
        if (!runtime.pending.includes(index)) runtime.pending.unshift(index);
      } else {
        const attempts = (runtime.attempts.get(index) ?? 0) + 1;
        runtime.attempts.set(index, attempts);
        const status = isDomainError(error) ? (error as { status?: number }).status : undefined;
        // A dropped request, a timeout, a 5xx or a refused md5 (422) is worth sending again.
        const again =
          attempts < MAX_CHUNK_ATTEMPTS &&
          (status === undefined || status === 0 || status === 422 || status >= 500);
        if (again) runtime.pending.unshift(index);
        else this.failEntry(key, error);
      }
    } finally {
      this.inFlight -= 1;
      this.fillSlots();
    }
  }

  private refreshBytes(key: string, runtime: Runtime): void {
    let sent = 0;
    for (const size of runtime.done.values()) sent += size;
    for (const loaded of runtime.inFlight.values()) sent += loaded;
    this.update(key, () => ({ sentBytes: sent, chunksDone: runtime.done.size }));
  }

  private async finish(key: string): Promise<void> {
    const entry = this.entry(key);
    if (entry?.phase !== 'upload' || entry.item.uploadId === undefined) return;
    const uploadId = entry.item.uploadId;
    this.transition(key, { type: 'ending' }, { phase: 'ending' });
    try {
      const stored = await this.options.gateway.completeUpload(uploadId);
      const done = this.transition(key, { type: 'succeed' }, { phase: 'success', result: stored });
      this.options.pending?.forget(uploadId);
      this.runtimes.delete(key);
      this.options.onUploaded?.(stored, done);
    } catch (error) {
      this.failEntry(key, error);
    }
  }

  private failEntry(key: string, error: unknown): void {
    const entry = this.entry(key);
    if (!entry || entry.phase === 'fail' || entry.phase === 'success') return;
    const runtime = this.runtimes.get(key);
    runtime?.controller.abort();
    if (runtime) runtime.controller = new AbortController();
    const message = errorMessage(error, UPLOAD_UI_MESSAGES.statusFail);
    this.transition(key, { type: 'fail' }, { phase: 'fail', error: message });
  }
}
