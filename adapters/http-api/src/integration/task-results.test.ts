/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { today, useTaskApi } from './task-fixture.js';

/** The design task API: results, acceptance files, task and contract files, deliveries. */
describe.each(testDatabaseKinds())('design task API (results) on %s', (kind) => {
  const { post, get, okData, sheet, newFile, confirmedTask, contractId } = useTaskApi(kind);

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
    // 上传人: the login the row keeps, and the name the list shows.
    expect(list.body.rows[0]).toMatchObject({
      taskNo: t.taskNo,
      userName: 'sjzc',
      nickName: '张主持',
    });
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
        contractId: contractId(),
        fileList: [await newFile('设计依据.pdf')],
      }),
    );
    expect(
      await okData(
        get('sjzc', '/project/contract/getContractDesignFile', { contractId: contractId() }),
      ),
    ).toHaveLength(1);
    await okData(
      post('xmjl', '/project/contract/uploadGovernmentFiles', {
        contractId: contractId(),
        fileList: [await newFile('批文.pdf')],
      }),
    );
    expect(
      (
        await okData(
          get('xmjl', '/project/contract/getGovernmentFiles', { contractId: contractId() }),
        )
      )[0].name,
    ).toBe('批文.pdf');
    expect(
      (await get('sjzc2', '/project/contract/getGovernmentFiles', { contractId: contractId() }))
        .status,
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
});
