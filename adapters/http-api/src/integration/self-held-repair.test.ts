/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfHeldApprovalRepair } from '../jobs/self-held-repair.js';
import { selfHeldRepairReport } from '../jobs/scheduled-jobs.js';
import { apiClient } from '../test-support/api-client.js';
import { TestClock } from '../test-support/api.js';
import {
  openApprovalApi,
  TEST_RECORD_KIND,
  type ApprovalTestApi,
} from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

/**
 * An approval sent before separation of duties existed: jingying's own contract review waiting at
 * 部门负责人 and 经营部, both held by jingying himself, who may no longer act there. The repair
 * re-routes it by each node's configuration (both escalate to the general manager, who leads the
 * institute), records it on the nodes (the sheet's notes) and in its report, and a second run
 * changes nothing.
 */
const JINGYING = '2';
const ZJL = '11';
/** The general manager as the repair's log names him. */
const ZJL_NAME = '陈总';

describe.each(testDatabaseKinds())('approvals waiting on their own drafter, on %s', (kind) => {
  let api: ApprovalTestApi;
  const c = apiClient(() => api);
  beforeAll(async () => {
    api = await openApprovalApi(kind);
    await c.signIn('jingying', 'zjl');
  });
  afterAll(() => api?.close());

  /** jingying's review, then rewritten as the engine stored it before the rule: on him. */
  async function stuckReview(title: string): Promise<string> {
    const created = await c.okData(
      c.post('jingying', '/project/approval/addContractTemplate', {
        typeCode: '1_1',
        // A linked form: the test record stands in for the contract.
        recordKind: TEST_RECORD_KIND,
        recordId: `review-${title}`,
        title,
        content: {
          contractName: { value: title },
          signByMain: { value: '杭州滨江城建' },
          signBySub: { value: '华东示范建筑设计研究院' },
          totalAmount: { value: '20' },
        },
        submit: true,
      }),
    );
    const approvalId = created.approvalId as string;
    const db = api.database.handle.db;
    const row = await db
      .selectFrom('approval')
      .select('nodes')
      .where('approval_id', '=', Number(approvalId))
      .executeTakeFirstOrThrow();
    const old = (row.nodes as { nodeName: string; selfApproval?: unknown }[]).map(
      ({ selfApproval: _rule, ...n }) =>
        n.nodeName === '部门负责人' || n.nodeName === '经营部'
          ? { ...n, assignees: [JINGYING] }
          : n,
    );
    await db
      .updateTable('approval')
      .set({
        nodes: JSON.stringify(old),
        current_node_index: 0,
        current_node_name: '部门负责人',
      })
      .where('approval_id', '=', Number(approvalId))
      .execute();
    await db.deleteFrom('approval_pending').where('approval_id', '=', Number(approvalId)).execute();
    await db
      .insertInto('approval_pending')
      .values({ approval_id: Number(approvalId), user_id: 2 })
      .execute();
    return approvalId;
  }

  const waitingIds = async (user: string) =>
    (
      (
        await c.bodyOf(
          c.get(user, '/project/approval/getAllNeedApprovalList', { pageSize: 100 }),
          200,
        )
      ).rows as { approvalId: string }[]
    ).map((r) => r.approvalId);

  it('re-routes it by the nodes’ configuration, shows why on the sheet, and is idempotent', async () => {
    const approvalId = await stuckReview('升级前的自审合同评审');
    expect(await waitingIds('zjl')).not.toContain(approvalId);

    const repair = selfHeldApprovalRepair(api.database.handle.db, new TestClock());
    const outcomes = await repair.repair();
    const mine = outcomes.find((o) => o.approvalId === approvalId);
    expect(mine?.outcome).toBe('rerouted');
    expect(selfHeldRepairReport(outcomes)).toContain(
      `审批 ${approvalId} 已重新分派：部门负责人：拟稿人本人为该节点审批人，已上报至${ZJL_NAME}`,
    );
    // The log names the approver as people know him, never by his user id alone.
    expect(selfHeldRepairReport(outcomes)).not.toContain(`已上报至${ZJL}`);

    const d = await c.okData(
      c.get('zjl', '/project/approval/getCommonApprovalDetail', { approvalId }),
    );
    expect(
      (
        d.approval.nodes as {
          nodeName: string;
          assignees: string[];
          selfApproval?: { outcome: string };
        }[]
      )
        .slice(0, 2)
        .map((n) => [n.nodeName, n.assignees, n.selfApproval?.outcome]),
    ).toEqual([
      ['部门负责人', [ZJL], 'escalated'],
      ['经营部', [ZJL], 'escalated'],
    ]);
    expect((d.approvalDetailBO.nodeNotes as { nodeName: string }[]).map((n) => n.nodeName)).toEqual(
      ['部门负责人', '经营部'],
    );
    expect(await waitingIds('zjl')).toContain(approvalId);
    expect(await waitingIds('jingying')).not.toContain(approvalId);

    // The general manager can act on it now; a second run finds nothing to do.
    const approved = await c.post('zjl', '/project/approval/process', {
      approvalId,
      version: d.approval.version,
      action: 'approve',
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((await repair.repair()).map((o) => o.approvalId)).not.toContain(approvalId);
  });
});
