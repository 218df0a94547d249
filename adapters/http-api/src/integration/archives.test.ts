/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { insertArchive } from '@dpms/sql';
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../test-support/api-client.js';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

// Demo institute: yunying (运营, archive keeper: project:archives:* with 授权查看 and 下载), zgcs (总工程师, registers
// the archive; list and query only), zhjy (综合经营部, list and query, not granted at first),
// yuangong (no archive permission).

describe.each(testDatabaseKinds())('archives API on %s', (kind) => {
  let api: ApprovalTestApi;
  let archiveId: number;
  const client = apiClient(() => api);
  const { post, get } = client;
  const okData = async (r: request.Test | Promise<request.Response>) => {
    const res = await r;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const refused = async (
    r: request.Test | Promise<request.Response>,
    status: number,
    field?: string,
  ) => {
    const res = await r;
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (field !== undefined) expect(JSON.stringify(res.body)).toContain(field);
  };
  const logCount = async () =>
    Number(
      (
        await api.database.handle.db
          .selectFrom('project_archive_log')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('archive_id', '=', archiveId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    const db = api.database.handle.db;
    const fileId = 'b'.repeat(32);
    await db
      .insertInto('file_object')
      .values({
        file_id: fileId,
        original_name: '施工图审查意见.pdf',
        file_type: 'pdf',
        size: 12,
        content_hash: 'h',
        storage_key: 'k/b',
        owner_user_id: 6,
      })
      .execute();
    archiveId = await insertArchive(db, {
      archiveName: '施工图审查意见',
      archiveNo: 'DA-2026-001',
      projectName: '档案接口测试项目',
      fileId,
      fileName: '施工图审查意见.pdf',
      userId: 6,
      createBy: 'zgcs',
    });
    for (const user of ['yunying', 'zgcs', 'zhjy', 'yuangong']) await client.signIn(user);
  });
  afterAll(() => api.close());

  it('refuses reading an archive without permission, logging nothing', async () => {
    await refused(get('yuangong', '/project/archives/list'), 403);
    await refused(get('yuangong', '/project/archives/view', { archiveId }), 403);
    await refused(get('zhjy', '/project/archives/view', { archiveId }), 403);
    await refused(get('zhjy', '/project/archives/downLoad', { archiveId }), 403);
    await refused(get('zhjy', '/project/archives/logList', { archiveId }), 403);
    await refused(get('zhjy', '/project/archives/view', { archiveId: 999_999 }), 404);
    expect((await okData(get('zhjy', '/project/archives/list', { readableOnly: '1' }))).total).toBe(
      0,
    );
    // The catalogue lists it (all-data scope) so it can be borrowed, without its file.
    const catalogue = await okData(get('zhjy', '/project/archives/list'));
    const row = catalogue.rows.find((r: { archiveId: number }) => r.archiveId === archiveId);
    expect(row).toMatchObject({ canRead: false, fileId: '', downloadUrl: '' });
    expect(await logCount()).toBe(0);
  });

  it('the registrant and the keeper read it; a grant opens it; every view and download is logged', async () => {
    const list = await okData(get('zgcs', '/project/archives/list', { archiveName: '审查' }));
    expect(list.total).toBe(1);
    expect((await okData(get('yunying', '/project/archives/list'))).total).toBeGreaterThanOrEqual(
      1,
    );
    const view = await okData(get('zgcs', '/project/archives/view', { archiveId }));
    expect(view.data).toMatchObject({ archiveName: '施工图审查意见', fileId: 'b'.repeat(32) });
    await refused(
      post('zhjy', '/project/archives/updateAllowView', { archiveId, allowViewUserIds: [10] }),
      403,
    );
    await refused(
      post('yunying', '/project/archives/updateAllowView', {
        archiveId,
        allowViewUserIds: [10, 999_999],
      }),
      400,
      'allowViewUserIds',
    );
    const granted = await okData(
      post('yunying', '/project/archives/updateAllowView', {
        archiveId,
        allowViewUserIds: [10, 10],
      }),
    );
    expect(granted.data.allowViewUserIds).toEqual([10]);
    await okData(get('zhjy', '/project/archives/view', { archiveId }));
    const dl = await okData(get('yunying', '/project/archives/downLoad', { archiveId }));
    expect(dl.data.downloadUrl).toBe(`/project/archives/file?archiveId=${String(archiveId)}`);
    const logs = await okData(get('zgcs', '/project/archives/logList', { archiveId }));
    expect(
      logs.data.map((l: { action: string; userName: string }) => [l.action, l.userName]),
    ).toEqual([
      ['download', 'yunying'],
      ['view', 'zhjy'],
      ['view', 'zgcs'],
    ]);
    expect(logs.data[0].actionName).toBe('下载');
  });

  it('updates the memo within its limit; only the keeper or the registrant may', async () => {
    await refused(post('zgcs', '/project/archives/updateMemo', { archiveId, memo: '改' }), 403);
    const saved = await okData(
      post('yunying', '/project/archives/updateMemo', { archiveId, memo: ' 原件存档案室二号柜 ' }),
    );
    expect(saved.data.memo).toBe('原件存档案室二号柜');
    await refused(
      post('yunying', '/project/archives/updateMemo', { archiveId, memo: '档'.repeat(501) }),
      400,
      'memo',
    );
    const row = await api.database.handle.db
      .selectFrom('project_archive')
      .select('memo')
      .where('archive_id', '=', archiveId)
      .executeTakeFirstOrThrow();
    expect(row.memo).toBe('原件存档案室二号柜');
  });
});
