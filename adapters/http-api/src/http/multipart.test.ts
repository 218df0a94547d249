import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import express from 'express';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BOUNDARY,
  badMultipartBodies,
  formContentType,
  multipartBody,
  sendRaw,
  type FormPart,
  type RawMultipart,
} from '../test-support/bad-multipart.js';
import { errorMiddleware } from './error-middleware.js';
import { HttpError } from './http-error.js';
import { readMultipart } from './multipart.js';
import { readingRealStatuses } from '../test-support/real-statuses.js';

/**
 * The shared form reader on its own, over an in-memory "store": what it keeps, what it refuses,
 * and that it never leaves a stored file behind a refused form, whatever the bytes.
 */

const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');
const FILE = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) & 0xff));

describe('readMultipart', () => {
  /** Files the receive hook wrote and nobody discarded, by key. */
  const stored = new Map<string, Buffer>();
  /** The store fails in the middle of the next file. */
  let failStore = false;
  let server: Server;
  let port: number;
  const uncaught: unknown[] = [];
  const collect = (e: unknown) => uncaught.push(e);

  beforeAll(async () => {
    process.on('uncaughtException', collect);
    process.on('unhandledRejection', collect);
    const app = express();
    app.post('/form', async (req, res, next) => {
      try {
        const form = await readMultipart(req, {
          notMultipart: '请上传文件',
          fileFields: ['file'],
          maxFileBytes: 64 * 1024,
          tooLarge: () => new HttpError(413, '文件过大'),
          maxFields: 5,
          maxFieldBytes: 100,
          receive: async ({ stream, filename }) => {
            const key = `k${stored.size}-${Math.random()}`;
            const chunks: Buffer[] = [];
            // Written as it arrives, like a store: a failure must take it back.
            stored.set(key, Buffer.alloc(0));
            try {
              for await (const c of stream as AsyncIterable<Buffer>) {
                chunks.push(c);
                if (failStore) throw new Error('disk full');
              }
            } catch (e) {
              stored.delete(key);
              throw e;
            }
            const data = Buffer.concat(chunks);
            stored.set(key, data);
            return { key, filename, size: data.length, md5: md5(data) };
          },
          discard: async (file) => {
            await new Promise((r) => setTimeout(r, 5));
            stored.delete(file.key);
          },
        });
        res.json({ code: 200, fields: form.fields, file: form.file ?? null });
      } catch (e) {
        next(e);
      }
    });
    app.get('/ping', (_req, res) => void res.json({ code: 200 }));
    app.use(errorMiddleware());
    server = await new Promise<Server>((resolve) => {
      const s = readingRealStatuses(app).listen(0, '127.0.0.1', () => resolve(s));
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
  });
  beforeEach(() => {
    failStore = false;
    stored.clear();
  });

  const send = (raw: RawMultipart) => sendRaw(port, { path: '/form', request: raw, pauseMs: 2 });
  const whole = (parts: readonly FormPart[], segments?: readonly Buffer[]): RawMultipart => {
    const body = multipartBody(parts);
    return {
      name: 'whole',
      what: 'a well-formed form',
      contentType: formContentType(),
      segments: segments ?? [body],
      contentLength: body.length,
      expected: { status: 200 },
    };
  };
  const parts: readonly FormPart[] = [
    { field: 'uploadId', content: 'u1' },
    { field: 'file', content: FILE, filename: 'C:\\fakepath\\图纸.pdf' },
    { field: 'after', content: 'later' },
  ];
  /** Waits for a hung-up request's cleanup, then checks nothing is kept. */
  const nothingKept = async () => {
    for (let i = 0; i < 40 && stored.size > 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect([...stored.keys()]).toEqual([]);
  };
  const stillServing = async () => {
    const r = await fetch(`http://127.0.0.1:${port}/ping`);
    expect(r.status).toBe(200);
  };

  it('reads the fields and the wanted file, whatever the segments', async () => {
    const body = multipartBody(parts);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: body.length - 1 }), { maxLength: 6 }),
        async (cuts) => {
          const at = [0, ...cuts.sort((a, b) => a - b), body.length];
          const segments = at.slice(1).map((end, i) => body.subarray(at[i], end));
          const answer = await send(whole(parts, segments));
          expect(answer.status, answer.body).toBe(200);
          const json = JSON.parse(answer.body) as {
            fields: Record<string, string>;
            file: { filename: string; md5: string };
          };
          expect(json.fields).toEqual({ uploadId: 'u1', after: 'later' });
          expect(json.file).toMatchObject({ filename: '图纸.pdf', md5: md5(FILE) });
        },
      ),
      { numRuns: 25 },
    );
  });

  it('refuses every truncation of a form with a 4xx and keeps nothing of it', async () => {
    const body = multipartBody(parts);
    // The closing delimiter's last CRLF is optional; anything shorter is an unfinished form.
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: body.length - 3 }), async (length) => {
        const cut = body.subarray(0, length);
        const answer = await send({
          ...whole(parts),
          segments: [cut],
          contentLength: cut.length,
        });
        expect(answer.status, `${length}: ${answer.body}`).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        await nothingKept();
      }),
      { numRuns: 40 },
    );
    expect(uncaught).toEqual([]);
  });

  it('keeps nothing of a client that hangs up anywhere', async () => {
    const body = multipartBody(parts);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: body.length - 1 }), async (length) => {
        await send({
          ...whole(parts),
          segments: [body.subarray(0, length)],
          contentLength: body.length,
          hangUp: true,
        });
        await nothingKept();
        await stillServing();
      }),
      { numRuns: 20 },
    );
    expect(uncaught).toEqual([]);
  });

  it('refuses every broken form of the shared list', async () => {
    for (const raw of badMultipartBodies({
      field: 'file',
      content: FILE,
      filename: 'a.pdf',
      fields: { uploadId: 'u1' },
      oversizeBytes: 70 * 1024,
    })) {
      const answer = await send(raw);
      if (raw.expected.status !== 'none') {
        expect(answer.status, `${raw.name}: ${answer.body}`).toBe(raw.expected.status);
      }
      await nothingKept();
      await stillServing();
    }
    expect(uncaught).toEqual([]);
  });

  it('takes back a stored file when the form is refused after it (a second file)', async () => {
    const answer = await send(
      whole([
        { field: 'file', content: FILE, filename: 'a.pdf' },
        { field: 'file', content: FILE, filename: 'b.pdf' },
      ]),
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      errorCode: 'UPLOAD.TOO_MANY_FILES',
      msg: '一次只能上传一个文件',
    });
    await nothingKept();
  });

  it('reads and drops a file under another name; no wanted file is no file', async () => {
    const answer = await send(whole([{ field: 'other', content: FILE, filename: 'a.pdf' }]));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ file: null, fields: {} });
    expect(stored.size).toBe(0);
  });

  it('a store failure answers 500 and keeps nothing', async () => {
    failStore = true;
    const answer = await send(whole(parts));
    expect(answer.status).toBe(500);
    await nothingKept();
    await stillServing();
  });

  it('is not fooled by a __proto__ field, and keeps the first of a repeated one', async () => {
    const answer = await send(
      whole([
        { field: '__proto__', content: 'x' },
        { field: 'a', content: '1' },
        { field: 'a', content: '2' },
      ]),
    );
    expect(JSON.parse(answer.body)).toMatchObject({ fields: { a: '1' } });
    expect(Object.keys((JSON.parse(answer.body) as { fields: object }).fields)).toEqual(['a']);
  });

  it('refuses what is not a form with 415, and a form with no boundary with 400', async () => {
    const json = await fetch(`http://127.0.0.1:${port}/form`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    expect(await json.json()).toMatchObject({ msg: '请上传文件' });
    const body = multipartBody(parts);
    const bare = await send({
      ...whole(parts),
      contentType: `multipart/form-data; charset=utf-8`,
      segments: [body],
    });
    expect(bare.status).toBe(400);
    expect(JSON.parse(bare.body)).toMatchObject({ errorCode: 'UPLOAD.FORM_MALFORMED' });
    expect(body.includes(BOUNDARY)).toBe(true);
  });
});
