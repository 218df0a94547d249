/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { useTaskApi } from './task-fixture.js';

/**
 * The technical seal (25_x) on results, like the result seal (13_1): the approval is sent from the
 * request that names its results, its sheet lists them, and approving it records the seal on
 * exactly those results (the real-seal export lists them).
 */
describe.each(testDatabaseKinds())('technical seals on results on %s', (kind) => {
  const { post, get, okData, confirmedTask, confirmedResult, approveAll, client, api } =
    useTaskApi(kind);

  it('sends a seal request on named results as 25_1, lists them on the sheet, stamps them when approved', async () => {
    const t = await confirmedTask();
    const plan = await confirmedResult(t.taskId, '总平面图.pdf', 21);
    const detail = await confirmedResult(t.taskId, '节点详图.pdf', 22);
    const seal = await okData(
      post('sjzc', '/project/design-task/insertResultSealV2', {
        taskId: t.taskId,
        resultIds: [plan.resultId, detail.resultId],
        drawContent: '总平面及节点详图',
        drawNum: 2,
        sealType: ['4'],
      }),
    );
    const bad = await post('sjzc', '/project/design-task/updateResultSealToApproval', {
      resultSealId: seal.resultSealId,
      typeCode: '21_1',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('typeCode');

    const sent = await okData(
      post('sjzc', '/project/design-task/updateResultSealToApproval', {
        resultSealId: seal.resultSealId,
        typeCode: '25_1',
      }),
    );
    expect(sent.status).toBe(0);
    const sheet = await okData(
      get('sjzc', '/project/approval/getCommonApprovalDetail', { serviceId: sent.approvalId }),
    );
    expect(sheet.approval).toMatchObject({ typeCode: '25_1' });
    expect(JSON.stringify(sheet)).toContain('总平面图.pdf');
    expect(JSON.stringify(sheet)).toContain('节点详图.pdf');

    await approveAll(String(sent.approvalId), ['bmfzr', 'jsfzr', 'zhsw', 'xmjl', 'admin']);
    const stamped = await okData(
      get('sjzc', '/project/design-task/detailBySealId', { resultSealId: seal.resultSealId }),
    );
    expect(stamped).toMatchObject({ status: 1, sealTime: expect.any(String) });
    expect(stamped.resultList.map((r: { resultId: number }) => r.resultId)).toEqual([
      plan.resultId,
      detail.resultId,
    ]);
    const rows = await client.xlsxRows('sjzc', '/project/design-task/exportRealSeal', {
      taskId: t.taskId,
    });
    const header = rows[0] ?? [];
    const row = rows.find((r) => r.includes(t.taskName)) ?? [];
    expect(row[header.indexOf('盖章成果')]).toContain('总平面图.pdf');
    expect(row[header.indexOf('盖章成果')]).toContain('节点详图.pdf');
  });

  it('25_1 from 发起审批 on picked results gives the same linked seal as 成果盖章, 公章 adds 总经理', async () => {
    const t = await confirmedTask();
    const plan = await confirmedResult(t.taskId, '发起审批总图.pdf', 21);
    const other = await confirmedResult(t.taskId, '发起审批详图.pdf', 22);
    const fields = { drawContent: '总图盖公章', drawNum: 3, sealType: ['1'] };
    const screenSeal = await okData(
      post('sjzc', '/project/design-task/insertResultSealV2', {
        taskId: t.taskId,
        resultIds: [plan.resultId],
        ...fields,
      }),
    );
    const screen = await okData(
      post('sjzc', '/project/design-task/updateResultSealToApproval', {
        resultSealId: screenSeal.resultSealId,
        typeCode: '25_1',
      }),
    );
    const form = (resultIds: unknown) => ({
      typeCode: '25_1',
      recordKind: 'task',
      recordId: String(t.taskId),
      content: {
        drawContent: { value: fields.drawContent },
        drawNum: { value: '3' },
        sealType: { value: ['1'] },
      },
      ...(resultIds === undefined ? {} : { recordFields: { resultIds } }),
      submit: true,
    });
    // A seal from the centre names what it stamps, and only confirmed results of the task.
    const none = await post('sjzc', '/project/approval/addSealTemplate', form(undefined));
    expect(none.status, JSON.stringify(none.body)).toBe(400);
    expect(none.body.field).toBe('resultIds');
    const empty = await post('sjzc', '/project/approval/addSealTemplate', form([]));
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]?.field ?? empty.body.field).toBe('resultIds');
    const centre = await okData(
      post('sjzc', '/project/approval/addSealTemplate', form([plan.resultId])),
    );
    expect(centre).toMatchObject({ status: 0 });

    const db = api().database.handle.db;
    const approvals = await db
      .selectFrom('approval')
      .select(['approval_id', 'type_code', 'record_kind', 'record_id'])
      .where('approval_id', 'in', [Number(screen.approvalId), Number(centre.approvalId)])
      .orderBy('approval_id')
      .execute();
    expect(approvals.map((a) => [a.type_code, a.record_kind])).toEqual([
      ['25_1', 'resultSeal'],
      ['25_1', 'resultSeal'],
    ]);
    interface SealView {
      taskId: number;
      drawContent: string;
      drawNum: number;
      sealType: string[];
      status: number;
      resultList: { resultId: number }[];
    }
    const seals: SealView[] = await Promise.all(
      approvals.map((a) =>
        okData(get('sjzc', '/project/design-task/detailBySealId', { resultSealId: a.record_id })),
      ),
    );
    const same = (x: SealView) => ({
      taskId: x.taskId,
      drawContent: x.drawContent,
      drawNum: x.drawNum,
      sealType: x.sealType,
      status: x.status,
      results: x.resultList.map((r) => r.resultId),
    });
    expect(same(seals[1]!)).toEqual(same(seals[0]!));
    expect(same(seals[0]!).results).toEqual([plan.resultId]);
    expect(same(seals[0]!).results).not.toContain(other.resultId);
    // The company seal's rule holds on both paths: 公章 adds 总经理.
    for (const id of [screen.approvalId, centre.approvalId]) {
      const d = await okData(
        get('sjzc', '/project/approval/getCommonApprovalDetail', { serviceId: id }),
      );
      expect(d.approval.nodes.map((n: { nodeName: string }) => n.nodeName)).toContain('总经理');
    }
  });
});
