/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { apiClient } from '../test-support/api-client.js';
import { loanBody } from '../test-support/fund-bodies.js';

/**
 * Separation of duties knows a loan's applicant, not only who sends it: 周会计 (caiwu, user 8, the
 * 财务 role) applies for a loan of 建筑一所 and the administrator sends the loan agreement (10_1).
 * Its 财务部 node (the 财务 role: caiwu) would fall to the loan's own applicant; no node may hold
 * him, the sheet says why, and he is refused at every node.
 */
const CAIWU = '8';
const ADMIN = '1';

describe.each(testDatabaseKinds())('a loan sent by a colleague of its applicant, on %s', (kind) => {
  let api: ApprovalTestApi;
  const c = apiClient(() => api);

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    await c.signIn('caiwu', 'admin');
  });
  afterAll(() => api?.close());

  it('keeps the applicant off every node, out of 待我审批, and refused at the node', async () => {
    const loan = await c.okData(
      c.post('caiwu', '/contract/loan/add', loanBody('0.5', { reason: '代提交借款' })),
    );
    expect(loan.userId).toBe(Number(CAIWU));
    const sent = await c.okData(
      c.post('admin', '/contract/loan/updateToApproval', { loanId: loan.loanId }),
    );
    const approvalId = sent.approvalId as string;
    const d = await c.okData(
      c.get('admin', '/project/approval/getCommonApprovalDetail', { approvalId }),
    );
    // The drafter is who sent it; the author is the loan's applicant.
    expect(d.approval.drafterId).toBe(ADMIN);
    const nodes = d.approval.nodes as {
      nodeName: string;
      assignees: string[];
      selfApproval?: { reason: string };
    }[];
    for (const n of nodes) expect(n.assignees, n.nodeName).not.toContain(CAIWU);
    const ruled = nodes.filter((n) => n.selfApproval !== undefined);
    expect(ruled.map((n) => n.nodeName)).toContain('财务部');
    for (const n of ruled) expect(n.selfApproval?.reason).toContain('创建人');

    const waiting = await c.bodyOf(
      c.get('caiwu', '/project/approval/getAllNeedApprovalList', { pageSize: 100 }),
      200,
    );
    const ids = (waiting.rows as { approvalId: string }[]).map((w) => w.approvalId);
    expect(ids).not.toContain(approvalId);
    const r = await c.post('caiwu', '/project/approval/process', {
      approvalId,
      version: d.approval.version,
      action: 'approve',
    });
    expect(r.status).toBe(403);
    expect(r.body.errorCode).toBe('SELF_APPROVAL.FORBIDDEN');
  });
});
