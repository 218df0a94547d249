/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { saveAndSubmitCases, signedInCalls } from '../test-support/save-and-submit-cases.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { headForDrafterDept } from '../test-support/drafter-dept.js';

/** A filing form as a person fills it in, each test with its own project name. */
const form = (projectName: string) => ({
  projectName,
  lxNo: `LX-${projectName}`,
  bizSource: '2',
  totalAmount: '50',
  cleanAmount: '45',
  directFee: '5',
});

describe.each(testDatabaseKinds())('save and submit a filing in one call on %s', (kind) => {
  let api: ApprovalTestApi;
  let token = '';
  const { post } = signedInCalls(
    () => api.app,
    () => token,
  );
  /** The filings of a project, whatever their status. */
  const rowsOf = (projectName: string) =>
    api.database.handle.db
      .selectFrom('lixiang')
      .select(['lx_id', 'status', 'total_amount'])
      .where('project_name', '=', projectName)
      .execute();

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    await headForDrafterDept(api.database.handle.db);
    token = await api.login('zhjy');
  });
  afterAll(() => api.close());

  saveAndSubmitCases(
    {
      kind,
      path: '/project/lixiang/saveAndSubmit',
      idKey: 'lxId',
      noFlowTypeCode: '2_9',
      form,
      rowsOf,
      post,
    },
    { saved: '立项一次提交', refused: '立项无流程', repeated: '立项重复点击' },
  );

  it('leaves an edited draft as it was when the submit is refused', async () => {
    const name = '立项草稿再提交';
    const draft = await post('/v4/lixiang/add', form(name));
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const { lxId } = draft.body.data;
    const refused = await post('/project/lixiang/saveAndSubmit', {
      ...form(name),
      totalAmount: '70',
      lxId,
      typeCode: '2_9',
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const rows = await rowsOf(name);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.status)).toBe(-1);
    expect(Number(rows[0]?.total_amount)).toBe(50);
    const sent = await post('/project/lixiang/saveAndSubmit', { ...form(name), lxId });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ lxId, status: 0 });
  });

  it('refuses a blank field naming it and saves nothing', async () => {
    const name = '立项缺项';
    const r = await post('/project/lixiang/saveAndSubmit', { ...form(name), bizSource: '' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'bizSource', message: '业务来源不能为空' }]);
    expect(await rowsOf(name)).toEqual([]);
  });
});
