import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import { HttpError } from '../http/http-error.js';
import { MSG } from '../http/messages.js';
import { readMultipart } from '../http/multipart.js';

export interface AvatarStore {
  /** Reads the `avatarfile` part of a multipart request, stores it, answers its path below /prod-api. */
  save(req: Request): Promise<string>;
  /** The file of a stored avatar name, or null for a name the server did not issue. */
  fileOf(name: string): string | null;
}

const MAX_AVATAR = 2 * 1024 * 1024;
const SIGNATURES: readonly { ext: string; test: (b: Buffer) => boolean }[] = [
  {
    ext: 'png',
    test: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
];
const NAME = /^[0-9a-f-]{36}\.(png|jpg)$/;

/**
 * Avatars on local disk under DATA_DIR/avatars, named by a server-issued id and checked by magic
 * bytes (never by the client's name or type). The shared file store replaces this when it lands.
 */
export class LocalAvatarStore implements AvatarStore {
  private readonly dir: string;
  constructor(dataDir: string) {
    this.dir = path.resolve(dataDir, 'avatars');
  }

  fileOf(name: string): string | null {
    return NAME.test(name) ? path.join(this.dir, name) : null;
  }

  async save(req: Request): Promise<string> {
    const { file } = await readMultipart(req, {
      notMultipart: MSG.avatarRequired,
      fileFields: ['avatarfile'],
      maxFileBytes: MAX_AVATAR,
      tooLarge: () => new HttpError(413, '头像图片不能超过 2MB'),
      maxFields: 10,
      receive: async ({ stream }) => {
        const id = randomUUID();
        const tmp = path.join(this.dir, `${id}.tmp`);
        await mkdir(this.dir, { recursive: true });
        let head = Buffer.alloc(0);
        stream.on('data', (c: Buffer) => {
          if (head.length < 16) head = Buffer.concat([head, c]).subarray(0, 16);
        });
        try {
          await pipeline(stream, createWriteStream(tmp));
          const kind = SIGNATURES.find((s) => s.test(head));
          if (!kind) throw new HttpError(415, MSG.avatarType);
          const name = `${id}.${kind.ext}`;
          await rename(tmp, path.join(this.dir, name));
          return name;
        } finally {
          await rm(tmp, { force: true });
        }
      },
      discard: (name) => rm(path.join(this.dir, name), { force: true }),
    });
    if (file === undefined)
      throw new HttpError(400, MSG.avatarRequired, {
        errors: [{ field: 'avatarfile', message: MSG.avatarRequired }],
      });
    // Below the API base, as RuoYi stores it: its UI and ours each prefix /prod-api (core's
    // avatarPath).
    return `/profile/avatar/${file}`;
  }
}
