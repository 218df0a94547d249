/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../test-support/api-client.js';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { insertFormalContract } from '../test-support/formal-contract.js';

/**
 * Separation of duties knows an invoice request's author, not only who sends it: 财务 (caiwu,
 * user 8, the only holder of the cw role) drafts a request and the administrator sends it to
 * approval (23_1: 经营部 → 财务部). The 财务部 node would fall to the request's own author; it
 * may not hold him, he never sees it in 待我审批, and he is refused if he tries to sign.
 */
const CAIWU = '8';

describe.each(testDatabaseKinds())('an invoice request sent by someone else, on %s', (kind) => {
  let api: ApprovalTestApi;
  const c = apiClient(() => api);

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    await c.signIn('caiwu', 'admin', 'jingying');
  });
  afterAll(() => api?.close());

  it('keeps the author off every node, out of 待我审批, and refused at the node', async () => {
    const contractId = await insertFormalContract(api.database.handle.db, {
      project_name: '代送审开票项目',
      contract_name: '代送审开票合同',
      contract_no: 'DSS-0001',
      total_amount: '100',
      sign_date: '2026-03-01',
    });
    const drafted = await c.okData(
      c.post('caiwu', '/v4/finance/add', {
        contractId,
        invoiceAmount: '10',
        invoiceType: '1',
        invoicePurpose: '1',
        invoiceTitle: '杭州某建设公司',
        invoiceDate: '2026-05-06',
      }),
    );
    const sent = await c.okData(
      c.post('admin', '/v4/finance/updateToApproval', { invoiceId: drafted.invoiceId }),
    );
    const approvalId = sent.approvalId as string;
    const d = await c.okData(
      c.get('admin', '/project/approval/getCommonApprovalDetail', { approvalId }),
    );
    expect(d.approval.drafterId).not.toBe(CAIWU);
    const nodes = d.approval.nodes as { nodeName: string; assignees: string[] }[];
    for (const n of nodes) expect(n.assignees, n.nodeName).not.toContain(CAIWU);

    // 经营部 signs; the request then waits at 财务部, never on its author.
    const first = await c.post('jingying', '/project/approval/process', {
      approvalId,
      version: d.approval.version,
      action: 'approve',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const waiting = await c.bodyOf(
      c.get('caiwu', '/project/approval/getAllNeedApprovalList', { pageSize: 100 }),
      200,
    );
    expect((waiting.rows as { approvalId: string }[]).map((w) => w.approvalId)).not.toContain(
      approvalId,
    );
    const r = await c.post('caiwu', '/project/approval/process', {
      approvalId,
      version: first.body.data.version,
      action: 'approve',
    });
    expect(r.status).toBe(403);
  });
});
