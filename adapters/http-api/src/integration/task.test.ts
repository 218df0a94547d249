/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, instituteDay } from '@dpms/core';
import { apiClient } from '../test-support/api-client.js';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

// Demo institute: xmjl 3 (项目经理, 建筑一所 110), sjzc 4 (设计主持, 110), bmfzr 5 (部门负责人 of
// 110), sjzc2 14 (设计主持, 结构所 112), jsfzr 7 and zhsw 12 (the seal approval's nodes).
const today = instituteDay(new Date());

describe.each(testDatabaseKinds())('design task API on %s', (kind) => {
  let api: ApprovalTestApi;
  let contractId: number;
  const client = apiClient(() => api);
  const { post, get } = client;
  const okData = async (r: request.Test | Promise<request.Response>) => {
    const res = await r;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const sheet = (over: Record<string, unknown> = {}) => ({
    contractId,
    taskName: '科创园施工图设计',
    subItemName: '一期',
    taskResultName: '施工图',
    designStageId: '3',
    qualityType: '1',
    designUserId: 4,
    projectManagerId: 3,
    planFinishDate: addDays(today, 3),
    remark: '按合同深度完成',
    taskAmount: '100',
    majorIds: [21, 22],
    ...over,
  });
  const newFile = async (name: string) => {
    const fileId = randomUUID().replace(/-/g, '');
    await api.database.handle.db
      .insertInto('file_object')
      .values({
        file_id: fileId,
        original_name: name,
        file_type: name.slice(-3),
        size: 3,
        content_hash: 'x',
        storage_key: `t/${fileId}`,
        owner_user_id: 4,
      })
      .execute();
    return fileId;
  };
  /** A task confirmed by all three, ready for results, seals and pay. */
  const confirmedTask = async (over: Record<string, unknown> = {}) => {
    const t = await okData(post('xmjl', '/v4/design-task/add', sheet(over)));
    await okData(get('sjzc', '/project/design-task/confirmByDesignZhuChi', { taskId: t.taskId }));
    await okData(get('xmjl', '/project/design-task/confirmByProManager', { taskId: t.taskId }));
    return okData(post('bmfzr', '/v4/design-task/confirmTask', { taskId: t.taskId }));
  };

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    const c = await api.database.handle.db
      .insertInto('contract')
      .values({
        stage: 'formal',
        status: 1,
        project_name: '任务测试项目',
        contract_name: '任务测试设计合同',
        biz_source: '1',
        total_amount: '500',
        clean_amount: '500',
        real_amount: '500',
        dept_id: 110,
        user_id: 3,
      })
      .returning('contract_id')
      .executeTakeFirstOrThrow();
    contractId = c.contract_id;
    for (const u of [
      'xmjl',
      'sjzc',
      'bmfzr',
      'sjzc2',
      'jsfzr',
      'zhsw',
      'yuangong',
      'jingying',
      'admin',
    ])
      await client.signIn(u);
  });
  afterAll(() => api.close());

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
    const before = (await get('admin', '/v4/design-task/list', { contractId })).body.total;
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
    expect((await get('admin', '/v4/design-task/list', { contractId })).body.total).toBe(
      before + 1,
    );
  });

  it('checks permission on every call', async () => {
    expect((await post('yuangong', '/v4/design-task/add', sheet())).status).toBe(403);
    expect((await post('sjzc', '/v4/design-task/add', sheet())).status).toBe(403);
    expect((await get('yuangong', '/v4/design-task/list')).status).toBe(403);
    expect(
      (await get('jingying', '/project/design-task/confirmByDesignZhuChi', { taskId: 1 })).status,
    ).toBe(403);
    expect((await request(api.app).get('/prod-api/v4/design-task/list')).status).toBe(401);
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
    const list = await get('sjzc2', '/v4/design-task/list', { contractId, pageSize: 100 });
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

  it('uploads results and acceptance files, confirmed by the project manager once', async () => {
    const open = await okData(post('xmjl', '/v4/design-task/add', sheet()));
    const f0 = await newFile('总图.pdf');
    expect(
      (
        await post('sjzc', '/project/design-task/uploadResultFileV2', {
          taskId: open.taskId,
          fileName: '总图',
          fileList: [f0],
        })
      ).status,
    ).toBe(422);
    const t = await confirmedTask();
    const f1 = await newFile('总图.pdf');
    const noName = await post('sjzc', '/project/design-task/uploadResultFileV2', {
      taskId: t.taskId,
      fileName: '',
      fileList: [f1],
    });
    expect(noName.status).toBe(400);
    expect(noName.body.msg).toBe('请输入文件名称');
    const noFile = await post('sjzc', '/project/design-task/uploadResultFileV2', {
      taskId: t.taskId,
      fileName: '总图',
      fileList: [],
    });
    expect(noFile.body.msg).toBe('请上传附件');
    expect(
      (
        await post('sjzc', '/project/design-task/uploadResultFileV2', {
          taskId: t.taskId,
          fileName: '总图',
          fileList: [randomUUID()],
        })
      ).status,
    ).toBe(400);
    const r = await okData(
      post('sjzc', '/project/design-task/uploadResultFileV2', {
        taskId: t.taskId,
        majorId: 21,
        fileName: '总图',
        fileProp: 'pdf',
        fileList: [{ fileId: f1 }],
      }),
    );
    expect(r).toMatchObject({
      majorName: '建筑',
      resultConfirmed: false,
      fileList: [
        {
          fileId: f1,
          name: '总图.pdf',
          // The download call's own parameter: the address works as answered.
          url: `/prod-api/common/download/resource?resource=${f1}`,
        },
      ],
    });
    expect(
      (await get('sjzc', '/v4/design-task/confirmTaskResult', { resultId: r.resultId })).status,
    ).toBe(403);
    expect(
      (
        await get('xmjl', '/v4/design-task/confirmTaskResultOnAcceptanceFile', {
          resultId: r.resultId,
        })
      ).status,
    ).toBe(422);
    expect(
      (await okData(get('xmjl', '/v4/design-task/confirmTaskResult', { resultId: r.resultId })))
        .resultConfirmed,
    ).toBe(true);
    expect(
      (await get('xmjl', '/v4/design-task/confirmTaskResult', { resultId: r.resultId })).status,
    ).toBe(422);
    expect(
      (await get('sjzc', '/project/design-task/deleteAttachment', { id: r.resultId })).status,
    ).toBe(422);
    const f2 = await newFile('验收单.pdf');
    const acc = await okData(
      post('sjzc', '/project/design-task/uploadResultFileV2', {
        taskId: t.taskId,
        resultId: r.resultId,
        fileType: 'acceptance',
        fileList: [f2],
      }),
    );
    expect(acc.acceptanceFileList).toHaveLength(1);
    expect(
      (
        await okData(
          get('xmjl', '/v4/design-task/confirmTaskResultOnAcceptanceFile', {
            resultId: r.resultId,
          }),
        )
      ).acceptanceConfirmed,
    ).toBe(true);
    // A second, unconfirmed result can be deleted.
    const other = await okData(
      post('sjzc', '/project/design-task/uploadResultFileV2', {
        taskId: t.taskId,
        fileName: '说明',
        fileList: [await newFile('说明.docx')],
      }),
    );
    await okData(get('sjzc', '/project/design-task/deleteAttachment', { id: other.resultId }));
    const hist = await okData(
      post('sjzc', '/project/design-task/uploadResultFileHistory', {
        taskId: t.taskId,
        majorId: 22,
        fileName: '结构图',
        fileList: [await newFile('结构.pdf')],
      }),
    );
    expect(hist).toMatchObject({ history: true, resultConfirmed: true });
    const list = await get('sjzc', '/v4/design-task/getTaskResultList', { taskId: t.taskId });
    expect(list.body.total).toBe(2);
    expect(list.body.rows[0]).toMatchObject({ taskNo: t.taskNo });
    const att = await okData(
      get('sjzc', '/project/design-task/getTaskResultAttachmentList', { taskId: t.taskId }),
    );
    expect(att).toHaveLength(2);
    const one = await okData(
      get('sjzc', '/project/design-task/getTaskResultFile', { resultId: r.resultId }),
    );
    expect(one.acceptanceConfirmed).toBe(true);
    const majors = await okData(
      get('sjzc', '/project/design-task/getMajorTaskResultList', { taskId: t.taskId }),
    );
    expect(
      majors.map((g: { majorName: string; resultList: unknown[] }) => [
        g.majorName,
        g.resultList.length,
      ]),
    ).toEqual([
      ['建筑', 1],
      ['结构', 1],
    ]);
    expect(
      (await get('sjzc2', '/project/design-task/getTaskResultFile', { resultId: r.resultId }))
        .status,
    ).toBe(404);
    // The task is finished once a result is confirmed.
    expect(
      (await okData(get('xmjl', '/v4/design-task/detailById', { taskId: t.taskId }))).finished,
    ).toBe(true);
  });

  it('keeps task, design and government files, and deliveries', async () => {
    const t = await confirmedTask();
    const files = await okData(
      post('xmjl', '/project/design-task/uploadDesignTaskFileV2', {
        taskId: t.taskId,
        fileList: [await newFile('任务书.pdf')],
      }),
    );
    expect(files).toHaveLength(1);
    await okData(get('xmjl', '/project/design-task/deleteDesignTaskFile', { id: files[0].id }));
    expect(
      (await okData(get('xmjl', '/v4/design-task/detailById', { taskId: t.taskId }))).fileList,
    ).toEqual([]);
    await okData(
      post('xmjl', '/project/contract/uploadContractDesignFile', {
        contractId,
        fileList: [await newFile('设计依据.pdf')],
      }),
    );
    expect(
      await okData(get('sjzc', '/project/contract/getContractDesignFile', { contractId })),
    ).toHaveLength(1);
    await okData(
      post('xmjl', '/project/contract/uploadGovernmentFiles', {
        contractId,
        fileList: [await newFile('批文.pdf')],
      }),
    );
    expect(
      (await okData(get('xmjl', '/project/contract/getGovernmentFiles', { contractId })))[0].name,
    ).toBe('批文.pdf');
    expect(
      (await get('sjzc2', '/project/contract/getGovernmentFiles', { contractId })).status,
    ).toBe(404);
    const missing = await post('xmjl', '/project/design-task/insertTaskResultSongda', {
      taskId: t.taskId,
      songdaDate: today,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('receiveUnit');
    const sd = await okData(
      post('xmjl', '/project/design-task/insertTaskResultSongda', {
        taskId: t.taskId,
        songdaDate: today,
        receiveUnit: '建设单位',
        receiveUser: '王工',
        content: '施工图6套',
      }),
    );
    expect(sd).toHaveLength(1);
    expect(
      await okData(
        get('sjzc', '/project/design-task/getTaskResultSongdaList', { taskId: t.taskId }),
      ),
    ).toMatchObject([{ receiveUnit: '建设单位', songdaDate: today }]);
  });

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
    for (const user of ['jsfzr', 'zhsw']) {
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
    const xlsx = await get('sjzc', '/project/design-task/exportRealSeal')
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as never);
    const names = wb.worksheets[0]?.getColumn(3).values ?? [];
    expect(names).toContain(t.taskName);
  });

  it('confirms output value and pays within the deposit and the finished amount, exactly', async () => {
    const t = await confirmedTask({ taskAmount: '100', qualityType: '1' });
    const q = { taskId: t.taskId };
    expect(
      (
        await get('sjzc', '/project/design-task/updateConfirmFinishAmount', {
          ...q,
          confirmFinishAmount: '40',
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await get('xmjl', '/project/design-task/updateConfirmFinishAmount', {
          ...q,
          confirmFinishAmount: '100.000001',
        })
      ).status,
    ).toBe(422);
    const d = await okData(
      get('xmjl', '/project/design-task/updateConfirmFinishAmount', {
        ...q,
        confirmFinishAmount: '40',
      }),
    );
    expect(d).toMatchObject({
      confirmFinishAmount: '40',
      qualityDeposit: '15',
      readyPayLimit: '34',
    });
    expect(
      (await post('xmjl', '/v4/design-task/insertTaskReadyPay', { ...q, payAmount: '34.000001' }))
        .status,
    ).toBe(422);
    const paid = await okData(
      post('bmfzr', '/v4/design-task/insertTaskReadyPay', {
        ...q,
        payAmount: '33.333333',
        payDate: today,
      }),
    );
    expect(paid).toMatchObject({ readyPaid: '33.333333', readyRemaining: '0.666667' });
    expect(
      (await post('xmjl', '/v4/design-task/insertTaskReadyPay', { ...q, payAmount: 1 })).status,
    ).toBe(400);
    await okData(post('xmjl', '/v4/design-task/insertTaskQualityPay', { ...q, payAmount: '15' }));
    expect(
      (await post('xmjl', '/v4/design-task/insertTaskQualityPay', { ...q, payAmount: '0.000001' }))
        .status,
    ).toBe(422);
    const detail = await okData(get('xmjl', '/v4/design-task/confirmDetail', q));
    expect(
      detail.payList.map((p: { payType: string; payAmount: string }) => [p.payType, p.payAmount]),
    ).toEqual([
      ['ready', '33.333333'],
      ['quality', '15'],
    ]);
    expect(detail.finishAmountList).toMatchObject([{ before: '0', after: '40' }]);
    const none = await confirmedTask({ qualityType: '0' });
    const noDeposit = await post('xmjl', '/v4/design-task/insertTaskQualityPay', {
      taskId: none.taskId,
      payAmount: '1',
    });
    expect(noDeposit.status).toBe(422);
    expect(noDeposit.body.msg).toContain('无质量要求');
    const list = await get('xmjl', '/v4/design-task/valueOfConfirmList', {
      contractId,
      pageSize: 100,
    });
    const row = list.body.rows.find((r: { taskId: number }) => r.taskId === t.taskId);
    expect(row).toMatchObject({ qualityPaid: '15', readyPaid: '33.333333', status: 3 });
    expect(list.body.rows.every((r: { status: number }) => r.status === 3)).toBe(true);
    const xlsx = await get('xmjl', '/v4/design-task/confirmDetail/export', q)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('filename*=UTF-8');
    // Without a task: the payments of every confirmed task the list's filter finds.
    const byList = await get('xmjl', '/v4/design-task/confirmDetail/export', {
      contractId,
      taskName: t.taskName,
      pageNum: 1,
      pageSize: 20,
    })
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(byList.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(byList.body as never);
    const sheetRows: string[][] = [];
    book.worksheets[0]?.eachRow((r) =>
      sheetRows.push((r.values as unknown[]).slice(1).map((v) => String(v))),
    );
    const mine = sheetRows.filter((r) => r[0] === t.taskNo).map((r) => [r[2], r[3]]);
    expect(mine).toEqual(
      expect.arrayContaining([
        ['产值发放', '33.333333'],
        ['质量保证金', '15'],
      ]),
    );
    expect(mine).toHaveLength(2);
  });

  it('warns the host and the manager of tasks due soon or overdue, by the configured threshold', async () => {
    const soon = await okData(
      post('xmjl', '/v4/design-task/add', sheet({ planFinishDate: addDays(today, 5) })),
    );
    const late = await okData(
      post('xmjl', '/v4/design-task/add', sheet({ planFinishDate: addDays(today, -1) })),
    );
    const far = await okData(
      post('xmjl', '/v4/design-task/add', sheet({ planFinishDate: addDays(today, 40) })),
    );
    const warned = async (user: string) =>
      (
        (await okData(get(user, '/project/approval/getNotify'))).warnTaskList as {
          taskNo: string;
          planFinishDate: string;
        }[]
      ).map((w) => w.taskNo);
    for (const user of ['sjzc', 'xmjl']) {
      const list = await warned(user);
      expect(list, user).toContain(soon.taskNo);
      expect(list, user).toContain(late.taskNo);
      expect(list, user).not.toContain(far.taskNo);
    }
    expect(await warned('sjzc2')).not.toContain(soon.taskNo);
    const n = await okData(get('sjzc', '/project/approval/getNotify'));
    expect(n.warnTaskList.find((w: { taskNo: string }) => w.taskNo === late.taskNo)).toEqual({
      taskNo: late.taskNo,
      planFinishDate: addDays(today, -1),
    });
    await api.database.handle.db
      .updateTable('sys_config')
      .set({ config_value: '2' })
      .where('config_key', '=', 'task.warn.days')
      .execute();
    try {
      const list = await warned('sjzc');
      expect(list).not.toContain(soon.taskNo);
      expect(list).toContain(late.taskNo);
    } finally {
      await api.database.handle.db
        .updateTable('sys_config')
        .set({ config_value: '7' })
        .where('config_key', '=', 'task.warn.days')
        .execute();
    }
  });

  it('serves the contract documents their project and task lists, and the streamed export', async () => {
    const t = await okData(
      post('xmjl', '/v4/design-task/add', sheet({ designStageId: '1', majorIds: [1, 2] })),
    );
    for (const path of ['/v4/contract/listByDesign', '/project/contract/listByDesign']) {
      const projects = await okData(get('jingying', path));
      const p = projects.find((x: { value: number }) => x.value === contractId);
      expect(p, path).toMatchObject({ text: '任务测试项目', projectName: '任务测试项目' });
      expect(p.taskList.find((x: { value: number }) => x.value === t.taskId)).toMatchObject({
        text: '方案设计 · 科创园施工图设计',
        designStageId: '1',
        majorList: [
          { value: 1, text: '建筑' },
          { value: 2, text: '景观' },
        ],
      });
    }
    const tasks = await okData(get('xmjl', '/v4/design-task/taskListByDesign', { contractId }));
    expect(tasks.map((x: { value: number }) => x.value)).toContain(t.taskId);
    expect(await okData(get('sjzc2', '/v4/design-task/taskListByDesign', { contractId }))).toEqual(
      [],
    );
    const xlsx = await get('xmjl', '/v4/design-task/export', { contractId })
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as never);
    const nos = wb.worksheets[0]?.getColumn(1).values ?? [];
    expect(nos).toContain(t.taskNo);
    expect((await get('yuangong', '/v4/design-task/export')).status).toBe(403);
  });
});
