/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../test-support/api-client.js';
import {
  openApprovalApi,
  standInRecord,
  type ApprovalTestApi,
} from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

/**
 * Every transition and refusal of process, add and update through the API, beside
 * approval.test.ts: countersign, return then resubmit keeping every round, the wrong person for
 * each action, and bad input answering 400 with the field named and nothing changed.
 */

interface Outcome {
  approvalId: string;
  status: number;
  version: number;
  currentNodeName: string;
}

const review = (amount: string) => ({
  typeCode: '24_1',
  ...standInRecord('review'),
  content: {
    contractName: { value: '转换测试合同' },
    signByMain: { value: '甲方' },
    signBySub: { value: '乙方' },
    totalAmount: { value: amount },
  },
});

/** The field a 400 names: a domain error's `field`, or the first of a request's `errors`. */
const fieldOf = (body: { field?: string; errors?: { field: string }[] }): string | undefined =>
  body.field ?? body.errors?.[0]?.field;

describe.each(testDatabaseKinds())('approval transitions and refusals on %s', (kind) => {
  let api: ApprovalTestApi;
  const client = apiClient(() => api);
  const { post, get } = client;
  const process = (
    user: string,
    approvalId: string,
    version: number,
    action: string,
    extra: Record<string, unknown> = {},
  ) => post(user, '/project/approval/process', { approvalId, version, action, ...extra });
  const create = async (user: string, path: string, body: unknown): Promise<Outcome> => {
    const r = await post(user, path, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as Outcome;
  };
  const ok = async (r: request.Test): Promise<Outcome> => {
    const res = await r;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Outcome;
  };
  const detail = async (user: string, approvalId: string) => {
    const r = await get(user, '/project/approval/getCommonApprovalDetail', {
      serviceId: approvalId,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as {
      approval: {
        status: number;
        version: number;
        round: number;
        nodes: { nodeId: string; nodeName: string; assignees: string[] }[];
      };
      log: { action: string; actorId: string; round: number; nodeName: string | null }[];
      approvalDetailBO: { approvalNodeList: { nodeName: string; content: string }[] };
    };
  };

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    for (const u of ['admin', 'yuangong', 'bmfzr2', 'jingying', 'caiwu', 'zjl', 'xmjl']) {
      await client.signIn(u);
    }
    // A countersign step in the general form's flow: 经营部 and 财务 must both sign.
    const flowId = (await get('admin', '/approval/node/get', { typeCode: '22_1' })).body.data.flow
      .flowId as number;
    const node = await post('admin', '/approval/node/add', {
      flowId,
      nodeName: '会签',
      actorKind: 'users',
      userIds: ['2', '8'],
      mode: 'all',
    });
    expect(node.status).toBe(200);
  });
  afterAll(() => api.close());

  it('answers bad input to process, add and update with 400 naming the field, changing nothing', async () => {
    const a = await create('yuangong', '/project/approval/addCommonTemplate', {
      typeCode: '22_1',
      content: {},
      submit: true,
    });
    const bad: [string, Record<string, unknown>, string][] = [
      ['bmfzr2', { action: 'approve', opinion: '一'.repeat(21) }, 'opinion'],
      ['bmfzr2', { action: 'reject', opinion: '否'.repeat(21) }, 'opinion'],
      ['yuangong', { action: 'withdraw', opinion: '撤'.repeat(21) }, 'opinion'],
      ['bmfzr2', { action: 'approve', opinion: 'x'.repeat(201) }, 'opinion'],
      ['bmfzr2', { action: 'explode' }, 'action'],
      ['bmfzr2', { action: 'return' }, 'targetNodeId'],
      ['bmfzr2', { action: 'transfer' }, 'toUserId'],
      ['bmfzr2', { action: 'transfer', toUserId: 'abc' }, 'toUserId'],
      ['bmfzr2', { action: 'transfer', toUserId: '15' }, 'toUserId'],
      ['bmfzr2', { action: 'transfer', toUserId: '16' }, 'toUserId'],
      ['yuangong', { action: 'cc', toUserId: '15' }, 'toUserId'],
      ['yuangong', { action: 'cc', toUserId: '99999' }, 'toUserId'],
    ];
    for (const [user, body, field] of bad) {
      const r = await process(user, a.approvalId, a.version, body.action as string, body);
      expect(r.status, `${JSON.stringify(body)} ${JSON.stringify(r.body)}`).toBe(400);
      expect(fieldOf(r.body)).toBe(field);
      expect(r.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const noVersion = await post('bmfzr2', '/project/approval/process', {
      approvalId: a.approvalId,
      action: 'approve',
    });
    expect(noVersion.status).toBe(400);
    expect(fieldOf(noVersion.body)).toBe('version');
    const badId = await process('bmfzr2', 'abc', a.version, 'approve');
    expect(badId.status).toBe(400);
    expect(fieldOf(badId.body)).toBe('approvalId');
    const d = await detail('yuangong', a.approvalId);
    expect(d.approval).toMatchObject({ status: 0, version: a.version });
    expect(d.log.map((e) => e.action)).toEqual(['submit']);

    // add: the request's shape, then the form's content and its people.
    const addBad: [string, Record<string, unknown>, string][] = [
      ['/project/approval/addCommonTemplate', { typeCode: '99_9', content: {} }, 'typeCode'],
      ['/project/approval/addCommonTemplate', { typeCode: '22_1' }, 'content'],
      ['/project/approval/addCommonTemplate', { typeCode: '22_1', content: [] }, 'content'],
      [
        '/project/approval/addCommonTemplate',
        { typeCode: '22_1', content: {}, title: '长'.repeat(201) },
        'title',
      ],
      ['/project/approval/addInvoiceTemplate', { ...review('1') }, 'typeCode'],
      ['/project/approval/addContractTemplate', review('-1'), 'totalAmount'],
      // The project manager chosen on the form must be an active user.
      [
        '/project/approval/addCommonTemplate',
        {
          typeCode: '3_1',
          ...standInRecord('task'),
          content: { projectManagerId: { value: '99999' } },
          submit: true,
        },
        'projectManagerId',
      ],
    ];
    const before = (await get('yuangong', '/project/approval/getSelfCreateList')).body.total;
    for (const [path, body, field] of addBad) {
      const r = await post('yuangong', path, body);
      expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(400);
      expect(fieldOf(r.body)).toBe(field);
    }
    expect((await get('yuangong', '/project/approval/getSelfCreateList')).body.total).toBe(before);
    // A chosen person who is active takes the step.
    const withPm = await create('yuangong', '/project/approval/addCommonTemplate', {
      typeCode: '3_1',
      ...standInRecord('task'),
      content: { projectManagerId: { value: '3' }, designUserId: { value: '3' } },
      submit: true,
    });
    expect(withPm.currentNodeName).toBe('项目经理');

    // update: a draft edited with a negative version, through the wrong kind, with bad content.
    const draft = await create('yuangong', '/project/approval/addContractTemplate', review('5'));
    const updBad: [string, Record<string, unknown>, string][] = [
      [
        '/project/approval/updateContractTemplate',
        { ...review('5'), approvalId: draft.approvalId, version: -1 },
        'version',
      ],
      [
        '/project/approval/updateContractTemplate',
        { ...review('5'), approvalId: 'x', version: 0 },
        'approvalId',
      ],
      [
        '/project/approval/updateInvoiceTemplate',
        { ...review('5'), approvalId: draft.approvalId, version: 0 },
        'typeCode',
      ],
      [
        '/project/approval/updateContractTemplate',
        { ...review('5.1234567'), approvalId: draft.approvalId, version: 0 },
        'totalAmount',
      ],
    ];
    for (const [path, body, field] of updBad) {
      const r = await post('yuangong', path, body);
      expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(400);
      expect(fieldOf(r.body)).toBe(field);
    }
    expect((await detail('yuangong', draft.approvalId)).approval.version).toBe(0);
  });

  it('countersign: each assigned user signs once, in any order; the last one moves it on', async () => {
    const a = await create('yuangong', '/project/approval/addCommonTemplate', {
      typeCode: '22_1',
      content: {},
      submit: true,
    });
    let v = (await ok(process('bmfzr2', a.approvalId, a.version, 'approve'))).version;
    const first = await ok(process('caiwu', a.approvalId, v, 'approve', { opinion: '财务同意' }));
    expect(first).toMatchObject({ status: 0, currentNodeName: '会签' });
    v = first.version;
    // Acting twice at the node: refused, whatever the version.
    const twice = await process('caiwu', a.approvalId, v, 'approve');
    expect(twice.status).toBe(422);
    expect(twice.body.errorCode).toBe('APPROVAL.ALREADY_ACTED');
    // The other signer on a version read before caiwu signed: stale.
    const stale = await process('jingying', a.approvalId, v - 1, 'approve');
    expect(stale.status).toBe(409);
    expect(
      (await get('jingying', '/project/approval/getAllNeedApprovalList')).body.rows.map(
        (r: { approvalId: string }) => r.approvalId,
      ),
    ).toContain(a.approvalId);
    expect(
      (await get('caiwu', '/project/approval/getAllNeedApprovalList')).body.rows.map(
        (r: { approvalId: string }) => r.approvalId,
      ),
    ).not.toContain(a.approvalId);
    const last = await ok(process('jingying', a.approvalId, v, 'approve', { opinion: '经营同意' }));
    expect(last.status).toBe(1);
    const d = await detail('yuangong', a.approvalId);
    expect(d.approvalDetailBO.approvalNodeList.map((n) => [n.nodeName, n.content])).toEqual([
      ['部门负责人', ''],
      ['会签', '财务同意'],
      ['会签', '经营同意'],
    ]);
  });

  it('returns to an earlier node, is rejected, and is resubmitted keeping every round in the log', async () => {
    const a = await create('yuangong', '/project/approval/addContractTemplate', {
      ...review('20'),
      submit: true,
    });
    let v = (await ok(process('bmfzr2', a.approvalId, a.version, 'approve'))).version;
    v = (await ok(process('jingying', a.approvalId, v, 'approve'))).version;
    const nodes = (await detail('yuangong', a.approvalId)).approval.nodes;
    expect(nodes.map((n) => n.nodeName)).toEqual(['部门负责人', '经营部', '财务部']);
    // Only to an earlier node; not to itself.
    const toSelf = await process('caiwu', a.approvalId, v, 'return', {
      targetNodeId: nodes[2]?.nodeId,
    });
    expect(toSelf.status).toBe(400);
    expect(toSelf.body.field).toBe('targetNodeId');
    const back = await ok(
      process('caiwu', a.approvalId, v, 'return', {
        targetNodeId: nodes[0]?.nodeId,
        opinion: '金额请复核',
      }),
    );
    expect(back).toMatchObject({ status: 0, currentNodeName: '部门负责人' });
    // The returned node acts again; finance may not act before its turn comes back.
    expect((await process('caiwu', a.approvalId, back.version, 'approve')).body.errorCode).toBe(
      'APPROVAL.NOT_YOUR_TURN',
    );
    v = (await ok(process('bmfzr2', a.approvalId, back.version, 'approve'))).version;
    const rejected = await ok(
      process('jingying', a.approvalId, v, 'reject', { opinion: '不同意' }),
    );
    expect(rejected.status).toBe(2);
    // Nobody but the drafter sends it again.
    expect((await process('bmfzr2', a.approvalId, rejected.version, 'submit')).body.errorCode).toBe(
      'APPROVAL.NOT_DRAFTER',
    );
    const again = await ok(process('yuangong', a.approvalId, rejected.version, 'submit'));
    expect(again).toMatchObject({ status: 0, currentNodeName: '部门负责人' });
    const d = await detail('yuangong', a.approvalId);
    expect(d.approval.round).toBe(2);
    expect(d.log.map((e) => [e.action, e.round])).toEqual([
      ['submit', 1],
      ['approve', 1],
      ['approve', 1],
      ['return', 1],
      ['approve', 1],
      ['reject', 1],
      ['resubmit', 2],
    ]);
    // The sheet shows the current round; the earlier one stays in the log and the lists.
    expect(d.approvalDetailBO.approvalNodeList).toEqual([]);
    const done = await get('jingying', '/project/approval/getDoneList');
    expect(done.body.rows.map((r: { approvalId: string }) => r.approvalId)).toContain(a.approvalId);
  });

  it('refuses each action from the wrong person or in the wrong status', async () => {
    const a = await create('yuangong', '/project/approval/addCommonTemplate', {
      typeCode: '22_1',
      content: {},
    });
    // A draft: only its drafter sends it; nobody acts at a node yet.
    expect((await process('bmfzr2', a.approvalId, 0, 'submit')).body.errorCode).toBe(
      'APPROVAL.NOT_DRAFTER',
    );
    expect((await process('bmfzr2', a.approvalId, 0, 'approve')).body.errorCode).toBe(
      'APPROVAL.INVALID_TRANSITION',
    );
    const sent = await ok(process('yuangong', a.approvalId, 0, 'submit'));
    for (const [user, action, code] of [
      ['bmfzr2', 'withdraw', 'APPROVAL.NOT_DRAFTER'],
      ['bmfzr2', 'urge', 'APPROVAL.NOT_DRAFTER'],
      ['zjl', 'cc', 'APPROVAL.NOT_PARTICIPANT'],
      ['yuangong', 'submit', 'APPROVAL.INVALID_TRANSITION'],
    ] as const) {
      const r = await process(user, a.approvalId, sent.version, action, { toUserId: '3' });
      expect(r.status, `${user} ${action}`).toBe(422);
      expect(r.body.errorCode).toBe(code);
    }
    // Nobody approves their own approval: the drafter is refused at a node with 403.
    const own = await process('yuangong', a.approvalId, sent.version, 'approve');
    expect(own.status).toBe(403);
    expect(own.body.errorCode).toBe('SELF_APPROVAL.FORBIDDEN');
    // In approval: neither edited nor deleted.
    const edit = await post('yuangong', '/project/approval/updateCommonTemplate', {
      approvalId: a.approvalId,
      version: sent.version,
      content: {},
    });
    expect(edit.body.errorCode).toBe('APPROVAL.NOT_EDITABLE');
    // Finished: approved is final; cc is still accepted, withdraw and delete are not.
    let v = (await ok(process('bmfzr2', a.approvalId, sent.version, 'approve'))).version;
    v = (await ok(process('jingying', a.approvalId, v, 'approve'))).version;
    v = (await ok(process('caiwu', a.approvalId, v, 'approve'))).version;
    expect((await process('yuangong', a.approvalId, v, 'withdraw')).body.errorCode).toBe(
      'APPROVAL.INVALID_TRANSITION',
    );
    expect((await process('yuangong', a.approvalId, v, 'urge')).body.errorCode).toBe(
      'APPROVAL.INVALID_TRANSITION',
    );
    expect(
      (await get('yuangong', '/project/approval/deleteById', { approvalId: a.approvalId })).body
        .errorCode,
    ).toBe('APPROVAL.NOT_DELETABLE');
    const cc = await ok(process('yuangong', a.approvalId, v, 'cc', { toUserId: '3' }));
    expect(cc.status).toBe(1);
    expect(
      (await get('xmjl', '/project/approval/getCommonApprovalDetail', { serviceId: a.approvalId }))
        .status,
    ).toBe(200);

    // Withdrawn: nobody acts on it, only the drafter deletes it.
    const w = await create('yuangong', '/project/approval/addCommonTemplate', {
      typeCode: '22_1',
      content: {},
      submit: true,
    });
    const withdrawn = await ok(process('yuangong', w.approvalId, w.version, 'withdraw'));
    for (const action of ['approve', 'reject', 'return', 'transfer', 'withdraw', 'urge']) {
      const r = await process('bmfzr2', w.approvalId, withdrawn.version, action, {
        targetNodeId: '1',
        toUserId: '3',
      });
      expect(r.status, action).toBe(422);
      expect(r.body.errorCode).toMatch(/^APPROVAL\.(INVALID_TRANSITION|NOT_DRAFTER)$/);
    }
    expect(
      (await get('bmfzr2', '/project/approval/deleteById', { approvalId: w.approvalId })).status,
    ).toBe(403);
    expect(
      (await get('yuangong', '/project/approval/deleteById', { approvalId: w.approvalId })).status,
    ).toBe(200);
    expect((await process('yuangong', w.approvalId, withdrawn.version, 'submit')).status).toBe(404);
  });
});
