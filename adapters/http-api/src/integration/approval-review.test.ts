/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_RECORD_KIND, type ApprovalTestApi } from '../test-support/approval-api.js';
import {
  PNG,
  contract,
  seal,
  type Outcome,
  useApprovalApi,
} from '../test-support/approval-suite.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { binaryBody } from '../test-support/xlsx-answer.js';

describe.each(testDatabaseKinds())('approval engine API (review) on %s', (kind) => {
  const suite = useApprovalApi(kind);
  const { process, create, detail, moved, logCount } = suite;
  const { as, post, get } = suite.client;
  let api: ApprovalTestApi;
  beforeAll(() => {
    api = suite.api();
  });

  it('runs a contract review through every node, in turn, and moves the record once', async () => {
    // Signatures of the drafter and the first approver, kept as they were when they signed.
    const up = await request(api.app)
      .post('/prod-api/system/user/profile/signature')
      .set(as('bmfzr2'))
      .attach('signaturefile', PNG, 'sign.png');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const firstSign = up.body.data.signUrl as string;
    expect((await get('bmfzr2', '/system/user/profile/signature')).body.data.signUrl).toBe(
      firstSign,
    );
    const img = await request(api.app).get(firstSign);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    const notImage = await request(api.app)
      .post('/prod-api/system/user/profile/signature')
      .set(as('bmfzr2'))
      .attach('signaturefile', Buffer.from('hello'), 'x.png');
    expect(notImage.status).toBe(415);

    const draft = await create(
      'yuangong',
      '/project/approval/addContractTemplate',
      contract('150', { recordKind: TEST_RECORD_KIND, recordId: 'c-150' }),
    );
    expect(draft).toMatchObject({ status: -1, version: 0 });
    // Drafts wait for nobody.
    expect(
      (await get('bmfzr2', '/project/approval/getNotify', { currentUserId: '16' })).body.data
        .unDealCount,
    ).toBe(0);

    const submitted = (await process('yuangong', draft.approvalId, 0, 'submit')).body
      .data as Outcome;
    expect(submitted).toMatchObject({ status: 0, version: 1, currentNodeName: '部门负责人' });
    const d0 = await detail('yuangong', draft.approvalId);
    expect(d0.approval.nodes.map((n) => n.nodeName)).toEqual([
      '部门负责人',
      '经营部',
      '财务部',
      '总经理',
    ]);
    expect(d0.approval.nodes[0]?.assignees).toEqual(['16']);
    expect(d0.allowedActions).toEqual(['withdraw', 'urge', 'cc']);

    const notify = await get('bmfzr2', '/project/approval/getNotify', { currentUserId: '16' });
    expect(notify.body.data).toEqual({
      unDealCount: 1,
      noticeCount: 0,
      noticeList: [],
      unLookSeal: false,
      warnTaskList: [],
    });
    const waiting = await get('bmfzr2', '/project/approval/getAllNeedApprovalList');
    expect(waiting.body.rows.map((r: { approvalId: string }) => r.approvalId)).toContain(
      draft.approvalId,
    );

    // Out of turn: finance before the department head.
    const early = await process('caiwu', draft.approvalId, 1, 'approve');
    expect(early.status).toBe(422);
    expect(early.body.errorCode).toBe('APPROVAL.NOT_YOUR_TURN');
    // Stale version.
    const stale = await process('bmfzr2', draft.approvalId, 0, 'approve');
    expect(stale.status).toBe(409);
    expect(stale.body.errorCode).toBe('APPROVAL.STALE_VERSION');
    // Opinion over 20 characters.
    const long = await process('bmfzr2', draft.approvalId, 1, 'approve', {
      opinion: '一'.repeat(21),
    });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ field: 'opinion', msg: '审批意见不能超过20个字' });

    const s1 = await process(
      'bmfzr2',
      draft.approvalId,
      1,
      'approve',
      { opinion: '同意' },
      'key-s1',
    );
    expect(s1.body.data).toMatchObject({ version: 2, currentNodeName: '经营部' });
    // A replay answers the first answer and changes nothing.
    const before = await logCount(draft.approvalId);
    const replay = await process(
      'bmfzr2',
      draft.approvalId,
      1,
      'approve',
      { opinion: '同意' },
      'key-s1',
    );
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(s1.body);
    expect(await logCount(draft.approvalId)).toBe(before);
    // Acting twice without the key: no longer the actor's turn.
    const twice = await process('bmfzr2', draft.approvalId, 2, 'approve');
    expect(twice.body.errorCode).toBe('APPROVAL.NOT_YOUR_TURN');
    // The same key on another call is refused.
    const reused = await post(
      'bmfzr2',
      '/project/approval/addCommonTemplate',
      { typeCode: '22_1', content: {} },
      'key-s1',
    );
    expect(reused.status).toBe(422);

    // The signer changes their image later: the sheet keeps the one they signed with.
    await request(api.app)
      .post('/prod-api/system/user/profile/signature')
      .set(as('bmfzr2'))
      .attach('signaturefile', PNG, 'sign2.png');

    let v = 2;
    for (const user of ['jingying', 'caiwu']) {
      const r = await process(user, draft.approvalId, v, 'approve', { opinion: `${user}同意` });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      v = r.body.data.version as number;
      expect(await moved('c-150')).toBe(0);
    }
    const last = await process('zjl', draft.approvalId, v, 'approve');
    expect(last.body.data).toMatchObject({ status: 1, currentNodeName: '' });
    expect(await moved('c-150')).toBe(1);
    // Approved is final.
    const after = await process('zjl', draft.approvalId, v + 1, 'approve');
    expect(after.body.errorCode).toBe('APPROVAL.INVALID_TRANSITION');

    const d = await detail('yuangong', draft.approvalId);
    expect(d.approvalDetailBO.approvalNodeList.map((n) => [n.nodeName, n.content])).toEqual([
      ['部门负责人', '同意'],
      ['经营部', 'jingying同意'],
      ['财务部', 'caiwu同意'],
      ['总经理', ''],
    ]);
    expect(d.approvalDetailBO.approvalNodeList[0]?.approvalUserSignUrl).toBe(firstSign);
    expect(d.approvalDetailBO.unApprovalList).toEqual([]);
    expect(d.userNames['16']).toBe('孔所长');
    expect(d).toMatchObject({
      sealImagesList: [],
      imgFiles: [],
      designTaskSignFlowList: [],
      designTaskSignDetailList: [],
    });

    const mine = await get('yuangong', '/project/approval/getSelfCreateList', { status: 1 });
    expect(mine.body.rows.map((r: { approvalId: string }) => r.approvalId)).toContain(
      draft.approvalId,
    );
    const done = await get('jingying', '/project/approval/getDoneList');
    expect(done.body.rows.map((r: { approvalId: string }) => r.approvalId)).toContain(
      draft.approvalId,
    );
    const notDone = await get('zhsw', '/project/approval/getDoneList');
    expect(notDone.body.rows.map((r: { approvalId: string }) => r.approvalId)).not.toContain(
      draft.approvalId,
    );
    const all = await get('admin', '/project/approval/getAllApprovalList', { typeCode: '24_1' });
    expect(all.body.rows.map((r: { approvalId: string }) => r.approvalId)).toContain(
      draft.approvalId,
    );

    const xlsx = await get('yuangong', '/project/approval/export', { serviceId: draft.approvalId })
      .buffer(true)
      .parse(binaryBody);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect((xlsx.body as Buffer).subarray(0, 2).toString()).toBe('PK');
  });

  it('brings in the general manager only for a large contract and for the company seal on 25_1', async () => {
    const small = await create('yuangong', '/project/approval/addContractTemplate', {
      ...contract('99.99'),
      submit: true,
    });
    expect(
      (await detail('yuangong', small.approvalId)).approval.nodes.map((n) => n.nodeName),
    ).toEqual(['部门负责人', '经营部', '财务部']);
    const withSeal = await create('yuangong', '/project/approval/addSealTemplate', {
      ...seal(['1', '5']),
      submit: true,
    });
    expect(
      (await detail('yuangong', withSeal.approvalId)).approval.nodes.map((n) => n.nodeName),
    ).toEqual(['部门负责人', '技术负责人', '综合事务部', '总经理']);
    const noSeal = await create('yuangong', '/project/approval/addSealTemplate', {
      ...seal(['5']),
      submit: true,
    });
    expect(
      (await detail('yuangong', noSeal.approvalId)).approval.nodes.map((n) => n.nodeName),
    ).toEqual(['部门负责人', '技术负责人', '综合事务部']);
  });
});
