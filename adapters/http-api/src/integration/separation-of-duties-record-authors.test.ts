/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../test-support/api-client.js';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { insertFormalContract, SPLIT_FEES_OF_100 } from '../test-support/formal-contract.js';

/**
 * Separation of duties knows the author of a contract document and of a closed case, not only
 * who sends it: 王经营 (jingying, user 2, the only 经营部负责人) drafts the record and the
 * administrator sends it into approval. Both flows have a 经营部 node, which would fall to the
 * record's own author; it may not hold him, and he is refused at the node.
 */
const JINGYING = '2';

interface NodeView {
  nodeName: string;
  assignees: string[];
  selfApproval?: { reason: string };
}

describe.each(testDatabaseKinds())('records sent by a colleague of their author, on %s', (kind) => {
  let api: ApprovalTestApi;
  let contractId = 0;
  const c = apiClient(() => api);

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    const db = api.database.handle.db;
    contractId = await insertFormalContract(db, {
      project_name: '代送审作者项目',
      contract_name: '代送审作者项目设计合同',
      ...SPLIT_FEES_OF_100,
    });
    await db
      .insertInto('back_money')
      .values({ contract_id: contractId, back_amount: '80', back_date: '2026-03-01', user_id: 8 })
      .execute();
    await c.signIn('jingying', 'admin');
  });
  afterAll(() => api?.close());

  /** The approval's nodes never hold the author, the 经营部 node says why, and he is refused. */
  const expectAuthorKeptOff = async (approvalId: string) => {
    const d = await c.okData(
      c.get('admin', '/project/approval/getCommonApprovalDetail', { approvalId }),
    );
    expect(d.approval.drafterId).not.toBe(JINGYING);
    const nodes = d.approval.nodes as NodeView[];
    expect(nodes.map((n) => n.nodeName)).toContain('经营部');
    for (const n of nodes) expect(n.assignees, n.nodeName).not.toContain(JINGYING);
    const business = nodes.find((n) => n.nodeName === '经营部');
    expect(business?.selfApproval?.reason).toContain('创建人');
    const waiting = await c.bodyOf(
      c.get('jingying', '/project/approval/getAllNeedApprovalList', { pageSize: 100 }),
      200,
    );
    expect((waiting.rows as { approvalId: string }[]).map((w) => w.approvalId)).not.toContain(
      approvalId,
    );
    const r = await c.post('jingying', '/project/approval/process', {
      approvalId,
      version: d.approval.version,
      action: 'approve',
    });
    expect(r.status).toBe(403);
    expect(r.body.errorCode).toBe('SELF_APPROVAL.FORBIDDEN');
  };

  it('keeps the author of a contract document off its approval (5_1)', async () => {
    const doc = await c.okData(
      c.post('jingying', '/v4/contract-document/add', {
        docType: 8,
        signByMain: '杭州咨询有限公司',
        fwContent: '绿色建筑咨询',
        totalAmount: '12',
        withinAmount: '1',
        withinDay: '10',
        startTime: '2026-01-01',
        endTime: '2026-06-30',
        signDate: '2026-01-01',
      }),
    );
    expect(doc.userId).toBe(Number(JINGYING));
    const sent = await c.okData(
      c.post('admin', '/v4/contract-document/updateToApproval', { documentId: doc.documentId }),
    );
    expect(sent.approvalId).not.toBeNull();
    await expectAuthorKeptOff(String(sent.approvalId));
  });

  it('keeps the author of a closed case off its approval (11_2)', async () => {
    const closed = await c.okData(
      c.post('jingying', '/v4/contract/closedCase/add', { contractId, closedCaseAmount: '40' }),
    );
    expect(closed.userId).toBe(Number(JINGYING));
    const sent = await c.okData(
      c.post('admin', '/v4/contract/closedCase/updateToApproval', { closedId: closed.closedId }),
    );
    expect(sent.approvalId).not.toBeNull();
    await expectAuthorKeptOff(String(sent.approvalId));
  });
});
