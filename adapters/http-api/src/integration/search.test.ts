/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- supertest bodies are untyped JSON */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../test-support/api-client.js';
import { openTestApi, type TestApi } from '../test-support/api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

// caiwu (财务, all data) lists contracts and sub-contracts but no filings, tasks; yuangong (普通员工,
// own data, 结构所) lists only the approval centre; admin lists everything.
describe.each(testDatabaseKinds())('全局搜索 on %s', (kind) => {
  let api: TestApi;
  const client = apiClient(() => api);
  const { get, okData } = client;
  let contractId = 0;

  const kinds = async (user: string, keyword: string) =>
    (await okData(get(user, '/search', { keyword }))).map((g: { kind: string }) => g.kind);

  beforeAll(async () => {
    api = await openTestApi(kind);
    await client.signIn('admin', 'caiwu', 'yuangong');
    const db = api.database.handle.db;
    const c = await sql<{ contract_id: number }>`insert into contract (stage, status,
      project_name, contract_name, contract_no, sign_by_main, biz_source, dept_id, user_id)
      values ('formal', 1, '琅琊翠屏项目', '琅琊翠屏设计合同', 'HT-LY-01', '琅琊置业', '1', 110, 3)
      returning contract_id`.execute(db);
    contractId = c.rows[0]?.contract_id ?? 0;
    await sql`insert into lixiang (contract_id, lx_no, project_name, biz_source, dept_id, user_id)
      values (${contractId}, 'LX-LY', '琅琊翠屏立项', '1', 110, 3)`.execute(db);
    await sql`insert into design_task (contract_id, task_no, task_name, design_stage_id,
      design_user_id, project_manager_id, plan_finish_date, dept_id, user_id)
      values (${contractId}, 'RW-LY-01', '琅琊翠屏施工图', '3', 4, 3, date '2026-12-31', 110, 3)`.execute(
      db,
    );
  }, 120_000);
  afterAll(() => api?.close());

  it('groups what it finds, each hit with its secondary line and the screen that opens it', async () => {
    const groups = await okData(get('admin', '/search', { keyword: ' 琅琊翠屏 ', limit: 3 }));
    expect(groups.map((g: { title: string }) => g.title)).toEqual(['合同', '项目立项', '设计任务']);
    expect(groups[0].hits).toEqual([
      {
        kind: 'contract',
        id: contractId,
        label: '琅琊翠屏设计合同',
        secondary: 'HT-LY-01 · 琅琊置业',
        route: `/project/contractList?contractId=${String(contractId)}`,
      },
    ]);
    expect(await kinds('admin', 'ht-ly-01')).toEqual(['contract']);
  });

  it('leaves out every kind whose list the caller may not open', async () => {
    expect(await kinds('caiwu', '琅琊翠屏')).toEqual(['contract']);
    expect(await kinds('yuangong', '琅琊翠屏')).toEqual([]);
  });

  it('refuses a control character, an empty and an over-long keyword with 400 naming keyword', async () => {
    for (const keyword of ['琅琊\u0007', '   ', 'x'.repeat(51)]) {
      const res = await get('admin', '/search', { keyword }).expect(400);
      expect(res.body.field ?? res.body.errors?.[0]?.field).toBe('keyword');
    }
    const res = await get('admin', '/search', { keyword: '琅琊\u0000' }).expect(400);
    expect(res.body.msg).toContain('不能包含控制字符');
  });

  it('answers only a signed-in caller', async () => {
    const { default: request } = await import('supertest');
    await request(api.app).get('/prod-api/search').query({ keyword: '琅琊' }).expect(401);
  });
});
