/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChunkForm, planChunks, toChunkFormFields, type ChunkFormVariant } from '@dpms/core';
import {
  executable,
  md5,
  openFilesTestApi,
  sample,
  type FilesTestApi,
} from '../test-support/files-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

const MiB = 1024 * 1024;
const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

describe.each(testDatabaseKinds())('chunked upload on %s', (kind) => {
  let api: FilesTestApi;
  let token: string;
  let other: string;
  beforeAll(async () => {
    api = await openFilesTestApi(kind, { maxChunkBytes: 2 * MiB, maxFileBytes: 64 * MiB });
    token = await api.login('xmjl');
    other = await api.login('sjzc');
  });
  afterAll(() => api.close());

  const http = () => request(api.app);
  const getUploadId = async (fileName: string, t = token) => {
    const r = await http()
      .get('/prod-api/common/maxfile/getUploadId')
      .query({ fileName })
      .set(bearer(t))
      .expect(200);
    return r.body.data.uploadId as string;
  };
  const sendChunk = (fields: Record<string, string>, bytes: Buffer | undefined, t = token) => {
    let r = http().post('/prod-api/common/maxfile/upload').set(bearer(t));
    for (const [k, v] of Object.entries(fields)) r = r.field(k, v);
    return bytes === undefined
      ? r
      : r.attach('file', bytes, { filename: 'blob', contentType: 'application/octet-stream' });
  };
  const chunkFields = (
    uploadId: string,
    fileName: string,
    file: Buffer,
    chunkSize: number,
    index: number,
    variant: ChunkFormVariant = 'long',
    fileHash = md5(file),
  ) => {
    const span = planChunks(file.length, chunkSize)[index];
    if (!span) throw new Error('no such chunk');
    const bytes = file.subarray(span.start, span.end);
    const form = buildChunkForm(
      { uploadId, fileName, fileSize: file.length, fileHash },
      chunkSize,
      span,
      md5(bytes),
    );
    return { fields: toChunkFormFields(form, variant), bytes };
  };
  const complete = (uploadId: string, t = token) =>
    http().get('/prod-api/common/maxfile/complateUploadId').query({ uploadId }).set(bearer(t));
  const chunks = (uploadId: string, t = token) =>
    http().get('/prod-api/common/maxfile/chunks').query({ uploadId }).set(bearer(t));
  const download = (fileId: string, t = token) =>
    http()
      .get('/prod-api/common/download/resource')
      .query({ resource: fileId })
      .set(bearer(t))
      .buffer(true)
      .parse((res, cb) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => cb(null, Buffer.concat(parts)));
      });

  it.each(['long', 'short'] as const)(
    'uploads a file in chunks (%s naming), out of order, and completes it',
    async (variant) => {
      const file = sample('pdf', Math.floor(2.5 * MiB) + 17, 3);
      const name = `设计图纸-${variant}.pdf`;
      const uploadId = await getUploadId(name);
      expect(uploadId).toMatch(/^[0-9a-f]{32}$/);
      for (const index of [2, 0, 1]) {
        const { fields, bytes } = chunkFields(uploadId, name, file, MiB, index, variant);
        const r = await sendChunk(fields, bytes).expect(200);
        expect(r.body.data).toMatchObject({
          chunkIndex: index,
          partNum: index + 1,
          md5: md5(bytes),
        });
      }
      const held = await chunks(uploadId).expect(200);
      expect(held.body.data.chunks.map((c: { chunkIndex: number }) => c.chunkIndex)).toEqual([
        0, 1, 2,
      ]);
      const done = await complete(uploadId).expect(200);
      expect(done.body).toMatchObject({
        code: 200,
        originalFilename: name,
        size: file.length,
        fileType: 'pdf',
      });
      expect(done.body.data.fileId).toBe(done.body.fileId);
      const got = await download(done.body.fileId).expect(200);
      expect(Buffer.compare(got.body, file)).toBe(0);
      // A repeated completion is harmless: the same file.
      const again = await complete(uploadId).expect(200);
      expect(again.body.fileId).toBe(done.body.fileId);
      // A chunk after completion is refused.
      const late = chunkFields(uploadId, name, file, MiB, 0, variant);
      expect((await sendChunk(late.fields, late.bytes).expect(409)).body.msg).toContain(
        '已上传完成',
      );
    },
  );

  it('refuses a chunk whose md5 does not match, then takes it re-sent', async () => {
    const file = sample('zip', 2 * MiB + 5, 4);
    const uploadId = await getUploadId('图纸包.zip');
    const first = chunkFields(uploadId, '图纸包.zip', file, MiB, 0);
    const corrupted = Buffer.from(first.bytes);
    corrupted[1000] = (corrupted[1000] ?? 0) ^ 0xff;
    const refused = await sendChunk(first.fields, corrupted).expect(422);
    expect(refused.body).toMatchObject({ code: 422, errorCode: 'UPLOAD.CHUNK_HASH_MISMATCH' });
    expect(refused.body.msg).toBe('第1个分片的MD5校验失败，请重新上传该分片');
    expect((await chunks(uploadId).expect(200)).body.data.chunks).toEqual([]);
    await sendChunk(first.fields, first.bytes).expect(200);
    // Sent again: replaces the first copy, still one chunk held.
    await sendChunk(first.fields, first.bytes).expect(200);
    for (const i of [1, 2]) {
      const c = chunkFields(uploadId, '图纸包.zip', file, MiB, i);
      await sendChunk(c.fields, c.bytes).expect(200);
    }
    expect((await chunks(uploadId)).body.data.chunks).toHaveLength(3);
    const done = await complete(uploadId).expect(200);
    expect(Buffer.compare((await download(done.body.fileId)).body, file)).toBe(0);
  });

  it('completion checks the count and the whole-file hash', async () => {
    const file = sample('txt', 3 * MiB, 5);
    const uploadId = await getUploadId('说明.txt');
    const c0 = chunkFields(uploadId, '说明.txt', file, MiB, 0);
    await sendChunk(c0.fields, c0.bytes).expect(200);
    const missing = await complete(uploadId).expect(422);
    expect(missing.body.msg).toBe('还有2个分片未上传（第2、3个），请上传后再完成');

    // Chunks that each check out but announce a whole-file hash the bytes do not have.
    const wrongHash = 'f'.repeat(32);
    const id2 = await getUploadId('说明2.txt');
    for (const i of [0, 1, 2]) {
      const c = chunkFields(id2, '说明2.txt', file, MiB, i, 'long', wrongHash);
      await sendChunk(c.fields, c.bytes).expect(200);
    }
    const bad = await complete(id2).expect(422);
    expect(bad.body).toMatchObject({ errorCode: 'UPLOAD.FILE_HASH_MISMATCH' });
    // The upload is open again (the person may retry), and no file was left behind.
    expect((await chunks(id2)).body.data.status).toBe('uploading');
  });

  it('two completions at once: one composes, the other waits its turn or gets the same file', async () => {
    const file = sample('pdf', 3 * MiB, 12);
    const uploadId = await getUploadId('并发完成.pdf');
    for (const i of [0, 1, 2]) {
      const c = chunkFields(uploadId, '并发完成.pdf', file, MiB, i);
      await sendChunk(c.fields, c.bytes).expect(200);
    }
    const [one, two] = await Promise.all([complete(uploadId), complete(uploadId)]);
    const statuses = [one.status, two.status].sort();
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const ok = [one, two].filter((r) => r.status === 200).map((r) => r.body.fileId as string);
    expect(new Set(ok).size).toBe(1);
    const busy = [one, two].find((r) => r.status === 409);
    if (busy) expect(busy.body.msg).toBe('文件正在合并中，请稍后再试');
    expect((await complete(uploadId).expect(200)).body.fileId).toBe(ok[0]);
  });

  it('accepts a SHA-256 whole-file hash', async () => {
    const file = sample('png', MiB + 3, 6);
    const sha = createHash('sha256').update(file).digest('hex');
    const uploadId = await getUploadId('效果图.png');
    for (const i of [0, 1]) {
      const c = chunkFields(uploadId, '效果图.png', file, MiB, i, 'long', sha);
      await sendChunk(c.fields, c.bytes).expect(200);
    }
    expect((await complete(uploadId).expect(200)).body.size).toBe(file.length);
  });

  it('an empty file completes through the same calls', async () => {
    const file = Buffer.alloc(0);
    const uploadId = await getUploadId('空白.txt');
    const c = chunkFields(uploadId, '空白.txt', file, MiB, 0);
    await sendChunk(c.fields, c.bytes).expect(200);
    expect((await complete(uploadId).expect(200)).body.size).toBe(0);
  });

  it('refuses types by extension (415) and by content, at the first chunk and at completion', async () => {
    const type = await http()
      .get('/prod-api/common/maxfile/getUploadId')
      .query({ fileName: 'setup.exe' })
      .set(bearer(token))
      .expect(415);
    expect(type.body.msg).toContain('格式exe不正确');

    const exe = executable(MiB + 100);
    const uploadId = await getUploadId('合同扫描件.pdf');
    const c0 = chunkFields(uploadId, '合同扫描件.pdf', exe, MiB, 0);
    const refused = await sendChunk(c0.fields, c0.bytes).expect(415);
    expect(refused.body.msg).toBe('文件“合同扫描件.pdf”的内容与扩展名pdf不符，请上传真实的pdf文件');
  });

  it('enforces the size limits with 413', async () => {
    const uploadId = await getUploadId('大文件.zip');
    const file = sample('zip', 3 * MiB, 7);
    // A chunk larger than the 2 MiB limit.
    const big = chunkFields(uploadId, '大文件.zip', file, 3 * MiB, 0);
    const r = await sendChunk(big.fields, big.bytes).expect(413);
    expect(r.body.msg).toBe('分片大小不能超过2MB');
    // A file announced larger than the 64 MiB limit.
    const fields = {
      ...chunkFields(uploadId, '大文件.zip', file, MiB, 0).fields,
      fileSize: String(65 * MiB),
      chunkTotal: '65',
    };
    const tooBig = await sendChunk(fields, file.subarray(0, MiB)).expect(413);
    expect(tooBig.body.msg).toBe('文件大小不能超过64MB');
  });

  it('refuses malformed forms with 400 naming the field', async () => {
    const uploadId = await getUploadId('a.pdf');
    const file = sample('pdf', 1000);
    const c = chunkFields(uploadId, 'a.pdf', file, MiB, 0);
    const noFile = await sendChunk(c.fields, undefined).expect(400);
    expect(noFile.body.msg).toBe('请选择要上传的文件');
    const { chunkHash: _dropped, ...rest } = c.fields;
    const missing = await sendChunk(rest, c.bytes).expect(400);
    expect(missing.body).toMatchObject({ field: 'chunkHash' });
    expect(missing.body.msg).toBe('分片表单缺少字段chunkHash');
  });

  it("another user's upload is not found", async () => {
    const file = sample('pdf', 1000);
    const uploadId = await getUploadId('私有.pdf');
    const c = chunkFields(uploadId, '私有.pdf', file, MiB, 0);
    await sendChunk(c.fields, c.bytes, other).expect(404);
    await chunks(uploadId, other).expect(404);
    await complete(uploadId, other).expect(404);
    await chunks('../../etc/passwd').expect(404);
  });

  it('sweeps uploads abandoned longer than the configured time', async () => {
    const file = sample('pdf', 2 * MiB, 8);
    const uploadId = await getUploadId('遗弃.pdf');
    const c = chunkFields(uploadId, '遗弃.pdf', file, MiB, 0);
    await sendChunk(c.fields, c.bytes).expect(200);
    expect(await api.files.sweep()).toBe(0);
    api.clock.advance(api.files.config.abandonAfterMs + 1000);
    expect(await api.files.sweep()).toBeGreaterThanOrEqual(1);
    expect(await api.files.files.findUpload(uploadId)).toBeNull();
  });
});

