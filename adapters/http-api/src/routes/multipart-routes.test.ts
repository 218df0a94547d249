import { readdirSync, existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  badMultipartBodies,
  inTwoSegments,
  sendRaw,
  type RawAnswer,
  type RawMultipart,
} from '../test-support/bad-multipart.js';
import { openFilesTestApi, sample, type FilesTestApi } from '../test-support/files-api.js';

/**
 * No request can stop the process. Every multipart route gets every broken form of
 * bad-multipart.ts on a raw socket (truncated, mis-bounded, interleaved, oversized, a client
 * hanging up) and must answer a 4xx with a Chinese message, keep serving, and keep no part of
 * the file. Errors nobody caught are collected too: before the fix these bodies crashed the
 * process with an `error` event on a busboy file stream, or an unhandled rejection.
 */

const KiB = 1024;
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(2 * KiB, 7),
]);
const CHINESE = /[\u4e00-\u9fff]/;

interface MultipartRoute {
  readonly path: string;
  readonly field: string;
  readonly content: Buffer;
  readonly filename: string;
  readonly oversizeBytes: number;
  readonly fields?: () => Record<string, string>;
  /** Sent by the administrator (a route the department head may not call). */
  readonly asAdmin?: boolean;
}

describe('multipart routes on a raw socket', () => {
  let api: FilesTestApi;
  let server: Server;
  let port: number;
  let token: string;
  let adminToken: string;
  let uploadId = '';
  const uncaught: unknown[] = [];
  const collect = (e: unknown) => uncaught.push(e);

  beforeAll(async () => {
    process.on('uncaughtException', collect);
    process.on('unhandledRejection', collect);
    api = await openFilesTestApi(
      'embedded',
      { maxChunkBytes: 256 * KiB, maxFormFileBytes: 256 * KiB },
      { withDomain: true },
    );
    token = await api.login('bmfzr2');
    adminToken = await api.login('admin');
    uploadId = (
      (
        await request(api.app)
          .get('/prod-api/common/maxfile/getUploadId')
          .query({ fileName: 'a.pdf' })
          .set('Authorization', `Bearer ${token}`)
          .expect(200)
      ).body as { data: { uploadId: string } }
    ).data.uploadId;
    server = await new Promise<Server>((resolve) => {
      const s = api.app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const address = server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(async () => {
    process.off('uncaughtException', collect);
    process.off('unhandledRejection', collect);
    await new Promise<void>((r) => {
      server.close(() => r());
      server.closeAllConnections();
    });
    await api.close();
  });
  afterEach(() => {
    expect(uncaught.splice(0).map(String), 'errors nobody caught').toEqual([]);
  });

  const send = (route: string, raw: RawMultipart, asAdmin = false): Promise<RawAnswer> =>
    sendRaw(port, {
      path: route,
      request: raw,
      headers: { Authorization: `Bearer ${asAdmin ? adminToken : token}` },
    });

  /** The server still answers an ordinary call on a new connection. */
  const stillServing = async () => {
    const r = await request(server)
      .get('/prod-api/getInfo')
      .set('Authorization', `Bearer ${token}`);
    expect(r.status).toBe(200);
  };

  const filesUnder = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.join(e.parentPath, e.name))
      : [];
  /** Nothing half-written: the store's objects and temporary files, and the avatars. */
  const leftovers = () => [
    ...filesUnder(api.storeRoot),
    ...filesUnder(path.join(api.dataDir, 'avatars')),
  ];
  /** No file more than `before`: what a refused upload wrote is gone. */
  const nothingKept = async (before: readonly string[]) => {
    const added = () => leftovers().filter((f) => !before.includes(f));
    // A hung-up upload is cleaned up as its stream fails, a moment after the socket closes.
    for (let i = 0; i < 50 && added().length > 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(added()).toEqual([]);
  };

  const routes: readonly MultipartRoute[] = [
    {
      path: '/prod-api/common/upload',
      field: 'file',
      content: sample('pdf', 4 * KiB),
      filename: 'a.pdf',
      oversizeBytes: 300 * KiB,
    },
    {
      path: '/prod-api/common/maxfile/upload',
      field: 'file',
      content: sample('pdf', 4 * KiB),
      filename: 'blob',
      oversizeBytes: 300 * KiB,
      fields: () => ({ uploadId, chunkIndex: '0', chunkTotal: '1', fileName: 'a.pdf' }),
    },
    {
      path: '/prod-api/system/user/profile/avatar',
      field: 'avatarfile',
      content: PNG,
      filename: 'a.png',
      oversizeBytes: 2 * 1024 * KiB + KiB,
    },
    {
      path: '/prod-api/system/user/profile/signature',
      field: 'signaturefile',
      content: PNG,
      filename: 'sign.png',
      oversizeBytes: 512 * KiB + KiB,
    },
    {
      // RuoYi's 用户导入: the sheet is read in memory, so nothing may be left half-read either.
      path: '/prod-api/system/user/importData?updateSupport=0',
      field: 'file',
      content: Buffer.from('PK\u0003\u0004 not much of a workbook'),
      filename: 'users.xlsx',
      oversizeBytes: 5 * 1024 * KiB + KiB,
      asAdmin: true,
    },
  ];

  for (const route of routes) {
    const cases = badMultipartBodies({
      field: route.field,
      content: route.content,
      filename: route.filename,
      fields: route.fields?.() ?? {},
      oversizeBytes: route.oversizeBytes,
    });
    for (const { name, what } of cases) {
      it(`${route.path}: ${name} (${what})`, async () => {
        // Built again inside the test: the chunk route's fields need the upload id.
        const raw = badMultipartBodies({
          field: route.field,
          content: route.content,
          filename: route.filename,
          fields: route.fields?.() ?? {},
          oversizeBytes: route.oversizeBytes,
        }).find((c) => c.name === name)!;
        const before = leftovers();
        const answer = await send(route.path, raw, route.asAdmin);
        if (raw.expected.status === 'none') {
          expect(answer.status === undefined || answer.status >= 400).toBe(true);
        } else {
          expect(answer.status, answer.body).toBe(raw.expected.status);
          const body = JSON.parse(answer.body) as { code: number; msg: string };
          expect(body.code).toBe(raw.expected.status);
          expect(body.msg).toMatch(CHINESE);
        }
        await stillServing();
        await nothingKept(before);
      });
    }
  }

  it('the signature upload refuses a non-image sent in two TCP segments, and keeps serving', async () => {
    const answer = await send(
      '/prod-api/system/user/profile/signature',
      inTwoSegments(
        [
          {
            field: 'signaturefile',
            content: 'hello, not an image',
            filename: 'x.png',
            contentType: 'image/png',
          },
        ],
        { status: 415 },
      ),
    );
    expect(answer.status, answer.body).toBe(415);
    expect((JSON.parse(answer.body) as { msg: string }).msg).toMatch(CHINESE);
    await stillServing();
  });

  it('the avatar upload refuses a non-image sent in two TCP segments, and keeps nothing', async () => {
    const before = leftovers();
    const answer = await send(
      '/prod-api/system/user/profile/avatar',
      inTwoSegments(
        [{ field: 'avatarfile', content: '<svg/>', filename: 'x.png', contentType: 'image/png' }],
        { status: 415 },
      ),
    );
    expect(answer.status, answer.body).toBe(415);
    await stillServing();
    await nothingKept(before);
  });

  it('whole forms in two TCP segments are taken as before', async () => {
    const image = (field: string) =>
      inTwoSegments([{ field, content: PNG, filename: 'a.png', contentType: 'image/png' }]);
    const signature = await send('/prod-api/system/user/profile/signature', image('signaturefile'));
    expect(signature.status, signature.body).toBe(200);
    const avatar = await send('/prod-api/system/user/profile/avatar', image('avatarfile'));
    expect(avatar.status, avatar.body).toBe(200);
    const file = await send(
      '/prod-api/common/upload',
      inTwoSegments([{ field: 'file', content: sample('pdf', 4 * KiB), filename: 'a.pdf' }]),
    );
    expect(file.status, file.body).toBe(200);
  });

  it('a broken and a whole upload interleaved on two connections each get their own answer', async () => {
    const [broken] = badMultipartBodies({
      field: 'file',
      content: sample('pdf', 64 * KiB),
      filename: 'a.pdf',
    });
    const whole = inTwoSegments([
      { field: 'file', content: sample('pdf', 64 * KiB, 2), filename: 'b.pdf' },
    ]);
    // Each request's bytes go out in pieces, 30 ms apart, so the two arrive interleaved.
    const split = (raw: RawMultipart): RawMultipart => {
      const all = Buffer.concat(raw.segments);
      const pieces = Array.from({ length: 6 }, (_, i) =>
        all.subarray(Math.floor((i * all.length) / 6), Math.floor(((i + 1) * all.length) / 6)),
      );
      return { ...raw, segments: pieces };
    };
    const [a, b] = await Promise.all([
      send('/prod-api/common/upload', split(broken!)),
      send('/prod-api/common/upload', split(whole)),
    ]);
    expect(a.status, a.body).toBe(400);
    expect(b.status, b.body).toBe(200);
    await stillServing();
  });
});
