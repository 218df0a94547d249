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
  const { post, get, okData, confirmedTask, confirmedResult, approveAll, client } =
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
});
