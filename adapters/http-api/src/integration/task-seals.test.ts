/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return -- supertest bodies are untyped JSON */
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { useTaskApi } from './task-fixture.js';
import { openXlsx } from '../test-support/xlsx-answer.js';

/** The design task API: result seal requests through approval 13_1. */
describe.each(testDatabaseKinds())('design task API (seals) on %s', (kind) => {
  const { post, get, okData, newFile, confirmedTask } = useTaskApi(kind);

  it('sends a seal request through approval 13_1; approved, it lights the seal dot until opened', async () => {
    const t = await confirmedTask();
    const notifyOf = async (user: string) => await okData(get(user, '/project/approval/getNotify'));
    // Whatever other tests left: open every approved seal first.
    const seals0 = await get('sjzc', '/v4/design-task/getDesignResultSealList', {
      status: '1',
      pageSize: 1000,
    });
    for (const s of seals0.body.rows)
      await okData(
        get('sjzc', '/project/design-task/detailBySealId', { resultSealId: s.resultSealId }),
      );
    expect((await notifyOf('sjzc')).unLookSeal).toBe(false);
    const bad = await post('sjzc', '/project/design-task/insertResultSealV2', {
      taskId: t.taskId,
      drawContent: '总图',
      sealType: [],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('sealType');
    const img = await newFile('总图.pdf');
    const s = await okData(
      post('sjzc', '/project/design-task/insertResultSealV2', {
        taskId: t.taskId,
        drawContent: '总图及单体施工图',
        drawNum: 6,
        sealType: ['4', '8'],
        sealCategory: '1',
        imgFiles: [img],
      }),
    );
    expect(s).toMatchObject({ status: -1, sealType: ['4', '8'], imgFiles: [{ fileId: img }] });
    expect(
      (
        await post('sjzc', '/v4/design-task/uploadDesignResultSealAttach', {
          resultSealId: s.resultSealId,
          fileList: [await newFile('扫描.pdf')],
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await post('xmjl', '/project/design-task/updateResultSealToApproval', {
          resultSealId: s.resultSealId,
        })
      ).status,
    ).toBe(403);
    const sent = await okData(
      post('sjzc', '/project/design-task/updateResultSealToApproval', {
        resultSealId: s.resultSealId,
      }),
    );
    expect(sent.status).toBe(0);
    expect(
      (
        await post('sjzc', '/project/design-task/updateResultSealToApproval', {
          resultSealId: s.resultSealId,
        })
      ).status,
    ).toBe(422);
    // The drafter is the task's design host: the 设计主持 node escalates to his department head
    // (bmfzr) instead of letting him approve his own drawings' seal, then 技术负责人, 综合事务部.
    for (const user of ['bmfzr', 'jsfzr', 'zhsw']) {
      const d = await okData(
        get(user, '/project/approval/getCommonApprovalDetail', { serviceId: sent.approvalId }),
      );
      await okData(
        post(user, '/project/approval/process', {
          approvalId: sent.approvalId,
          version: d.approval.version,
          action: 'approve',
        }),
      );
    }
    const list = await get('sjzc', '/v4/design-task/getDesignResultSealList', { taskId: t.taskId });
    expect(list.body.rows[0]).toMatchObject({
      resultSealId: s.resultSealId,
      status: 1,
      sealTime: expect.any(String),
      // 申请人: the login the row keeps, and the name the list shows.
      userName: 'sjzc',
      nickName: '张主持',
    });
    expect((await notifyOf('sjzc')).unLookSeal).toBe(true);
    expect((await notifyOf('xmjl')).unLookSeal).toBe(true);
    await okData(
      get('sjzc', '/project/design-task/detailBySealId', { resultSealId: s.resultSealId }),
    );
    expect((await notifyOf('sjzc')).unLookSeal).toBe(false);
    expect((await notifyOf('xmjl')).unLookSeal).toBe(true);
    const scanned = await okData(
      post('sjzc', '/v4/design-task/uploadDesignResultSealAttach', {
        resultSealId: s.resultSealId,
        fileList: [await newFile('盖章扫描.pdf')],
      }),
    );
    expect(scanned.sealImagesList[0].name).toBe('盖章扫描.pdf');
    expect(
      (await get('sjzc2', '/project/design-task/detailBySealId', { resultSealId: s.resultSealId }))
        .status,
    ).toBe(404);
    const wb = await openXlsx(
      get('sjzc', '/project/design-task/exportRealSeal'),
      '/project/design-task/exportRealSeal',
    );
    // The seal list's columns: 任务单号, 任务名称 ...
    const names = wb.worksheets[0]?.getColumn(2).values ?? [];
    expect(names).toContain(t.taskName);
  });

  it('refuses a seal request naming every field core refuses, in core’s words, saving nothing', async () => {
    const t = await confirmedTask();
    const count = async () =>
      (await get('sjzc', '/v4/design-task/getDesignResultSealList', { taskId: t.taskId })).body
        .total;
    const before = await count();
    const r = await post('sjzc', '/project/design-task/insertResultSealV2', {
      taskId: t.taskId,
      drawContent: ' ',
      sealType: [],
      drawNum: 0,
    });
    expect(r.status).toBe(400);
    const errors = (r.body.errors as { field: string; message: string }[]).map((e) => [
      e.field,
      e.message,
    ]);
    expect(errors).toEqual(
      expect.arrayContaining([
        ['drawContent', '图纸内容不能为空'],
        ['sealType', '印章类型不能为空'],
        ['drawNum', '份数的取值不正确'],
      ]),
    );
    expect(await count()).toBe(before);
  });
});
