/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { useTaskApi } from './task-fixture.js';

/**
 * The design task lifecycle, second part: results with their acceptance files, a seal request
 * naming the results it stamps (13_1), the stamped scans uploaded back on the result, and the
 * real-seal export listing them.
 */
describe.each(testDatabaseKinds())('design task lifecycle (results and seals) on %s', (kind) => {
  const { post, get, okData, newFile, confirmedTask, confirmedResult, approveAll, client } =
    useTaskApi(kind);

  it('stamps named results: acceptance file, seal on the result, scan back on it, exported', async () => {
    const t = await confirmedTask();
    const cad = await confirmedResult(t.taskId, '总图.dwg', 21);
    const other = await confirmedResult(t.taskId, '结构图.dxf', 22);
    expect(cad).toMatchObject({ resultConfirmed: true, majorName: expect.any(String) });

    // The acceptance file goes up on the confirmed result and is confirmed by the manager.
    const accepted = await okData(
      post('sjzc', '/project/design-task/uploadResultFileV2', {
        taskId: t.taskId,
        resultId: cad.resultId,
        fileType: 'acceptance',
        fileList: [await newFile('验收单.pdf')],
      }),
    );
    expect(accepted.acceptanceFileList.map((f: { name: string }) => f.name)).toEqual([
      '验收单.pdf',
    ]);
    const ok = await okData(
      get('xmjl', '/v4/design-task/confirmTaskResultOnAcceptanceFile', { resultId: cad.resultId }),
    );
    expect(ok.acceptanceConfirmed).toBe(true);

    // A seal stamps confirmed results of its own task only.
    const unconfirmed = await okData(
      post('sjzc', '/project/design-task/uploadResultFileV2', {
        taskId: t.taskId,
        fileName: '未确认.pdf',
        fileList: [await newFile('未确认.pdf')],
      }),
    );
    const wrong = await post('sjzc', '/project/design-task/insertResultSealV2', {
      taskId: t.taskId,
      resultIds: [unconfirmed.resultId],
      drawContent: '总图',
      sealType: ['4'],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('resultIds');

    const seal = await okData(
      post('sjzc', '/project/design-task/insertResultSealV2', {
        taskId: t.taskId,
        resultIds: [cad.resultId, other.resultId],
        drawContent: '总图及结构图',
        drawNum: 4,
        sealType: ['4'],
      }),
    );
    expect(seal.resultList.map((r: { resultId: number }) => r.resultId)).toEqual([
      cad.resultId,
      other.resultId,
    ]);
    const sent = await okData(
      post('sjzc', '/project/design-task/updateResultSealToApproval', {
        resultSealId: seal.resultSealId,
      }),
    );
    await approveAll(String(sent.approvalId), ['bmfzr', 'jsfzr', 'zhsw', 'sjzc', 'xmjl', 'admin']);
    const approved = await okData(
      get('sjzc', '/project/design-task/detailBySealId', { resultSealId: seal.resultSealId }),
    );
    expect(approved.status).toBe(1);

    // The scan names the result it stamps (the request stamps two); one it does not stamp is refused.
    const scan = await newFile('总图盖章扫描.pdf');
    const unnamed = await post('sjzc', '/v4/design-task/uploadDesignResultSealAttach', {
      resultSealId: seal.resultSealId,
      fileList: [scan],
    });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.field).toBe('resultId');
    const stranger = await post('sjzc', '/v4/design-task/uploadDesignResultSealAttach', {
      resultSealId: seal.resultSealId,
      resultId: unconfirmed.resultId,
      fileList: [scan],
    });
    expect(stranger.status).toBe(400);
    const scanned = await okData(
      post('sjzc', '/v4/design-task/uploadDesignResultSealAttach', {
        resultSealId: seal.resultSealId,
        resultId: cad.resultId,
        fileList: [scan],
      }),
    );
    expect(scanned.sealImagesList.map((f: { name: string }) => f.name)).toEqual([
      '总图盖章扫描.pdf',
    ]);
    const results = await okData(
      get('xmjl', '/project/design-task/getTaskResultFile', { resultId: cad.resultId }),
    );
    expect(results.sealScanList.map((f: { name: string }) => f.name)).toEqual(['总图盖章扫描.pdf']);
    const otherNow = await okData(
      get('xmjl', '/project/design-task/getTaskResultFile', { resultId: other.resultId }),
    );
    expect(otherNow.sealScanList).toEqual([]);

    // exportRealSeal lists the approved request with the results it stamped and its scans.
    const rows = await client.xlsxRows('sjzc', '/project/design-task/exportRealSeal', {
      taskId: t.taskId,
    });
    const header = rows[0] ?? [];
    const row = rows.find((r) => r.includes(t.taskName)) ?? [];
    expect(row[header.indexOf('盖章成果')]).toContain('总图.dwg');
    expect(row[header.indexOf('盖章成果')]).toContain('结构图.dxf');
    expect(row[header.indexOf('扫描件')]).toContain('总图盖章扫描.pdf');
  });
});
