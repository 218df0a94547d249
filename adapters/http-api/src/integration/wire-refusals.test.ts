/* eslint-disable @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARCHIVE_ACTION_PERMISSIONS,
  SEAL_SUBMIT_PERMISSION,
  TASK_ACTION_PERMISSIONS,
} from '@dpms/core';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';

/*
 * A body the wire contract refuses answers 400 with every field's problem in `errors[]`, in core's
 * words, and changes nothing: the design task, archives and contract document slices.
 */
describe('bad bodies of the task, archives and contract document slices', () => {
  let api: ApprovalTestApi;
  const tokens: Record<string, string> = {};
  const as = (user: string) => ({ Authorization: `Bearer ${tokens[user] ?? ''}` });
  const post = (user: string, path: string, body: object) =>
    request(api.app).post(`/prod-api${path}`).set(as(user)).send(body);
  const count = async (table: 'design_task' | 'project_archive' | 'contract_document') =>
    Number(
      (
        await api.database.handle.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const fieldsOf = (body: { errors?: { field: string; message: string }[] }) =>
    Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));

  beforeAll(async () => {
    api = await openApprovalApi('embedded');
    for (const u of ['xmjl', 'admin']) tokens[u] = await api.login(u);
  });
  afterAll(() => api.close());

  it('a task sheet: every missing field named at once, in core’s words, nothing saved', async () => {
    const before = await count('design_task');
    const r = await post('xmjl', '/v4/design-task/add', {
      taskName: ' ',
      planFinishDate: '2026-02-30',
      taskAmount: '-1',
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 400, field: 'contractId', msg: '所属合同不能为空' });
    expect(fieldsOf(r.body)).toEqual({
      contractId: '所属合同不能为空',
      taskName: '任务名称不能为空',
      designStageId: '设计阶段不能为空',
      designUserId: '设计主持不能为空',
      projectManagerId: '项目经理不能为空',
      planFinishDate: '计划完成日期格式应为yyyy-MM-dd',
      taskAmount: '任务产值应为不小于0的金额（万元，最多6位小数）',
    });
    expect(await count('design_task')).toBe(before);
  });

  it('routes declare the permission of core’s action rules, so the server refuses what the web hides', async () => {
    const doc = (await request(api.app).get('/prod-api/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { 'x-permission'?: string }>>;
    };
    const permissionOf = (method: string, path: string) =>
      doc.paths[path]?.[method]?.['x-permission'];
    const expected: [string, string, string][] = [
      ['post', '/v4/design-task/update', TASK_ACTION_PERMISSIONS.edit],
      ['post', '/project/design-task/update', TASK_ACTION_PERMISSIONS.edit],
      ['get', '/project/design-task/deleteById', TASK_ACTION_PERMISSIONS.remove],
      ['get', '/project/design-task/confirmByDesignZhuChi', TASK_ACTION_PERMISSIONS.confirm],
      ['get', '/project/design-task/confirmByProManager', TASK_ACTION_PERMISSIONS.confirm],
      ['post', '/v4/design-task/confirmTask', TASK_ACTION_PERMISSIONS.confirm],
      ['post', '/project/design-task/updateResultSealToApproval', SEAL_SUBMIT_PERMISSION],
      ['get', '/project/archives/view', ARCHIVE_ACTION_PERMISSIONS.view],
      ['get', '/project/archives/downLoad', ARCHIVE_ACTION_PERMISSIONS.download],
      ['post', '/project/archives/borrow', ARCHIVE_ACTION_PERMISSIONS.borrow],
      ['post', '/project/archives/updateMemo', ARCHIVE_ACTION_PERMISSIONS.memo],
      ['post', '/project/archives/updateAllowView', ARCHIVE_ACTION_PERMISSIONS.allowView],
      ['get', '/project/archives/logList', ARCHIVE_ACTION_PERMISSIONS.logs],
      ['post', '/project/archives/updateToApproval', ARCHIVE_ACTION_PERMISSIONS.submit],
      ['post', '/project/archives/return', ARCHIVE_ACTION_PERMISSIONS.giveBack],
    ];
    for (const [method, path, permission] of expected)
      expect(permissionOf(method, path), `${method} ${path}`).toBe(permission);
  });
});
