/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_TYPE_CODES } from '@dpms/core';
import {
  openApprovalApi,
  TEST_RECORD_KIND,
  type ApprovalTestApi,
} from '../test-support/approval-api.js';
import { apiClient } from '../test-support/api-client.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

interface Outcome {
  approvalId: string;
  status: number;
  version: number;
  currentNodeName: string;
}

const contract = (amount: string, extra: Record<string, unknown> = {}) => ({
  typeCode: '24_1',
  title: `合同评审 ${amount} 万元`,
  content: {
    contractName: { value: '某小区规划设计合同' },
    signByMain: { value: '某开发公司' },
    signBySub: { value: '华东示范建筑设计研究院' },
    totalAmount: { value: amount },
  },
  ...extra,
});

const seal = (sealTypes: string[]) => ({
  typeCode: '25_1',
  title: '技术章用印',
  content: {
    drawContent: { value: '施工图 12 张' },
    sealType: { value: sealTypes, type: 'options' },
  },
});

describe.each(testDatabaseKinds())('approval engine API on %s', (kind) => {
  let api: ApprovalTestApi;
  const client = apiClient(() => api);
  const { as, post, get } = client;
  const process = (
    user: string,
    approvalId: string,
    version: number,
    action: string,
    extra: Record<string, unknown> = {},
    key?: string,
  ) => post(user, '/project/approval/process', { approvalId, version, action, ...extra }, key);
  const create = async (user: string, path: string, body: unknown): Promise<Outcome> => {
    const r = await post(user, path, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return (r.body as { data: Outcome }).data;
  };
  const detail = async (user: string, approvalId: string) => {
    const r = await get(user, '/project/approval/getCommonApprovalDetail', {
      serviceId: approvalId,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as {
      approvalDetailBO: {
        creatorSignUrl: string | null;
        approvalNodeList: {
          nodeId: string;
          nodeName: string;
          content: string;
          approvalUserSignUrl: string | null;
        }[];
        unApprovalList: { nodeId: string; nodeName: string }[];
        currentNodeName: string;
      };
      approval: {
        status: number;
        version: number;
        nodes: { nodeId: string; nodeName: string; assignees: string[] }[];
        round: number;
      };
      log: { action: string; actorId: string }[];
      allowedActions: string[];
      userNames: Record<string, string>;
      currentSignRecord: unknown;
      attachmentList: unknown[];
      sealImagesList: unknown[];
      imgFiles: unknown[];
      designTaskSignFlowList: unknown[];
      designTaskSignDetailList: unknown[];
    };
  };
  const moved = async (recordId: string): Promise<number> => {
    const r = await sql<{
      moved_count: number;
    }>`select moved_count from approval_test_record where record_id = ${recordId}`.execute(
      api.database.handle.db,
    );
    return r.rows[0]?.moved_count ?? 0;
  };
  const logCount = async (approvalId: string): Promise<number> => {
    const r = await sql<{
      c: string;
    }>`select count(*) as c from approval_action_log where approval_id = ${Number(approvalId)}`.execute(
      api.database.handle.db,
    );
    return Number(r.rows[0]?.c ?? 0);
  };

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    for (const u of [
      'admin',
      'yuangong',
      'bmfzr2',
      'jingying',
      'caiwu',
      'zjl',
      'jsfzr',
      'zhsw',
      'xmjl',
      'sjzc',
    ]) {
      await client.signIn(u);
    }
  });
  afterAll(() => api.close());

  it('administers flows and nodes', async () => {
    const list = await get('admin', '/approval/flow/list', { pageSize: 100 });
    expect(list.body.total).toBe(APPROVAL_TYPE_CODES.length);
    expect(list.body.rows[0]).toMatchObject({
      typeCode: expect.any(String),
      nodeCount: expect.any(Number),
    });
    expect((await get('yuangong', '/approval/flow/list')).status).toBe(403);

    const dup = await post('admin', '/approval/flow/add', { typeCode: '22_1', flowName: 'x' });
    expect(dup.status).toBe(409);
    const seal25 = await get('admin', '/approval/node/get', { typeCode: '25_1' });
    expect(seal25.body.data.nodes.map((n: { nodeName: string }) => n.nodeName)).toEqual([
      '部门负责人',
      '技术负责人',
      '综合事务部',
      '总经理',
    ]);

    // A fresh flow for 19_1 after deleting the seeded one.
    const flowId19 = (await get('admin', '/approval/node/get', { typeCode: '19_1' })).body.data.flow
      .flowId as number;
    expect((await get('admin', '/approval/flow/del', { flowId: flowId19 })).status).toBe(200);
    expect((await get('admin', '/approval/flow/del', { flowId: flowId19 })).status).toBe(404);
    const added = await post('admin', '/approval/flow/add', {
      typeCode: '19_1',
      flowName: '审批单流程',
    });
    expect(added.status).toBe(200);
    const flowId = added.body.data.flowId as number;
    const a = await post('admin', '/approval/node/add', {
      flowId,
      nodeName: '总经理',
      actorKind: 'role',
      roleKey: 'zjl',
    });
    const b = await post('admin', '/approval/node/add', {
      flowId,
      nodeName: '财务',
      actorKind: 'users',
      userIds: ['8'],
      mode: 'all',
    });
    const bad = await post('admin', '/approval/node/add', {
      flowId,
      nodeName: '空',
      actorKind: 'role',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('roleKey');
    expect(a.status).toBe(200);
    expect(b.body.data).toMatchObject({ orderNum: 2, userIds: ['8'], mode: 'all' });
    const movedNodes = await get('admin', '/approval/node/moveFlowNodeOrder', {
      nodeId: b.body.data.nodeId,
      direction: 'up',
    });
    expect(movedNodes.body.data.map((n: { nodeName: string }) => n.nodeName)).toEqual([
      '财务',
      '总经理',
    ]);
    expect(
      (
        await get('admin', '/approval/node/moveFlowNodeOrder', {
          nodeId: b.body.data.nodeId,
          direction: 'up',
        })
      ).status,
    ).toBe(422);
    const upd = await post('admin', '/approval/node/update', {
      nodeId: a.body.data.nodeId,
      nodeName: '院长',
      condition: { kind: 'amount', refname: 'totalAmount', op: 'gte', threshold: '10' },
    });
    expect(upd.body.data).toMatchObject({ nodeName: '院长', condition: { kind: 'amount' } });
    expect(
      (await get('admin', '/approval/node/get', { nodeId: a.body.data.nodeId })).body.data.nodeName,
    ).toBe('院长');
    expect((await get('admin', '/approval/node/del', { nodeId: a.body.data.nodeId })).status).toBe(
      200,
    );
    expect((await get('admin', '/approval/node/get', { nodeId: a.body.data.nodeId })).status).toBe(
      404,
    );
    const fu = await post('admin', '/approval/flow/update', {
      flowId,
      flowName: '审批单（新）',
      status: '0',
    });
    expect(fu.body.data).toMatchObject({ flowName: '审批单（新）', nodeCount: 1 });
  });

  it('validates content against the template and names the field', async () => {
    const missing = await post('yuangong', '/project/approval/addContractTemplate', {
      typeCode: '24_1',
      content: {
        contractName: { value: '' },
        signByMain: { value: 'a' },
        signBySub: { value: 'b' },
        totalAmount: { value: '1' },
      },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('contractName');
    const badAmount = await post(
      'yuangong',
      '/project/approval/addContractTemplate',
      contract('12.3456789'),
    );
    expect(badAmount.status).toBe(400);
    expect(badAmount.body.field).toBe('totalAmount');
    const unknown = await post('yuangong', '/project/approval/addContractTemplate', {
      ...contract('1'),
      content: { ...contract('1').content, hacked: { value: 'x' } },
    });
    expect(unknown.body.field).toBe('hacked');
    // Choices are checked against the live dictionaries and the department tree.
    const badSeal = await post('yuangong', '/project/approval/addSealTemplate', seal(['1', '99']));
    expect(badSeal.status).toBe(400);
    expect(badSeal.body.field).toBe('sealType');
    const badDept = await post(
      'yuangong',
      '/project/approval/addContractTemplate',
      contract('1', { content: { ...contract('1').content, dealDept: { value: '9999' } } }),
    );
    expect(badDept.body.field).toBe('dealDept');
    const goodDept = await post(
      'yuangong',
      '/project/approval/addContractTemplate',
      contract('1', { content: { ...contract('1').content, dealDept: { value: '112' } } }),
    );
    expect(goodDept.status).toBe(200);
    const wrongKind = await post('yuangong', '/project/approval/addInvoiceTemplate', contract('1'));
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.field).toBe('typeCode');
    const unknownRecord = await post(
      'yuangong',
      '/project/approval/addContractTemplate',
      contract('1', { recordKind: 'nope', recordId: '1' }),
    );
    expect(unknownRecord.status).toBe(400);
    expect(unknownRecord.body.field).toBe('recordKind');
    // ArchivesApproval has no update call (000 §7).
    expect(
      (await post('yuangong', '/project/approval/updateArchivesApprovalTemplate', {})).status,
    ).toBe(404);
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
    expect(notify.body.data).toEqual({ unDealCount: 1, unLookSeal: false, warnTaskList: [] });
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
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
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

  it('rejects, resubmits through update keeping history, withdraws and deletes by the rules', async () => {
    const a = await create('yuangong', '/project/approval/addCommonTemplate', {
      typeCode: '22_1',
      title: '通用审批',
      content: { reason: { value: '采购打印机' } },
      recordKind: TEST_RECORD_KIND,
      recordId: 'g-1',
      submit: true,
    });
    expect(a.status).toBe(0);
    const rej = await process('bmfzr2', a.approvalId, a.version, 'reject', { opinion: '预算不足' });
    expect(rej.body.data).toMatchObject({ status: 2 });
    // Only the drafter edits; a stale edit is refused.
    const other = await post('bmfzr2', '/project/approval/updateCommonTemplate', {
      approvalId: a.approvalId,
      version: rej.body.data.version,
      content: {},
    });
    expect(other.status).toBe(403);
    const staleEdit = await post('yuangong', '/project/approval/updateCommonTemplate', {
      approvalId: a.approvalId,
      version: 0,
      content: {},
    });
    expect(staleEdit.status).toBe(409);
    const resub = await post('yuangong', '/project/approval/updateCommonTemplate', {
      serviceId: a.approvalId,
      version: rej.body.data.version,
      content: { reason: { value: '采购打印机（已压缩预算）' } },
      submit: true,
    });
    expect(resub.body.data).toMatchObject({ status: 0, currentNodeName: '部门负责人' });
    const d = await detail('yuangong', a.approvalId);
    expect(d.approval.round).toBe(2);
    expect(d.log.map((e) => e.action)).toEqual(['submit', 'reject', 'resubmit']);
    // The reject of round 1 is history: round 2's sheet starts empty.
    expect(d.approvalDetailBO.approvalNodeList).toEqual([]);
    // Withdraw, then nobody can act on it; someone else cannot delete it; the drafter can.
    const w = await process('yuangong', a.approvalId, resub.body.data.version, 'withdraw');
    expect(w.body.data.status).toBe(3);
    const onWithdrawn = await process('bmfzr2', a.approvalId, w.body.data.version, 'approve');
    expect(onWithdrawn.status).toBe(422);
    expect(onWithdrawn.body.errorCode).toBe('APPROVAL.INVALID_TRANSITION');
    expect(
      (await get('bmfzr2', '/project/approval/deleteById', { approvalId: a.approvalId })).status,
    ).toBe(403);
    expect(
      (await get('yuangong', '/project/approval/deleteById', { id: a.approvalId })).status,
    ).toBe(200);
    expect(
      (
        await get('yuangong', '/project/approval/getCommonApprovalDetail', {
          serviceId: a.approvalId,
        })
      ).status,
    ).toBe(404);
    expect(await moved('g-1')).toBe(0);

    // In approval cannot be deleted; a draft of someone else cannot be deleted either.
    const running = await create('yuangong', '/project/approval/addCommonTemplate', {
      typeCode: '22_1',
      content: {},
      submit: true,
    });
    expect(
      (await get('yuangong', '/project/approval/deleteById', { approvalId: running.approvalId }))
        .status,
    ).toBe(422);
    const otherDraft = await create('jingying', '/project/approval/addCommonTemplate', {
      typeCode: '22_1',
      content: {},
    });
    expect(
      (await get('yuangong', '/project/approval/deleteById', { approvalId: otherDraft.approvalId }))
        .status,
    ).toBe(403);
    // Someone else's draft is invisible to them.
    expect(
      (
        await get('yuangong', '/project/approval/getCommonApprovalDetail', {
          serviceId: otherDraft.approvalId,
        })
      ).status,
    ).toBe(403);
  });

  it('returns to an earlier node, transfers, copies to a reader and urges', async () => {
    const a = await create('yuangong', '/project/approval/addInvoiceTemplate', {
      typeCode: '23_1',
      content: {
        invoiceDate: { value: '2026-11-20' },
        contractName: { value: '某合同' },
        payCompanyName: { value: '某公司' },
        invoiceType: { value: '1' },
        invoicePurpose: { value: '1' },
        invoiceAmount: { value: '12.5' },
      },
      submit: true,
    });
    expect(a.currentNodeName).toBe('经营部');
    let v = a.version;
    const ok1 = await process('jingying', a.approvalId, v, 'approve');
    v = ok1.body.data.version;
    const nodes = (await detail('yuangong', a.approvalId)).approval.nodes;
    const back = await process('caiwu', a.approvalId, v, 'return', {
      targetNodeId: nodes[0]?.nodeId,
      opinion: '请补充',
    });
    expect(back.body.data).toMatchObject({ currentNodeName: '经营部' });
    v = back.body.data.version;
    const forward = await process('caiwu', a.approvalId, v, 'return', {
      targetNodeId: nodes[1]?.nodeId,
    });
    expect(forward.status).toBe(422);
    // Transfer the business step to another user, who then signs.
    const t = await process('jingying', a.approvalId, v, 'transfer', { toUserId: '10' });
    expect(t.status, JSON.stringify(t.body)).toBe(200);
    v = t.body.data.version;
    expect((await process('jingying', a.approvalId, v, 'approve')).body.errorCode).toBe(
      'APPROVAL.NOT_YOUR_TURN',
    );
    const tokenZhjy = await api.login('zhjy');
    const r2 = await request(api.app)
      .post('/prod-api/project/approval/process')
      .set({ Authorization: `Bearer ${tokenZhjy}` })
      .send({ approvalId: a.approvalId, version: v, action: 'approve' });
    expect(r2.status).toBe(200);
    v = r2.body.data.version;
    const bogus = await process('yuangong', a.approvalId, v, 'cc', { toUserId: '99999' });
    expect(bogus.status).toBe(400);
    expect(bogus.body.field).toBe('toUserId');
    const cc = await process('yuangong', a.approvalId, v, 'cc', { toUserId: '3' });
    expect(cc.status).toBe(200);
    v = cc.body.data.version;
    const readerList = await get('xmjl', '/project/approval/getAllApprovalList');
    expect(readerList.body.rows.map((r: { approvalId: string }) => r.approvalId)).toContain(
      a.approvalId,
    );
    expect(
      (await get('xmjl', '/project/approval/getCommonApprovalDetail', { serviceId: a.approvalId }))
        .status,
    ).toBe(200);
    const urge = await process('yuangong', a.approvalId, v, 'urge');
    expect(urge.status).toBe(200);
    expect((await process('caiwu', a.approvalId, v, 'urge')).body.errorCode).toBe(
      'APPROVAL.STALE_VERSION',
    );
    v = urge.body.data.version;
    const fin = await process('caiwu', a.approvalId, v, 'approve');
    expect(fin.body.data.status).toBe(1);
    const d = await detail('yuangong', a.approvalId);
    expect(d.log.map((e) => e.action)).toEqual([
      'submit',
      'approve',
      'return',
      'transfer',
      'approve',
      'cc',
      'urge',
      'approve',
    ]);
    expect(d.approvalDetailBO.approvalNodeList.map((n) => n.nodeName)).toEqual([
      '经营部',
      '财务部',
    ]);
  });

  it('answers a replayed create with the first approval, and rolls back when the record refuses to move', async () => {
    const body = { typeCode: '22_1', content: {}, title: '幂等' };
    const one = await post('yuangong', '/project/approval/addCommonTemplate', body, 'create-1');
    const two = await post('yuangong', '/project/approval/addCommonTemplate', body, 'create-1');
    expect(two.body).toEqual(one.body);
    const mine = await get('yuangong', '/project/approval/getSelfCreateList', { title: '幂等' });
    expect(mine.body.total).toBe(1);

    const a = await create('yuangong', '/project/approval/addCommonTemplate', {
      typeCode: '22_1',
      content: {},
      recordKind: TEST_RECORD_KIND,
      recordId: 'refuse-1',
      submit: true,
    });
    const refused = await process('bmfzr2', a.approvalId, a.version, 'approve', {}, 'refuse-key');
    expect(refused.status).toBe(422);
    expect(refused.body.errorCode).toBe('TEST.RECORD_LOCKED');
    const d = await detail('yuangong', a.approvalId);
    expect(d.approval).toMatchObject({ status: 0, version: a.version });
    expect(d.log.map((e) => e.action)).toEqual(['submit']);
  });

  it('creates and submits together or not at all', async () => {
    const flow = (await get('admin', '/approval/node/get', { typeCode: '21_1' })).body.data.flow;
    await post('admin', '/approval/flow/update', { flowId: flow.flowId, status: '1' });
    const refused = await post('yuangong', '/project/approval/addSealTemplate', {
      ...seal(['1']),
      typeCode: '21_1',
      submit: true,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errorCode).toBe('APPROVAL.NO_FLOW');
    const mine = await get('yuangong', '/project/approval/getSelfCreateList', { typeCode: '21_1' });
    expect(mine.body.total).toBe(0);
    await post('admin', '/approval/flow/update', { flowId: flow.flowId, status: '0' });
    const sent = await post('yuangong', '/project/approval/addSealTemplate', {
      ...seal(['1']),
      typeCode: '21_1',
      submit: true,
    });
    expect(sent.body.data).toMatchObject({ status: 0 });
  });

  it('requires the permission of every call', async () => {
    // 普通员工 holds no flow permissions; nobody without a session gets anything.
    expect((await post('yuangong', '/approval/node/add', {})).status).toBe(403);
    expect((await request(api.app).get('/prod-api/project/approval/getNotify')).status).toBe(401);
    expect(
      (await request(api.app).post('/prod-api/project/approval/process').send({})).status,
    ).toBe(401);
  });
});
