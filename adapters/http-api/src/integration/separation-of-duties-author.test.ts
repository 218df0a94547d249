/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { apiClient } from '../test-support/api-client.js';

/**
 * Separation of duties knows the record's author, not only who sends it: 王经营 (jingying, user 2)
 * drafts a contract and 郑综经 (zhjy, 综合经营部, whose head is jingying) sends it to review. The
 * review's 部门负责人 (zhjy's head: jingying) and 经营部 (jingying's role) would fall to the
 * contract's own author; neither node may hold him, and he is refused at every node.
 */
const JINGYING = '2';
const ZHJY = '10';

describe.each(testDatabaseKinds())(
  'a contract sent by a colleague of its author, on %s',
  (kind) => {
    let api: ApprovalTestApi;
    const c = apiClient(() => api);

    beforeAll(async () => {
      api = await openApprovalApi(kind);
      await c.signIn('jingying', 'zhjy', 'caiwu');
    });
    afterAll(() => api?.close());

    it('keeps the author off every node, out of 待我审批, and refused at the node', async () => {
      const projectName = '代提交评审项目';
      const added = await c.okData(
        c.post('jingying', '/v4/contract/add', {
          projectName,
          contractName: `${projectName}设计合同`,
          bizSource: '2',
          totalAmount: '80',
          signByMain: '杭州滨江城建',
          signBySub: '华东示范建筑设计研究院',
          signDate: '2023-06-01',
        }),
      );
      const sent = await c.okData(
        c.post('zhjy', '/project/contract/updateToApproval', { contractId: added.contractId }),
      );
      const approvalId = sent.approvalId as string;
      const detailOf = (user: string) =>
        c.okData(c.get(user, '/project/approval/getCommonApprovalDetail', { approvalId }));

      const d = await detailOf('zhjy');
      // The drafter is who sent it; the author is the contract's creator.
      expect(d.approval.drafterId).toBe(ZHJY);
      const nodes = d.approval.nodes as {
        nodeName: string;
        assignees: string[];
        selfApproval?: { reason: string };
      }[];
      for (const n of nodes) expect(n.assignees, n.nodeName).not.toContain(JINGYING);
      const ruled = nodes.filter((n) => n.selfApproval !== undefined).map((n) => n.nodeName);
      expect(ruled).toEqual(expect.arrayContaining(['部门负责人', '经营部']));
      for (const n of nodes.filter((x) => x.selfApproval !== undefined)) {
        expect(n.selfApproval?.reason).toContain('创建人');
      }

      const waiting = await c.bodyOf(
        c.get('jingying', '/project/approval/getAllNeedApprovalList', { pageSize: 100 }),
        200,
      );
      const ids = (waiting.rows as { approvalId: string }[]).map((w) => w.approvalId);
      expect(ids).not.toContain(approvalId);
      const r = await c.post('jingying', '/project/approval/process', {
        approvalId,
        version: d.approval.version,
        action: 'approve',
      });
      expect(r.status).toBe(403);
      expect(r.body.errorCode).toBe('SELF_APPROVAL.FORBIDDEN');
    });
  },
);