describe.each(testDatabaseKinds())('the file centre on %s', (kind) => {
  let api: FilesTestApi;
  beforeAll(async () => {
    api = await openFilesTestApi(kind, { maxChunkBytes: 2 * MiB, maxFileBytes: 64 * MiB });
  });
  afterAll(() => api.close());

  const upload = async (token: string, name: string) => {
    const r = await request(api.app)
      .post('/prod-api/common/upload')
      .set(bearer(token))
      .attach('file', Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`), {
        filename: name,
        contentType: 'application/pdf',
      })
      .expect(200);
    return r.body.fileId as string;
  };
  const mine = (token: string, query: Record<string, string> = {}) =>
    request(api.app).get('/prod-api/common/files/mine').query(query).set(bearer(token));

  it("lists the caller's own uploads from the server, newest first, for any browser", async () => {
    const xmjl = await api.login('xmjl');
    const sjzc = await api.login('sjzc');
    const first = await upload(xmjl, '设计说明.pdf');
    const second = await upload(xmjl, '任务单.pdf');
    await upload(sjzc, '别人的文件.pdf');
    // A second sign-in (another browser) sees the same list.
    const again = await api.login('xmjl');
    const r = await mine(again).expect(200);
    expect(r.body.total).toBe(2);
    expect(r.body.rows.map((f: { fileId: string }) => f.fileId)).toEqual([second, first]);
    expect(r.body.rows[0]).toMatchObject({
      originalFilename: '任务单.pdf',
      url: `/prod-api/common/download/resource?resource=${second}`,
      uses: [],
    });
    expect(Number.isNaN(Date.parse(r.body.rows[0].createTime as string))).toBe(false);
    const named = await mine(again, { fileName: '设计' }).expect(200);
    expect(named.body.rows.map((f: { fileId: string }) => f.fileId)).toEqual([first]);
    const others = await mine(sjzc).expect(200);
    expect(others.body.rows.map((f: { originalFilename: string }) => f.originalFilename)).toEqual([
      '别人的文件.pdf',
    ]);
    await request(api.app).get('/prod-api/common/files/mine').expect(401);
  });
});
