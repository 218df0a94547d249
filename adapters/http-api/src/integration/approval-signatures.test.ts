/* eslint-disable @typescript-eslint/no-unsafe-member-access -- supertest bodies are untyped JSON */
import { sql } from 'kysely';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_RECORD_KIND, type ApprovalTestApi } from '../test-support/approval-api.js';
import { contract, useApprovalApi } from '../test-support/approval-suite.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe.each(testDatabaseKinds())("the demo users' signatures on %s", (kind) => {
  const suite = useApprovalApi(kind);
  const { process, create, detail } = suite;
  const { get } = suite.client;
  let api: ApprovalTestApi;
  beforeAll(() => {
    api = suite.api();
  });

  it('a seeded user signs with their seeded image, logged by file id and served as a PNG', async () => {
    const mine = (await get('bmfzr2', '/system/user/profile/signature')).body.data as {
      signFileId: string | null;
      signUrl: string | null;
      setAt: string | null;
    };
    expect(mine.signFileId).toMatch(/^[0-9a-f-]{36}$/);
    expect(mine.signUrl).toBe(`/prod-api/system/user/profile/signature/${mine.signFileId}`);
    expect(Number.isNaN(Date.parse(mine.setAt ?? ''))).toBe(false);

    const img = await request(api.app)
      .get(mine.signUrl ?? '')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect((img.body as Buffer).subarray(0, 8).equals(PNG_MAGIC)).toBe(true);

    const draft = await create(
      'yuangong',
      '/project/approval/addContractTemplate',
      contract('88', { recordKind: TEST_RECORD_KIND, recordId: 'c-sign-88' }),
    );
    const submitted = await process('yuangong', draft.approvalId, 0, 'submit');
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const approved = await process('bmfzr2', draft.approvalId, 1, 'approve', { opinion: '同意' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    const d = await detail('yuangong', draft.approvalId);
    expect(d.approvalDetailBO.approvalNodeList[0]?.approvalUserSignUrl).toBe(mine.signUrl);
    const yuangong = (await get('yuangong', '/system/user/profile/signature')).body.data as {
      signUrl: string | null;
    };
    expect(yuangong.signUrl).not.toBeNull();
    expect(d.approvalDetailBO.creatorSignUrl).toBe(yuangong.signUrl);
    const logged = await sql<{ sign_file_id: string | null }>`
      select sign_file_id from approval_action_log
      where approval_id = ${Number(draft.approvalId)} and action = 'approve'`.execute(
      api.database.handle.db,
    );
    expect(logged.rows).toEqual([{ sign_file_id: mine.signFileId }]);
  });
});
