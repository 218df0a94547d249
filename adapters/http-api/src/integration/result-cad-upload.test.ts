/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { useTaskApi } from './task-fixture.js';

// CAD drawings (000 §9: dwg/dxf) are design results: an upload for a result admits them, checked
// by extension and by content; an ordinary upload, and every record but a result, refuses them.

/** The head of an AutoCAD 2018 drawing: "AC1032" and binary after it. */
const DWG = Buffer.concat([Buffer.from('AC1032'), Buffer.alloc(64, 0x01)]);
const DXF = Buffer.from('  0\nSECTION\n  2\nHEADER\n  0\nENDSEC\n  0\nEOF\n');

describe.each(testDatabaseKinds())('CAD result files on %s', (kind) => {
  const { api, client, post, get, okData, confirmedTask, confirmedResult } = useTaskApi(kind);
  const upload = (name: string, content: Buffer, purpose?: string) =>
    request(api().app)
      .post(`/prod-api/common/upload${purpose === undefined ? '' : `?purpose=${purpose}`}`)
      .set(client.as('sjzc'))
      .attach('file', content, name);

  it('accepts a .dwg and a .dxf uploaded for a result and files them as the result', async () => {
    const t = await confirmedTask();
    for (const [name, content] of [
      ['总平面图.dwg', DWG],
      ['节点详图.dxf', DXF],
    ] as const) {
      const stored = await upload(name, content, 'result');
      expect(stored.status, JSON.stringify(stored.body)).toBe(200);
      expect(stored.body.data).toMatchObject({ originalFilename: name });
      const result = await okData(
        post('sjzc', '/project/design-task/uploadResultFileV2', {
          taskId: t.taskId,
          majorId: 21,
          fileName: name,
          fileList: [stored.body.data.fileId],
        }),
      );
      expect(JSON.stringify(result)).toContain(name);
    }
    // The chunked upload takes the same purpose.
    const id = await get('sjzc', '/common/maxfile/getUploadId', {
      fileName: '总平面图.dwg',
      purpose: 'result',
    });
    expect(id.status).toBe(200);
  });

  it('refuses a .dwg on an ordinary upload and a CAD file on any record but a result', async () => {
    const plain = await upload('总平面图.dwg', DWG);
    expect(plain.status).toBe(415);
    expect(plain.body.msg).toContain('dwg');
    const chunked = await get('sjzc', '/common/maxfile/getUploadId', { fileName: '总平面图.dwg' });
    expect(chunked.status).toBe(415);
    expect(chunked.body.field).toBe('fileName');
    // Content is sniffed: a PDF named .dwg is not a drawing.
    const fake = await upload('假图纸.dwg', Buffer.from('%PDF-1.7\n%âãÏÓ\n'), 'result');
    expect(fake.status).toBe(415);
    // An unknown purpose is refused, naming it.
    const odd = await upload('总平面图.dwg', DWG, 'anything');
    expect(odd.status).toBe(400);
    expect(JSON.stringify(odd.body)).toContain('purpose');

    // A drawing uploaded for a result cannot be filed as the task sheet's attachment or as the
    // acceptance file of a result.
    const t = await confirmedTask();
    const drawing = (await upload('总平面图.dwg', DWG, 'result')).body.data.fileId as string;
    const asTaskFile = await post('sjzc', '/project/design-task/uploadDesignTaskFileV2', {
      taskId: t.taskId,
      fileList: [drawing],
    });
    expect(asTaskFile.status).toBeGreaterThanOrEqual(400);
    expect(asTaskFile.status).toBeLessThan(500);
    expect(asTaskFile.body.msg).toContain('dwg');
    const result = await confirmedResult(t.taskId, '施工图.pdf');
    const asAcceptance = await post('sjzc', '/project/design-task/uploadResultFileV2', {
      taskId: t.taskId,
      resultId: result.resultId,
      fileType: 'acceptance',
      fileList: [drawing],
    });
    expect(asAcceptance.status).toBeGreaterThanOrEqual(400);
    expect(asAcceptance.status).toBeLessThan(500);
    expect(asAcceptance.body.msg).toContain('dwg');
    const files = await okData(
      get('sjzc', '/project/design-task/getTaskResultAttachmentList', { taskId: t.taskId }),
    );
    expect(JSON.stringify(files)).not.toContain('总平面图.dwg');
  });
});
