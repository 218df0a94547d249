/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { useTaskApi } from './task-fixture.js';

/** The design task API: task sheets: add, refuse, permissions, confirmations in turn, scope, edits and history. */
describe.each(testDatabaseKinds())('design task API (sheets) on %s', (kind) => {
  const { post, get, okData, sheet, api, contractId } = useTaskApi(kind);

  it('adds a task sheet, numbered, waiting for the design host, with its terms and sign flow', async () => {
    const t = await okData(post('xmjl', '/v4/design-task/add', sheet()));
    expect(t).toMatchObject({
      status: 0,
      statusName: '待设计主持确认',
      currentStep: 'designHost',
      designStageName: '施工图设计',
      designUserName: expect.any(String),
      majorList: [
        { majorId: 21, majorName: '建筑' },
        { majorId: 22, majorName: '结构' },
      ],
      taskAmount: '100',
      projectName: '任务测试项目',
    });
    expect(t.taskNo).toMatch(/^RW\d{4}-\d{4}$/);
    const d = await okData(get('xmjl', '/v4/design-task/detailById', { taskId: t.taskId }));
    expect(d.terms.join('')).toContain('15%');
    expect(d.terms.join('')).toContain('20%');
    expect(d.qualityDeposit).toBe('15');
    expect(d.designTaskSignFlowList.map((s: { flowName: string }) => s.flowName)).toEqual([
      '设计主持',
      '项目经理',
      '部门负责人',
    ]);
    expect(d.designTaskSignDetailList).toEqual([]);
  });

  it('refuses bad sheets with a Chinese message naming the field, changing nothing', async () => {
    const before = (await get('admin', '/v4/design-task/list', { contractId: contractId() })).body
      .total;
    const ok5200 = await post('xmjl', '/v4/design-task/add', sheet({ remark: '备'.repeat(5200) }));
    expect(ok5200.status).toBe(200);
    const long = await post('xmjl', '/v4/design-task/add', sheet({ remark: '备'.repeat(5201) }));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 400, msg: '备注不能超过5200个字符', field: 'remark' });
    const cases: [Record<string, unknown>, string, number][] = [
      [{ taskName: ' ' }, 'taskName', 400],
      [{ planFinishDate: '2026-02-30' }, 'planFinishDate', 400],
      [{ designUserId: 8 }, 'designUserId', 400],
      [{ projectManagerId: 4 }, 'projectManagerId', 400],
      [{ majorIds: [1] }, 'majorIds', 400],
      [{ designStageId: '9' }, 'designStageId', 400],
      [{ taskAmount: 12.5 }, 'taskAmount', 400],
    ];
    for (const [over, field, status] of cases) {
      const r = await post('xmjl', '/v4/design-task/add', sheet(over));
      expect(r.status, field).toBe(status);
      expect(JSON.stringify(r.body), field).toContain(field);
    }
    const none = await post('xmjl', '/v4/design-task/add', sheet({ contractId: 999999 }));
    expect(none.status).toBe(404);
    expect(
      (await get('admin', '/v4/design-task/list', { contractId: contractId() })).body.total,
    ).toBe(before + 1);
  });

  it('checks permission on every call', async () => {
    expect((await post('yuangong', '/v4/design-task/add', sheet())).status).toBe(403);
    expect((await post('sjzc', '/v4/design-task/add', sheet())).status).toBe(403);
    expect((await get('yuangong', '/v4/design-task/list')).status).toBe(403);
    expect(
      (await get('jingying', '/project/design-task/confirmByDesignZhuChi', { taskId: 1 })).status,
    ).toBe(403);
    expect((await request(api().app).get('/prod-api/v4/design-task/list')).status).toBe(401);
  });

  it('confirms only in order, only by the person whose turn it is, never twice', async () => {
    const t = await okData(post('xmjl', '/v4/design-task/add', sheet()));
    const q = { taskId: t.taskId };
    // A designer confirming for the manager, and the manager before the design host.
    const forManager = await get('sjzc', '/project/design-task/confirmByProManager', q);
    expect(forManager.status).toBe(403);
    expect(forManager.body.msg).toContain('项目经理');
    const early = await get('xmjl', '/project/design-task/confirmByProManager', q);
    expect(early.status).toBe(422);
    expect(early.body.msg).toContain('设计主持');
    expect((await post('bmfzr', '/v4/design-task/confirmTask', q)).status).toBe(422);
    expect((await get('xmjl', '/project/design-task/confirmByDesignZhuChi', q)).status).toBe(403);
    const one = await okData(
      get('sjzc', '/project/design-task/confirmByDesignZhuChi', {
        ...q,
        dealContent: '同意按期完成',
      }),
    );
    expect(one).toMatchObject({ status: 1, currentStep: 'projectManager' });
    const twice = await get('sjzc', '/project/design-task/confirmByDesignZhuChi', q);
    expect(twice.status).toBe(422);
    expect(twice.body.msg).toBe('设计主持已确认，不能重复确认');
    expect((await get('xmjl', '/project/design-task/confirmByProManagerHistory', q)).status).toBe(
      422,
    );
    expect((await okData(get('xmjl', '/project/design-task/confirmByProManager', q))).status).toBe(
      2,
    );
    expect((await post('sjzc', '/v4/design-task/confirmTask', q)).status).toBe(403);
    const done = await okData(post('bmfzr', '/v4/design-task/confirmTask', q));
    expect(done).toMatchObject({ status: 3, statusName: '已确认', currentStep: null });
    expect((await post('bmfzr', '/v4/design-task/confirmTask', q)).status).toBe(422);
    const audit = await okData(get('bmfzr', '/v4/design-task/auditDetailById', q));
    expect(
      audit.designTaskSignDetailList.map((s: { dealContent: string }) => s.dealContent),
    ).toEqual(['同意按期完成', '同意', '同意']);
    expect(audit.currentFlowName).toBeNull();
    const view = await okData(get('bmfzr', '/project/design-task/confirmTaskDetail', q));
    expect(view.task.status).toBe(3);
    // Once confirmed, the sheet is neither edited nor deleted.
    expect(
      (await post('xmjl', '/v4/design-task/update', { ...sheet(), taskId: t.taskId })).status,
    ).toBe(422);
    expect((await get('xmjl', '/project/design-task/deleteById', q)).status).toBe(422);
  });

  it('hides a task of another department from a role without scope, on every call', async () => {
    const t = await okData(post('xmjl', '/v4/design-task/add', sheet()));
    const q = { taskId: t.taskId };
    for (const path of [
      '/v4/design-task/detailById',
      '/v4/design-task/auditDetailById',
      '/v4/design-task/getTaskDetail',
      '/project/design-task/confirmByDesignZhuChi',
      '/project/design-task/getTaskResultAttachmentList',
    ]) {
      const r = await get('sjzc2', path, q);
      expect(r.status, path).toBe(404);
    }
    expect((await post('sjzc2', '/v4/design-task/confirmTask', q)).status).toBe(404);
    const list = await get('sjzc2', '/v4/design-task/list', {
      contractId: contractId(),
      pageSize: 100,
    });
    expect(list.body.rows.map((r: { taskId: number }) => r.taskId)).not.toContain(t.taskId);
    // The design host of the task sees it (their department), and the department head too.
    expect((await get('sjzc', '/v4/design-task/detailById', q)).status).toBe(200);
    expect((await get('bmfzr', '/v4/design-task/detailById', q)).status).toBe(200);
  });

  it('updates by both calls before any confirmation, with a version check, and deletes', async () => {
    const t = await okData(post('xmjl', '/v4/design-task/add', sheet()));
    const v4 = await okData(
      post('xmjl', '/v4/design-task/update', {
        ...sheet({ taskName: '改名一' }),
        taskId: t.taskId,
        version: t.version,
      }),
    );
    expect(v4).toMatchObject({ taskName: '改名一', taskNo: t.taskNo });
    const stale = await post('xmjl', '/v4/design-task/update', {
      ...sheet(),
      taskId: t.taskId,
      version: t.version,
    });
    expect(stale.status).toBe(409);
    const old = await okData(
      post('xmjl', '/project/design-task/update', {
        ...sheet({ taskName: '改名二', designUserId: 3 }),
        taskId: t.taskId,
      }),
    );
    expect(old).toMatchObject({ taskName: '改名二', designUserId: 3 });
    const flow = await okData(get('xmjl', '/v4/design-task/auditDetailById', { taskId: t.taskId }));
    expect(flow.designTaskSignFlowList[0].dealUserId).toBe('3');
    await okData(get('xmjl', '/project/design-task/deleteById', { taskId: t.taskId }));
    expect((await get('xmjl', '/v4/design-task/detailById', { taskId: t.taskId })).status).toBe(
      404,
    );
  });

  it('records a history task the manager and department confirm', async () => {
    const t = await okData(
      post('xmjl', '/project/design-task/addHistory', sheet({ planFinishDate: '2020-05-01' })),
    );
    expect(t).toMatchObject({ history: true, status: 1 });
    await okData(
      get('xmjl', '/project/design-task/confirmByProManagerHistory', { taskId: t.taskId }),
    );
    expect(
      (await okData(post('bmfzr', '/v4/design-task/confirmTask', { taskId: t.taskId }))).status,
    ).toBe(3);
  });

  it('applies a confirmation sent twice under one Idempotency-Key once, answering the same', async () => {
    const t = await okData(post('xmjl', '/v4/design-task/add', sheet()));
    const key = `confirm-${String(t.taskId)}-${kind}`;
    const send = () =>
      get('sjzc', '/project/design-task/confirmByDesignZhuChi', { taskId: t.taskId }).set(
        'Idempotency-Key',
        key,
      );
    const first = await send();
    const second = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(first.body.data).toMatchObject({ status: 1, currentStep: 'projectManager' });
    // Without the key, the repeat is a second confirmation, refused.
    const again = await get('sjzc', '/project/design-task/confirmByDesignZhuChi', {
      taskId: t.taskId,
    });
    expect(again.status).toBe(422);
  });
});
