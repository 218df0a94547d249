/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { useTaskApi } from './task-fixture.js';
import { headForDrafterDept } from '../test-support/drafter-dept.js';

/**
 * A 项目经理 node linked to its record takes the record's project manager, not the form's copy:
 * an output value confirmation (4_1) of a design task reads the task's as it is when sent, and a
 * contract's flow reads its design tasks'.
 */
describe.each(testDatabaseKinds())('项目经理 nodes from the record, on %s', (kind) => {
  const { api, client, post, get, okData, sheet, confirmedTask } = useTaskApi(kind);

  const nodesOf = async (approvalId: string) => {
    const d = await okData(
      get('bmfzr', '/project/approval/getCommonApprovalDetail', { approvalId }),
    );
    return d.approval as { version: number; nodes: { nodeName: string; assignees: string[] }[] };
  };

  it('sends a 4_1 to the task’s project manager as the task says now, not the form’s copy', async () => {
    const task = await confirmedTask();
    // 赵所长 (bmfzr, the department's head) asks; the form copies 李项目 (3) as 项目经理.
    const sent = await okData(
      post('bmfzr', '/project/approval/addCommonTemplate', {
        typeCode: '4_1',
        recordKind: 'task',
        recordId: String(task.taskId),
        content: { confirmFinishAmount: { value: '40' } },
        submit: true,
      }),
    );
    const first = await nodesOf(sent.approvalId);
    expect(first.nodes[0]).toMatchObject({ nodeName: '项目经理', assignees: ['3'] });
    // Rejected; the task's project manager becomes 何项目 (13); sent again, the node follows the
    // task although the form still says 3.
    const rejected = await okData(
      post('xmjl', '/project/approval/process', {
        approvalId: sent.approvalId,
        version: first.version,
        action: 'reject',
      }),
    );
    await api()
      .database.handle.db.updateTable('design_task')
      .set({ project_manager_id: 13 })
      .where('task_id', '=', task.taskId)
      .execute();
    await okData(
      post('bmfzr', '/project/approval/process', {
        approvalId: sent.approvalId,
        version: rejected.version,
        action: 'submit',
      }),
    );
    const again = await nodesOf(sent.approvalId);
    expect(again.nodes[0]).toMatchObject({ nodeName: '项目经理', assignees: ['13'] });
  });

  it('gives a contract flow’s 项目经理 node to the contract’s design task’s project manager', async () => {
    const db = api().database.handle.db;
    // The institute configures a 项目经理 node first in its contract reviews (1_x).
    const flows = await db
      .selectFrom('approval_flow')
      .select('flow_id')
      .where('type_code', 'like', '1\\_%')
      .execute();
    for (const f of flows) {
      await db
        .insertInto('approval_flow_node')
        .values({
          flow_id: f.flow_id,
          node_name: '项目经理',
          order_num: 0,
          actor_kind: 'formPerson',
          role_key: null,
          user_ids: '[]',
          form_field: 'projectManagerId',
          mode: 'or',
          condition: null,
          condition_effect: 'add',
          self_approval: 'others',
        })
        .execute();
    }
    await headForDrafterDept(db);
    await client.ensureSignedIn('zhjy');
    const added = await okData(
      post('zhjy', '/v4/contract/add', {
        projectName: '项目经理节点项目',
        contractName: '项目经理节点设计合同',
        entrustBusinessName: '杭州滨江城建',
        bizSource: '1',
        bizType: '1',
        totalAmount: '80',
        cleanAmount: '70',
        directFee: '1',
        signByMain: '杭州滨江城建',
        signBySub: '华东示范建筑设计研究院',
        signDate: '2023-06-01',
        entrustList: [{ designStageId: 3, designStageName: '方案设计' }],
      }),
    );
    // Its design task (李项目 manages it) hangs on it.
    const task = await okData(post('xmjl', '/v4/design-task/add', sheet()));
    await db
      .updateTable('design_task')
      .set({ contract_id: added.contractId })
      .where('task_id', '=', task.taskId)
      .execute();

    const sent = await okData(
      post('zhjy', '/project/contract/updateToApproval', { contractId: added.contractId }),
    );
    const nodes = await okData(
      get('zhjy', '/project/approval/getCommonApprovalDetail', {
        approvalId: String(sent.approvalId),
      }),
    );
    expect(nodes.approval.nodes[0]).toMatchObject({ nodeName: '项目经理', assignees: ['3'] });
  });
});
