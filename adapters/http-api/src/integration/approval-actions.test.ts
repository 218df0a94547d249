/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_RECORD_KIND, type ApprovalTestApi } from '../test-support/approval-api.js';
import { seal, useApprovalApi } from '../test-support/approval-suite.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

describe.each(testDatabaseKinds())('approval engine API (actions) on %s', (kind) => {
  const suite = useApprovalApi(kind);
  const { process, create, detail, moved } = suite;
  const { post, get } = suite.client;
  let api: ApprovalTestApi;
  beforeAll(() => {
    api = suite.api();
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
      // A linked form: the test record stands in for the invoice, keeping 23_1's two-node flow.
      recordKind: TEST_RECORD_KIND,
      recordId: 'invoice-return-transfer',
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
    // Transfer the business step to another user eligible for it (郑综经 joins 经营部负责人, the
    // node's role, for this transfer only), who then signs.
    const role = { user_id: 10, role_id: 3, is_default: false };
    await api.database.handle.db.insertInto('sys_user_role').values(role).execute();
    const t = await process('jingying', a.approvalId, v, 'transfer', { toUserId: '10' });
    await api.database.handle.db
      .deleteFrom('sys_user_role')
      .where('user_id', '=', 10)
      .where('role_id', '=', 3)
      .execute();
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
});
