import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Request } from 'express';
import { HttpError } from '../http/http-error.js';
import { MSG } from '../http/messages.js';

export interface AvatarStore {
  /** Reads the `avatarfile` part of a multipart request, stores it, answers its public URL. */
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

  save(req: Request): Promise<string> {
    if (!req.is('multipart/form-data'))
      return Promise.reject(new HttpError(415, MSG.avatarRequired));
    mkdirSync(this.dir, { recursive: true });
    return new Promise<string>((resolve, reject) => {
      let found: Promise<string> | undefined;
      let bb: busboy.Busboy;
      try {
        bb = busboy({
          headers: req.headers,
          limits: { files: 1, fileSize: MAX_AVATAR, fields: 10 },
        });
      } catch {
        reject(new HttpError(400, MSG.avatarRequired));
        return;
      }
      bb.on('file', (field, stream) => {
        if (field !== 'avatarfile' || found) {
          stream.resume();
          return;
        }
        found = (async () => {
          const id = randomUUID();
          const tmp = path.join(this.dir, `${id}.tmp`);
          let head = Buffer.alloc(0);
          let truncated = false;
          stream.on('data', (c: Buffer) => {
            if (head.length < 16) head = Buffer.concat([head, c]).subarray(0, 16);
          });
          stream.on('limit', () => {
            truncated = true;
          });
          await pipeline(stream, createWriteStream(tmp));
          const kind = SIGNATURES.find((s) => s.test(head));
          if (truncated || !kind) {
            rmSync(tmp, { force: true });
            throw new HttpError(
              truncated ? 413 : 415,
              truncated ? '头像图片不能超过 2MB' : MSG.avatarType,
            );
          }
          const { renameSync } = await import('node:fs');
          const name = `${id}.${kind.ext}`;
          renameSync(tmp, path.join(this.dir, name));
          return `/prod-api/profile/avatar/${name}`;
        })();
      });
      bb.on('close', () => {
        if (!found) reject(new HttpError(400, MSG.avatarRequired));
        else found.then(resolve, reject);
      });
      bb.on('error', () => reject(new HttpError(400, MSG.avatarRequired)));
      req.pipe(bb);
    });
  }
}
