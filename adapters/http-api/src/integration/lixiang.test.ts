/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitFees } from '@dpms/core';
import { SqlFeeRateSource } from '@dpms/sql';
import { apiClient } from '../test-support/api-client.js';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { headForDrafterDept } from '../test-support/drafter-dept.js';

const filing = {
  projectName: '立项备案项目',
  lxNo: 'LX-1',
  bizSource: '2',
  totalAmount: '50',
  cleanAmount: '45',
  directFee: '5',
};

describe.each(testDatabaseKinds())('project filing API on %s', (kind) => {
  let api: ApprovalTestApi;
  const client = apiClient(() => api);
  const { post, get } = client;

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    await headForDrafterDept(api.database.handle.db);
    for (const u of ['zhjy', 'yunying', 'yuangong', 'xmjl2']) await client.signIn(u);
  });
  afterAll(() => api.close());

  it('adds a filing with the server split, edits it, submits it and locks it; approval marks it approved', async () => {
    const add = await post('zhjy', '/v4/lixiang/add', filing);
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const rates = await new SqlFeeRateSource(api.database.handle.db).current();
    const expected = splitFees({
      bizSource: '2',
      totalAmount: '50',
      cleanAmount: '45',
      directFee: '5',
      rateSets: rates,
    });
    if (!expected.ok) throw new Error(expected.error.message);
    expect(add.body.data).toMatchObject({
      status: -1,
      realAmount: '40',
      technicalFee: '0',
      designFee: expected.value.designFee,
    });
    const lxId = add.body.data.lxId;

    const upd = await post('zhjy', '/project/lixiang/updateV2', {
      ...filing,
      lxId,
      totalAmount: '60',
      cleanAmount: '50',
    });
    expect(upd.body.data).toMatchObject({ totalAmount: '60', realAmount: '45', version: 1 });

    const sent = await post('zhjy', '/project/lixiang/updateToApprovalV2', { lxId });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.status).toBe(0);
    expect((await post('zhjy', '/project/lixiang/updateV2', { ...filing, lxId })).status).toBe(422);
    expect((await post('zhjy', '/project/lixiang/updateToApprovalV2', { lxId })).status).toBe(422);

    const db = api.database.handle.db;
    const approvalId = Number(sent.body.data.approvalId);
    for (let i = 0; i < 8; i += 1) {
      const a = await db
        .selectFrom('approval')
        .select(['status', 'version'])
        .where('approval_id', '=', approvalId)
        .executeTakeFirstOrThrow();
      if (a.status !== 0) break;
      const pending = await db
        .selectFrom('approval_pending as p')
        .innerJoin('sys_user as u', 'u.user_id', 'p.user_id')
        .select('u.user_name')
        .where('p.approval_id', '=', approvalId)
        .execute();
      const signer = pending[0]?.user_name ?? '';
      await client.ensureSignedIn(signer);
      const r = await post(signer, '/project/approval/process', {
        approvalId: String(approvalId),
        version: a.version,
        action: 'approve',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const done = await get('yunying', '/project/lixiang/detailById', { lxId });
    expect(done.body.data).toMatchObject({ status: 1, statusName: expect.any(String) });
    expect((await post('zhjy', '/project/lixiang/updateV2', { ...filing, lxId })).status).toBe(422);
  });

  it('lists with filters and scope, answers 400/403 by the rules, records history filings as approved', async () => {
    const hist = await post('zhjy', '/project/lixiang/addHistory', {
      ...filing,
      projectName: '历史立项',
    });
    expect(hist.body.data).toMatchObject({ history: true, status: 1 });
    const list = await get('yunying', '/v4/lixiang/list', {
      projectName: '历史立项',
      orderByColumn: 'totalAmount',
      isAsc: 'desc',
    });
    expect(list.body.rows.map((r: { lxId: number }) => r.lxId)).toEqual([hist.body.data.lxId]);
    expect(
      (await get('xmjl2', '/project/lixiang/detailById', { lxId: hist.body.data.lxId })).status,
    ).toBe(404);
    const bad = await post('zhjy', '/v4/lixiang/add', { ...filing, totalAmount: 50 });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('totalAmount');
    const noName = await post('zhjy', '/v4/lixiang/add', { ...filing, projectName: '' });
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toBe('项目名称不能为空');
    const over = await post('zhjy', '/v4/lixiang/add', { ...filing, cleanAmount: '1000000' });
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ msg: '合同净额不能大于合同金额', field: 'cleanAmount' });
    expect((await post('yunying', '/v4/lixiang/add', filing)).status).toBe(403);
    expect((await get('yuangong', '/v4/lixiang/list')).status).toBe(403);
    expect((await get('zhjy', '/v4/lixiang/list', { orderByColumn: 'project_name' })).status).toBe(
      400,
    );
  });
});
