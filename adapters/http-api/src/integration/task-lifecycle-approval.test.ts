/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { useTaskApi } from './task-fixture.js';

/**
 * The design task lifecycle, first part: the sheet goes into approval (3_x) from its own screen,
 * is locked while in approval, moves when approved, and only then is confirmed by the design
 * host, the project manager and the department.
 */
describe.each(testDatabaseKinds())('design task lifecycle (sheet approval) on %s', (kind) => {
  const { post, get, okData, sheet, approveAll } = useTaskApi(kind);
  const signers = ['xmjl', 'sjzc', 'bmfzr', 'jsfzr', 'zhsw', 'jingying', 'admin'];
  const detail = (taskId: number) => okData(get('xmjl', '/v4/design-task/detailById', { taskId }));

  it('sends a sheet with several disciplines into 3_1; locked in approval, approved, then confirmed', async () => {
    const t = await okData(post('xmjl', '/v4/design-task/add', sheet({ majorIds: [21, 22] })));
    expect(t.majorList.map((m: { majorId: number }) => m.majorId)).toEqual([21, 22]);
    expect(t).toMatchObject({ approvalStatus: -1, approvalStatusName: '待提交', approvalId: null });

    // Only its creator or project manager sends it; a wrong type code is refused naming it.
    const stranger = await post('sjzc', '/project/design-task/updateToApproval', {
      taskId: t.taskId,
    });
    expect(stranger.status).toBe(403);
    const wrongType = await post('xmjl', '/project/design-task/updateToApproval', {
      taskId: t.taskId,
      typeCode: '4_1',
    });
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(wrongType.body)).toContain('typeCode');

    const sent = await okData(
      post('xmjl', '/project/design-task/updateToApproval', { taskId: t.taskId }),
    );
    expect(sent).toMatchObject({ approvalStatus: 0, approvalStatusName: '审批中' });
    expect(sent.approvalId).toEqual(expect.any(String));

    // The approval carries the sheet: its people for the flow's nodes, and every discipline.
    const approval = await okData(
      get('xmjl', '/project/approval/getCommonApprovalDetail', { serviceId: sent.approvalId }),
    );
    expect(approval.approval).toMatchObject({ typeCode: '3_1' });
    const content = JSON.stringify(approval);
    expect(content).toContain('"designUserId"');
    expect(content).toContain('"projectManagerId"');

    // Locked while in approval: no edit, no delete, no confirmation, no second submission.
    const locked = [
      await post('xmjl', '/v4/design-task/update', { ...sheet(), taskId: t.taskId }),
      await get('xmjl', '/project/design-task/deleteById', { taskId: t.taskId }),
      await get('sjzc', '/project/design-task/confirmByDesignZhuChi', { taskId: t.taskId }),
      await post('xmjl', '/project/design-task/updateToApproval', { taskId: t.taskId }),
    ];
    for (const r of locked) {
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expect(r.body.msg).toBe('任务单审批中，不能修改、删除、确认或重复提交');
    }
    expect((await detail(t.taskId)).status).toBe(0);

    await approveAll(String(sent.approvalId), signers);
    const approved = await detail(t.taskId);
    expect(approved).toMatchObject({ approvalStatus: 1, approvalStatusName: '已通过' });

    // Approved: what its approvers signed is no longer edited; the confirmations follow.
    const edit = await post('xmjl', '/v4/design-task/update', { ...sheet(), taskId: t.taskId });
    expect(edit.status).toBe(422);
    expect(edit.body.msg).toBe('任务单已审批通过，不能修改、删除或重复提交');
    await okData(get('sjzc', '/project/design-task/confirmByDesignZhuChi', { taskId: t.taskId }));
    await okData(get('xmjl', '/project/design-task/confirmByProManager', { taskId: t.taskId }));
    const confirmed = await okData(
      post('bmfzr', '/v4/design-task/confirmTask', { taskId: t.taskId }),
    );
    expect(confirmed).toMatchObject({ status: 3, approvalStatus: 1 });
  });

  it('a withdrawn sheet opens again: edited, then sent anew', async () => {
    const t = await okData(post('xmjl', '/v4/design-task/add', sheet()));
    const sent = await okData(
      post('xmjl', '/project/design-task/updateToApproval', { taskId: t.taskId, typeCode: '3_2' }),
    );
    const d = await okData(
      get('xmjl', '/project/approval/getCommonApprovalDetail', { serviceId: sent.approvalId }),
    );
    await okData(
      post('xmjl', '/project/approval/process', {
        approvalId: sent.approvalId,
        version: d.approval.version,
        action: 'withdraw',
      }),
    );
    const open = await detail(t.taskId);
    expect(open.approvalStatus).toBe(3);
    const edited = await okData(
      post('xmjl', '/v4/design-task/update', {
        ...sheet({ taskName: '科创园施工图设计（修改）' }),
        taskId: t.taskId,
      }),
    );
    expect(edited.taskName).toBe('科创园施工图设计（修改）');
    const again = await okData(
      post('xmjl', '/project/design-task/updateToApproval', { taskId: t.taskId }),
    );
    expect(again.approvalStatus).toBe(0);
    expect(again.approvalId).not.toBe(sent.approvalId);
  });

  it('a sheet already confirmed, or recorded after the fact, does not go into approval', async () => {
    const t = await okData(post('xmjl', '/v4/design-task/add', sheet()));
    await okData(get('sjzc', '/project/design-task/confirmByDesignZhuChi', { taskId: t.taskId }));
    const late = await post('xmjl', '/project/design-task/updateToApproval', { taskId: t.taskId });
    expect(late.status).toBe(422);
    expect(late.body.msg).toBe('任务单已开始确认，不能再提交审批');
    const h = await okData(post('xmjl', '/project/design-task/addHistory', sheet()));
    const history = await post('xmjl', '/project/design-task/updateToApproval', {
      taskId: h.taskId,
    });
    expect(history.status).toBe(422);
    expect((await detail(h.taskId)).approvalStatus).toBe(-1);
  });
});
