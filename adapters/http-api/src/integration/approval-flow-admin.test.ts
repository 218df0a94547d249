/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_TYPE_CODES } from '@dpms/core';
import { standInRecord, type ApprovalTestApi } from '../test-support/approval-api.js';
import { contract, seal, useApprovalApi } from '../test-support/approval-suite.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

describe.each(testDatabaseKinds())('approval engine API (flows) on %s', (kind) => {
  const suite = useApprovalApi(kind);
  const { post, get } = suite.client;
  let api: ApprovalTestApi;
  beforeAll(() => {
    api = suite.api();
  });

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
    // An edit sets the node's fallback (备用审批人), changes it and clears it.
    for (const fallback of [
      { kind: 'users', userIds: ['5', '16'] },
      { kind: 'role', roleKey: 'bmfzr' },
      null,
    ]) {
      const fb = await post('admin', '/approval/node/update', {
        nodeId: a.body.data.nodeId,
        fallback,
      });
      expect(fb.status, JSON.stringify(fb.body)).toBe(200);
      expect(fb.body.data.fallback).toEqual(fallback);
    }
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
      ...standInRecord('review'),
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

  it('requires the permission of every call', async () => {
    // 普通员工 holds no flow permissions; nobody without a session gets anything.
    expect((await post('yuangong', '/approval/node/add', {})).status).toBe(403);
    expect((await request(api.app).get('/prod-api/project/approval/getNotify')).status).toBe(401);
    expect(
      (await request(api.app).post('/prod-api/project/approval/process').send({})).status,
    ).toBe(401);
  });
});
