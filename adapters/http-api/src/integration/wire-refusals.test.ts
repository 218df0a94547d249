/* eslint-disable @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    api = await openApprovalApi('pglite');
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
});
