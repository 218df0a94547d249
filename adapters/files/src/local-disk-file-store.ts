import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  isFileStoreKey,
  type ByteRange,
  type ByteSource,
  type ComposeOptions,
  type FileStore,
  type StoredObject,
} from '@dpms/core';

const WRITE_BUFFER_BYTES = 256 * 1024;
const READ_BUFFER_BYTES = 1024 * 1024;

/**
 * Files on local disk under `root` (`${DATA_DIR}/files` by default): objects in `root/objects`,
 * writes in progress in `root/tmp`. Why write-fsync-rename: an object is whole or absent after a
 * crash, and `put` answers only once its bytes and its directory entry are on disk, so an
 * acknowledged byte survives the machine losing power.
 */
export class LocalDiskFileStore implements FileStore {
  readonly kind = 'local' as const;
  private readonly objects: string;
  private readonly tmp: string;

  constructor(root: string) {
    this.objects = path.resolve(root, 'objects');
    this.tmp = path.resolve(root, 'tmp');
  }

  /** The path of a key; throws for anything but a server-issued key inside the store. */
  private pathOf(key: string): string {
    if (!isFileStoreKey(key)) throw new Error(`invalid file store key: ${JSON.stringify(key)}`);
    const full = path.resolve(this.objects, key);
    if (!full.startsWith(this.objects + path.sep)) throw new Error('key outside the store');
    return full;
  }

  async put(key: string, body: ByteSource): Promise<StoredObject> {
    const target = this.pathOf(key);
    return this.writeAtomically(target, async (write) => {
      for await (const chunk of body) await write(chunk);
    });
  }

  async get(key: string, range?: ByteRange): Promise<ByteSource | null> {
    const file = this.pathOf(key);
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    return handle.createReadStream(
      range
        ? { start: range.start, end: range.end, autoClose: true, highWaterMark: READ_BUFFER_BYTES }
        : { autoClose: true, highWaterMark: READ_BUFFER_BYTES },
    );
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    // Staging directories empty out as their chunks go; drop them (a non-empty one stays).
    let dir = path.dirname(file);
    while (dir.startsWith(this.objects + path.sep)) {
      try {
        await rmdir(dir);
      } catch {
        break;
      }
      dir = path.dirname(dir);
    }
  }

  async compose(
    sources: readonly string[],
    target: string,
    options: ComposeOptions = {},
  ): Promise<StoredObject> {
    const files = sources.map((s) => this.pathOf(s));
    return this.writeAtomically(this.pathOf(target), async (write) => {
      for (const file of files) {
        const handle = await open(file, 'r');
        for await (const chunk of handle.createReadStream({
          autoClose: true,
          highWaterMark: READ_BUFFER_BYTES,
        }) as AsyncIterable<Buffer>) {
          options.observe?.(chunk);
          await write(chunk);
        }
      }
    });
  }

  /** Removes writes left in `tmp` by a crashed process, older than `olderThanMs`. */
  async sweepTemp(olderThanMs: number, now = Date.now()): Promise<number> {
    let removed = 0;
    let names: string[];
    try {
      names = await readdir(this.tmp);
    } catch {
      return 0;
    }
    for (const name of names) {
      const file = path.join(this.tmp, name);
      try {
        const s = await stat(file);
        if (now - s.mtimeMs > olderThanMs) {
          await rm(file, { force: true });
          removed += 1;
        }
      } catch {
        // Renamed or removed meanwhile.
      }
    }
    return removed;
  }

  private async writeAtomically(
    target: string,
    fill: (write: (bytes: Uint8Array) => Promise<void>) => Promise<void>,
  ): Promise<StoredObject> {
    await mkdir(this.tmp, { recursive: true });
    const tmp = path.join(this.tmp, `${randomUUID()}.part`);
    const handle = await open(tmp, 'wx', 0o600);
    let size = 0;
    // Small network reads are gathered into one bounded buffer, so a 1 MiB chunk costs a few
    // write calls rather than dozens.
    const buffer = Buffer.allocUnsafe(WRITE_BUFFER_BYTES);
    let buffered = 0;
    const writeAll = async (bytes: Uint8Array): Promise<void> => {
      let offset = 0;
      while (offset < bytes.length) {
        const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
        offset += bytesWritten;
      }
    };
    const flush = async (): Promise<void> => {
      if (buffered === 0) return;
      await writeAll(buffer.subarray(0, buffered));
      buffered = 0;
    };
    try {
      await fill(async (bytes) => {
        size += bytes.length;
        if (buffered + bytes.length > WRITE_BUFFER_BYTES) await flush();
        if (bytes.length >= WRITE_BUFFER_BYTES) {
          await writeAll(bytes);
          return;
        }
        buffer.set(bytes, buffered);
        buffered += bytes.length;
      });
      await flush();
      await handle.sync();
    } catch (e) {
      await handle.close().catch(() => undefined);
      await rm(tmp, { force: true });
      throw e;
    }
    await handle.close();
    const dir = path.dirname(target);
    // A concurrent delete may remove an emptied directory between mkdir and rename: try again.
    for (let attempt = 0; ; attempt++) {
      await mkdir(dir, { recursive: true });
      try {
        await rename(tmp, target);
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 3) {
          await rm(tmp, { force: true });
          throw e;
        }
      }
    }
    await syncDirectory(dir);
    return { size };
  }
}

/** fsync of a directory makes a rename in it durable. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
