import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStrictFakeS3, type StrictFakeS3 } from '@dpms/files/testing';
import {
  startChildServer,
  stopChildServers,
  testDatabaseUrl,
} from '../test-support/child-servers.js';
import { patternBytes } from '../test-support/files-api.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../test-support/test-database.js';

const SECRET = 'files-s3-secret-files-s3-secret-files-s3-0123456';
const MiB = 1024 * 1024;
const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

// The server with FILE_STORE=s3://…: chunks staged as objects, composed into ≥ 5 MiB parts.
describe.skipIf(!testDatabaseKinds().includes('postgres'))(
  'chunked upload through the API onto S3 (strict fake)',
  () => {
    let db: TestDatabase;
    let fake: StrictFakeS3;
    let server: ChildProcess;
    let base = '';
    let dataDir = '';
    beforeAll(async () => {
      db = await openTestDatabase('postgres');
      const url = await testDatabaseUrl(db.handle.db);
      fake = await startStrictFakeS3('dpms-files');
      dataDir = mkdtempSync(path.join(tmpdir(), 'dpms-files-s3-'));
      const started = await startChildServer('files-server-child.ts', [
        url,
        SECRET,
        dataDir,
        's3://dpms-files',
        fake.endpoint,
      ]);
      server = started.proc;
      base = started.base;
    }, 120_000);
    afterAll(async () => {
      await stopChildServers([server]);
      await fake?.close();
      await db?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('stages 1 MiB chunks, composes ascending parts of at least 5 MiB, serves ranges', async () => {
      const login = await fetch(`${base}/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'xmjl', password: 'admin123' }),
      });
      const auth = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
      const file = patternBytes(12 * MiB + 12345, 21);
      file.write('%PDF-1.7\n', 0, 'latin1');
      const fileName = '施工图-S3.pdf';
      const idRes = await fetch(
        `${base}/common/maxfile/getUploadId?fileName=${encodeURIComponent(fileName)}`,
        { headers: auth },
      );
      const uploadId = ((await idRes.json()) as { data: { uploadId: string } }).data.uploadId;
      const total = Math.ceil(file.length / MiB);
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (;;) {
            const i = next++;
            if (i >= total) return;
            const bytes = file.subarray(i * MiB, Math.min(file.length, (i + 1) * MiB));
            const form = new FormData();
            // The short naming (WebUploader's): size is the file's size, chunk the index.
            for (const [k, v] of Object.entries({
              size: String(file.length),
              chunks: String(total),
              chunk: String(i),
              md5: md5(bytes),
              filename: fileName,
              fileHash: md5(file),
              uploadId,
              partNum: String(i + 1),
            }))
              form.append(k, v);
            form.append('file', new Blob([bytes]), 'blob');
            const r = await fetch(`${base}/common/maxfile/upload`, {
              method: 'POST',
              headers: auth,
              body: form,
            });
            expect(r.status).toBe(200);
          }
        }),
      );
      const staged = [...fake.objects.keys()].filter((k) => k.startsWith('staging/'));
      expect(staged).toHaveLength(total);

      const done = (await (
        await fetch(`${base}/common/maxfile/complateUploadId?uploadId=${uploadId}`, {
          headers: auth,
        })
      ).json()) as { code: number; fileId: string; msg: string };
      expect(done.code, done.msg).toBe(200);
      const composed = fake.completions.find((c) => c.key === `files/${done.fileId}`);
      expect(composed?.parts.map((p) => p.partNumber)).toEqual([1, 2]);
      expect(composed?.parts[0]?.size).toBe(8 * MiB);
      expect(fake.objects.get(`files/${done.fileId}`)?.equals(file)).toBe(true);
      expect(fake.openUploads()).toBe(0);

      const whole = await fetch(`${base}/common/download/resource?resource=${done.fileId}`, {
        headers: auth,
      });
      expect(Buffer.from(await whole.arrayBuffer()).equals(file)).toBe(true);
      const range = await fetch(`${base}/common/download/resource?resource=${done.fileId}`, {
        headers: { ...auth, Range: 'bytes=9000000-9000099' },
      });
      expect(range.status).toBe(206);
      expect(Buffer.from(await range.arrayBuffer()).equals(file.subarray(9000000, 9000100))).toBe(
        true,
      );

      // The staged chunks go once the file is recorded.
      for (let i = 0; i < 50; i++) {
        if (![...fake.objects.keys()].some((k) => k.startsWith('staging/'))) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect([...fake.objects.keys()].filter((k) => k.startsWith('staging/'))).toEqual([]);
    }, 120_000);
  },
);
