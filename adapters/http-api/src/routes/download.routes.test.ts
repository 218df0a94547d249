/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import request, { type Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  executable,
  openFilesTestApi,
  sample,
  type FilesTestApi,
} from '../test-support/files-api.js';
import { contentDisposition } from './download.routes.js';

const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
const binary = (res: Response, cb: (e: Error | null, body: Buffer) => void) => {
  const parts: Buffer[] = [];
  res.on('data', (c: Buffer) => parts.push(c));
  res.on('end', () => cb(null, Buffer.concat(parts)));
};
const SECRET = 'TOP-SECRET-OUTSIDE-THE-STORE';

describe('form uploads and downloads', () => {
  let api: FilesTestApi;
  let owner: string;
  let stranger: string;
  let admin: string;
  beforeAll(async () => {
    api = await openFilesTestApi('embedded', { maxFormFileBytes: 1024 * 1024 });
    owner = await api.login('xmjl');
    stranger = await api.login('sjzc');
    admin = await api.login('admin');
    // Files a traversal would be after: beside the store, and the store's own internals.
    mkdirSync(api.outside, { recursive: true });
    writeFileSync(path.join(api.outside, 'secret.txt'), SECRET);
  });
  afterAll(() => api.close());

  const http = () => request(api.app);
  const upload = (name: string, bytes: Buffer, t = owner) =>
    http().post('/prod-api/common/upload').set(bearer(t)).attach('file', bytes, { filename: name });
  const resource = (resourceValue: string, t = owner) =>
    http()
      .get('/prod-api/common/download/resource')
      .query({ resource: resourceValue })
      .set(bearer(t))
      .buffer(true)
      .parse(binary);

  it('uploads a form file with a Chinese name and downloads it with a UTF-8 name', async () => {
    const bytes = sample('docx', 5000, 2);
    const up = await upload('设计任务书（第2版）.docx', bytes).expect(200);
    expect(up.body).toMatchObject({
      code: 200,
      originalFilename: '设计任务书（第2版）.docx',
      fileName: up.body.fileId,
      url: `/prod-api/common/download/resource?resource=${up.body.fileId}`,
      size: 5000,
      fileType: 'docx',
    });
    const r = await resource(up.body.fileId).expect(200);
    expect(Buffer.compare(r.body, bytes)).toBe(0);
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="_______2__.docx"; filename*=UTF-8''${encodeURIComponent('设计任务书（第2版）.docx')}`,
    );
    expect(r.headers['content-type']).toContain('wordprocessingml');
    // Preview is for png/jpg/jpeg/pdf only: a docx stays an attachment.
    const p = await http()
      .get('/prod-api/common/download/resource')
      .query({ resource: up.body.fileId, preview: 'true' })
      .set(bearer(owner))
      .expect(200);
    expect(p.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('previews png and pdf inline', async () => {
    for (const [name, kind] of [
      ['效果图.png', 'png'],
      ['合同.pdf', 'pdf'],
    ] as const) {
      const up = await upload(name, sample(kind, 3000)).expect(200);
      const r = await http()
        .get('/prod-api/common/download/resource')
        .query({ resource: up.body.fileId, preview: 'true' })
        .set(bearer(owner))
        .expect(200);
      expect(r.headers['content-disposition']).toMatch(/^inline; /);
      expect(r.headers['content-type']).toBe(kind === 'png' ? 'image/png' : 'application/pdf');
    }
  });

  it('answers byte ranges with 206, and 416 outside the file', async () => {
    const bytes = sample('pdf', 100_000, 9);
    const up = await upload('大图.pdf', bytes).expect(200);
    const r = await http()
      .get('/prod-api/common/download/resource')
      .query({ resource: up.body.fileId })
      .set(bearer(owner))
      .set('Range', 'bytes=1000-1999')
      .buffer(true)
      .parse(binary)
      .expect(206);
    expect(r.headers['content-range']).toBe('bytes 1000-1999/100000');
    expect(r.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(r.body, bytes.subarray(1000, 2000))).toBe(0);
    const tail = await http()
      .get('/prod-api/common/download/resource')
      .query({ resource: up.body.fileId })
      .set(bearer(owner))
      .set('Range', 'bytes=-10')
      .buffer(true)
      .parse(binary)
      .expect(206);
    expect(Buffer.compare(tail.body, bytes.subarray(-10))).toBe(0);
    const out = await http()
      .get('/prod-api/common/download/resource')
      .query({ resource: up.body.fileId })
      .set(bearer(owner))
      .set('Range', 'bytes=200000-')
      .expect(416);
    expect(out.headers['content-range']).toBe('bytes */100000');
  });

  it('answers HEAD with the headers only', async () => {
    const up = await upload('头信息.pdf', sample('pdf', 4321)).expect(200);
    const r = await http()
      .head('/prod-api/common/download/resource')
      .query({ resource: up.body.fileId })
      .set(bearer(owner))
      .expect(200);
    expect(r.headers['content-length']).toBe('4321');
    expect(r.headers['content-disposition']).toContain("filename*=UTF-8''");
  });

  it('the older download call, with delete for the owner only', async () => {
    const up = await upload('导出.txt', sample('txt', 100)).expect(200);
    const id = up.body.fileId as string;
    const refused = await http()
      .get('/prod-api/common/download')
      .query({ fileName: id, delete: 'true' })
      .set(bearer(admin === owner ? stranger : stranger))
      .expect(403);
    expect(refused.body.msg).toBe('没有权限访问该文件');
    await http()
      .get('/prod-api/common/download')
      .query({ fileName: id, delete: 'true' })
      .set(bearer(owner))
      .expect(200);
    await resource(id).expect(404);
  });

  it('form uploads refuse other types, disguised executables and oversized files', async () => {
    const exe = await upload('setup.exe', executable()).expect(415);
    expect(exe.body.msg).toContain('格式exe不正确');
    const disguised = await upload('合同.pdf', executable()).expect(415);
    expect(disguised.body.msg).toBe('文件“合同.pdf”的内容与扩展名pdf不符，请上传真实的pdf文件');
    const big = await upload('大.zip', sample('zip', 1024 * 1024 + 1)).expect(413);
    expect(big.body.msg).toBe('文件大小不能超过1MB');
    await http().post('/prod-api/common/upload').set(bearer(owner)).field('x', 'y').expect(400);
  });

  describe('security: only server-issued ids the caller may read', () => {
    let fileId: string;
    beforeAll(async () => {
      fileId = (await upload('私密.pdf', sample('pdf', 2000)).expect(200)).body.fileId;
    });

    it.each([
      '../outside/secret.txt',
      '../../outside/secret.txt',
      '../../../../../../etc/passwd',
      '/etc/passwd',
      'objects/../../outside/secret.txt',
      '..%2F..%2Foutside%2Fsecret.txt',
      '%2e%2e%2f%2e%2e%2foutside%2fsecret.txt',
      '%252e%252e%252f%252e%252e%252foutside%252fsecret.txt',
      '..%252f..%252foutside%252fsecret.txt',
      'secret.txt\u0000.pdf',
      '%00../../outside/secret.txt',
      '..\\..\\outside\\secret.txt',
      'C:\\Windows\\win.ini',
      '\\\\server\\share\\x.pdf',
      'files/0123456789abcdef0123456789abcdef',
      '0123456789ABCDEF0123456789ABCDEF',
      '/profile/upload/2024/01/01/a.pdf',
      'http://example.com/a.pdf',
    ])('refuses resource %j', async (value) => {
      for (const call of [
        () => resource(value),
        () =>
          http()
            .get('/prod-api/common/download')
            .query({ fileName: value })
            .set(bearer(owner))
            .buffer(true)
            .parse(binary),
      ]) {
        const r = await call();
        expect([400, 404]).toContain(r.status);
        expect(String(r.body)).not.toContain(SECRET);
        expect(String(r.body)).not.toContain('root:');
      }
    });

    it('refuses traversal written raw into the URL', async () => {
      for (const raw of [
        '/prod-api/common/download/resource?resource=../../outside/secret.txt',
        '/prod-api/common/download/resource?resource=..%2f..%2foutside%2fsecret.txt',
        '/prod-api/common/download/resource?resource=%2e%2e%2f%2e%2e%2foutside%2fsecret.txt',
        '/prod-api/common/download/resource?resource=%252e%252e%252foutside%252fsecret.txt',
        '/prod-api/common/download/resource?resource=..%5c..%5coutside%5csecret.txt',
        '/prod-api/common/download/resource?resource=a%00b',
        `/prod-api/common/download/resource?resource=${fileId}%00.pdf`,
        `/prod-api/common/download/resource?resource=${fileId}/../../outside/secret.txt`,
        `/prod-api/common/download/resource?resource[]=${fileId}`,
        '/prod-api/common/download/resource/../../../outside/secret.txt',
        '/prod-api/common/download?fileName=../../outside/secret.txt',
      ]) {
        const r = await http().get(raw).set(bearer(owner)).buffer(true).parse(binary);
        expect([400, 404], raw).toContain(r.status);
        expect(String(r.body)).not.toContain(SECRET);
      }
    });

    it("refuses another user's file without the read permission, allows admin", async () => {
      const r = await resource(fileId, stranger).expect(403);
      expect(JSON.parse(String(r.body))).toMatchObject({ code: 403, msg: '没有权限访问该文件' });
      await resource(fileId, admin).expect(200);
      await resource(fileId).expect(200);
    });

    it('keeps a client path out of names: getUploadId refuses it, a form upload keeps the last segment', async () => {
      for (const fileName of [
        '../../outside/x.pdf',
        '/etc/x.pdf',
        '..\\..\\x.pdf',
        'C:\\x.pdf',
        'a\u0000.pdf',
        '..',
      ]) {
        const r = await http()
          .get('/prod-api/common/maxfile/getUploadId')
          .query({ fileName })
          .set(bearer(owner));
        expect(r.status, fileName).toBe(400);
      }
      const up = await upload('../../outside/evil.pdf', sample('pdf', 100)).expect(200);
      expect(up.body.originalFilename).toBe('evil.pdf');
      const win = await upload('C:\\fakepath\\合同.pdf', sample('pdf', 100)).expect(200);
      expect(win.body.originalFilename).toBe('合同.pdf');
      expect(existsSync(path.join(api.outside, 'evil.pdf'))).toBe(false);
      expect(readdirSync(path.join(api.storeRoot, 'objects'))).toEqual(['files']);
    });

    it('refuses without a session', async () => {
      await http()
        .get('/prod-api/common/download/resource')
        .query({ resource: fileId })
        .expect(401);
      await http()
        .post('/prod-api/common/upload')
        .attach('file', sample('pdf', 10), 'a.pdf')
        .expect(401);
    });

    it('refuses an unknown id with 404', async () => {
      await resource('0123456789abcdef0123456789abcdef').expect(404);
    });
  });

  it('writes RFC 5987 names', () => {
    expect(contentDisposition("a b'(1).pdf", false)).toBe(
      `attachment; filename="a b'(1).pdf"; filename*=UTF-8''a%20b%27%281%29.pdf`,
    );
    expect(contentDisposition('图"纸\\.png', true)).toBe(
      `inline; filename="____.png"; filename*=UTF-8''%E5%9B%BE%22%E7%BA%B8%5C.png`,
    );
  });
});
