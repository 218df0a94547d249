/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContractApi, type ContractClient, type ContractTestApi } from './contract-helpers.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const download = (id: string) => `/prod-api/common/download/resource?resource=${id}`;

/**
 * An approval's files are ids the server issued, answered with the download address
 * the server builds; an address sent by a drafter (an API route with a side effect, another
 * origin, a script) is refused on the way in and never reaches another person's browser.
 */
describe.each(testDatabaseKinds())('approval attachments on %s', (kind) => {
  let api: ContractTestApi;
  let drafter: ContractClient;
  let admin: ContractClient;

  const common = (extra: Record<string, unknown>) => ({
    typeCode: '22_1',
    title: '附件测试',
    content: { reason: { value: '采购打印机' } },
    ...extra,
  });
  const mine = async (): Promise<number> =>
    (await drafter.get('/project/approval/getSelfCreateList')).body.total as number;

  beforeAll(async () => {
    api = await openContractApi(kind);
    drafter = await api.as('yuangong');
    admin = await api.as('admin');
  });
  afterAll(() => api.close());

  it.each([
    ['an API route with a side effect', { url: '/prod-api/approval/flow/del?flowId=1' }, 'url'],
    ['the same route without the prefix', { filePath: '/approval/flow/del?flowId=1' }, 'filePath'],
    ['a script address', { url: 'javascript:alert(document.cookie)' }, 'url'],
    ['another origin', { url: '//evil.example/x.pdf' }, 'url'],
    ['a data address', { filePath: 'data:text/html,<script>alert(1)</script>' }, 'filePath'],
    ['a path as the id', { fileId: '../../approval/flow/del' }, 'fileId'],
    ['no id at all', { name: '合同.pdf' }, 'fileId'],
  ])('refuses %s with a 400 naming the field, storing nothing', async (_, file, field) => {
    const before = await mine();
    const r = await drafter.post(
      '/project/approval/addCommonTemplate',
      common({ files: [{ name: '合同.pdf', ...file }] }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.msg).toContain(`files[0].${field}`);
    expect(r.body.msg).toMatch(/文件/);
    expect(await mine()).toBe(before);
  });

  it('refuses a download address of a real file beside a url naming something else', async () => {
    const id = await drafter.upload('说明.pdf', PDF);
    const r = await drafter.post(
      '/project/approval/addCommonTemplate',
      common({ files: [{ fileId: id, url: '/prod-api/approval/flow/del?flowId=1' }] }),
    );
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('files[0].url');
  });

  it('refuses an id that names no stored file, and another person’s upload', async () => {
    const none = await drafter.post(
      '/project/approval/addCommonTemplate',
      common({ files: [{ fileId: 'f'.repeat(32) }] }),
    );
    expect(none.status).toBe(400);
    expect(none.body.msg).toContain('files[0]');
    const theirs = await admin.upload('机密.pdf', PDF);
    const r = await drafter.post(
      '/project/approval/addCommonTemplate',
      common({ files: [{ fileId: theirs }] }),
    );
    expect(r.status).toBe(403);
    expect(r.body.msg).toContain('files[0]');
  });

  it('takes an uploaded file id and answers the download address the server builds', async () => {
    const id = await drafter.upload('设计说明.pdf', PDF);
    // The web sends back what the upload answered: the id with its download address.
    const created = await drafter.post(
      '/project/approval/addCommonTemplate',
      common({ files: [{ fileId: id, name: '改过的名字.exe', filePath: download(id) }] }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const approvalId = created.body.data.approvalId as string;
    const d = await drafter.get('/project/approval/getCommonApprovalDetail', {
      serviceId: approvalId,
    });
    expect(d.status).toBe(200);
    const expected = {
      fileId: id,
      name: '设计说明.pdf',
      url: download(id),
      filePath: download(id),
    };
    expect(d.body.data.attachmentList).toEqual([expect.objectContaining(expected)]);
    expect(d.body.data.approval.files).toEqual([expect.objectContaining(expected)]);
    // The address answered is the download route, and it serves the file.
    const file = await admin.get(download(id).replace('/prod-api', ''));
    expect(file.status).toBe(200);

    // An update may keep the attachment (here sent as its bare id) and add none of another's.
    const version = created.body.data.version as number;
    const kept = await drafter.post('/project/approval/updateCommonTemplate', {
      approvalId,
      version,
      content: { reason: { value: '采购打印机两台' } },
      files: [{ fileId: id }],
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    const bad = await drafter.post('/project/approval/updateCommonTemplate', {
      approvalId,
      version: kept.body.data.version,
      content: { reason: { value: '采购打印机两台' } },
      files: [{ fileId: id }, { url: '/prod-api/project/approval/deleteById?serviceId=1' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('files[1].url');
  });

  it('checks the files of an upload field in the form content the same way', async () => {
    const templateContent = [
      { title: '附件', fields: [{ type: 'upload', refname: 'att', label: '附件' }] },
    ];
    const content = (value: unknown[]) => ({ att: { value, type: 'upload' } });
    const r = await drafter.post(
      '/project/approval/addCommonTemplate',
      common({ templateContent, content: content([{ name: 'x', url: '//evil.example/a' }]) }),
    );
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('content.att.value[0].url');
    const strings = await drafter.post(
      '/project/approval/addCommonTemplate',
      common({ templateContent, content: content(['/prod-api/approval/flow/del?flowId=1']) }),
    );
    expect(strings.status).toBe(400);
    expect(strings.body.msg).toContain('content.att.value[0]');
    const id = await drafter.upload('图纸.pdf', PDF);
    const good = await drafter.post(
      '/project/approval/addCommonTemplate',
      common({ templateContent, content: content([{ fileId: id }]) }),
    );
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    const d = await drafter.get('/project/approval/getCommonApprovalDetail', {
      serviceId: good.body.data.approvalId,
    });
    expect(d.body.data.approval.content.att.value).toEqual([
      expect.objectContaining({ fileId: id, url: download(id) }),
    ]);
  });

  it('never answers an address stored before the check: the file keeps its name only', async () => {
    const created = await drafter.post('/project/approval/addCommonTemplate', common({}));
    const approvalId = Number(created.body.data.approvalId);
    const stored = [{ name: '旧附件.pdf', url: '/prod-api/approval/flow/del?flowId=1' }];
    await sql`update approval set files = ${JSON.stringify(stored)}::jsonb where approval_id = ${approvalId}`.execute(
      api.db,
    );
    const d = await drafter.get('/project/approval/getCommonApprovalDetail', {
      serviceId: approvalId,
    });
    expect(d.status).toBe(200);
    expect(d.body.data.attachmentList).toEqual([
      { fileId: '', name: '旧附件.pdf', fileName: '旧附件.pdf', url: '', filePath: '' },
    ]);
    expect(JSON.stringify(d.body.data)).not.toContain('/approval/flow/del');
  });

  it('refuses a contract form whose file list holds anything but server-issued ids', async () => {
    const zhjy = await api.as('zhjy');
    const r = await zhjy.post('/project/stay/add', {
      projectName: '附件项目',
      contractName: '附件项目设计合同',
      files: ['/prod-api/approval/flow/del?flowId=1'],
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toContain('参数 files 只能是上传接口返回的文件标识');
    expect(r.body.errors[0].field).toBe('files[0]');
  });
});
