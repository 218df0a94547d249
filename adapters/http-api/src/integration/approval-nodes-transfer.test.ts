/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openApprovalApi,
  TEST_RECORD_KIND,
  type ApprovalTestApi,
} from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { apiClient } from '../test-support/api-client.js';

/**
 * 转办's candidates follow one rule: those eligible for the current node (here the 经营部 node's
 * role, 经营部负责人, given to a second member), minus the drafter and the node's current holder;
 * only a holder of the node may ask.
 */
describe.each(testDatabaseKinds())('transfer candidates, on %s', (kind) => {
  let api: ApprovalTestApi;
  const c = apiClient(() => api);

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    await c.signIn('yuangong', 'jingying', 'caiwu');
  });
  afterAll(() => api?.close());

  it('offers the node’s other eligible people by name, never the drafter or the holder', async () => {
    const a = await c.okData(
      c.post('yuangong', '/project/approval/addInvoiceTemplate', {
        typeCode: '23_1',
        // A linked form: the test record stands in for the invoice, keeping 23_1's flow.
        recordKind: TEST_RECORD_KIND,
        recordId: 'invoice-transfer-candidates',
        content: {
          invoiceDate: { value: '2026-11-20' },
          contractName: { value: '某合同' },
          payCompanyName: { value: '某公司' },
          invoiceType: { value: '1' },
          invoicePurpose: { value: '1' },
          invoiceAmount: { value: '12.5' },
        },
        submit: true,
      }),
    );
    expect(a.currentNodeName).toBe('经营部');
    // Once sent (held by jingying, 2, alone), 郑综经 (zhjy, 10) joins 经营部负责人 (role 3): he is
    // eligible for the node now, and the only one offered.
    await api.database.handle.db
      .insertInto('sys_user_role')
      .values({ user_id: 10, role_id: 3, is_default: false })
      .execute();
    const r = await c.get('jingying', '/project/approval/transferCandidates', {
      approvalId: a.approvalId,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual([{ userId: '10', nickName: '郑综经', deptName: '综合经营部' }]);
    // Someone who holds no node of it may not ask.
    const other = await c.get('caiwu', '/project/approval/transferCandidates', {
      approvalId: a.approvalId,
    });
    expect(other.status).toBe(403);

    // 转办 refuses anyone the candidates route does not offer (周会计 holds no 经营部 role; the
    // administrator is no exception), naming toUserId, and changes nothing.
    for (const toUserId of ['8', '1']) {
      const refused = await c.post('jingying', '/project/approval/process', {
        approvalId: a.approvalId,
        version: a.version,
        action: 'transfer',
        toUserId,
      });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.field).toBe('toUserId');
      expect(refused.body.msg).toContain('转办候选人');
    }
    const still = await c.okData(
      c.get('jingying', '/project/approval/getCommonApprovalDetail', { approvalId: a.approvalId }),
    );
    expect(still.approval.version).toBe(a.version);
    expect(still.approval.nodes[0].assignees).toEqual(['2']);

    // A copy names its reader in the detail's names, so the log reads "→ 郑综经", not "→ 10".
    const cc = await c.post('yuangong', '/project/approval/process', {
      approvalId: a.approvalId,
      version: a.version,
      action: 'cc',
      toUserId: '10',
    });
    expect(cc.status, JSON.stringify(cc.body)).toBe(200);
    const d = await c.okData(
      c.get('yuangong', '/project/approval/getCommonApprovalDetail', { approvalId: a.approvalId }),
    );
    expect(d.userNames['10']).toBe('郑综经');
  });
});
