/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractAnswer } from '@dpms/wire';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { saveAndSubmitCases, signedInCalls } from '../test-support/save-and-submit-cases.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { headForDrafterDept } from '../test-support/drafter-dept.js';

/** A contract form as a person fills it in, each test with its own project name. */
const form = (projectName: string) => ({
  projectName,
  contractName: `${projectName}设计合同`,
  bizSource: '2',
  totalAmount: '80',
  signByMain: '杭州滨江城建',
  signBySub: '华东示范建筑设计研究院',
  signDate: '2023-06-01',
});

describe.each(testDatabaseKinds())('save and submit a contract in one call on %s', (kind) => {
  let api: ApprovalTestApi;
  let token = '';
  const { post, get } = signedInCalls(
    () => api.app,
    () => token,
  );
  /** The rows of the contract table for a project, whatever their stage or status. */
  const rowsOf = (projectName: string) =>
    api.database.handle.db
      .selectFrom('contract')
      .select(['contract_id', 'status', 'stage'])
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
      path: '/project/contract/saveAndSubmit',
      idKey: 'contractId',
      noFlowTypeCode: '1_9',
      form,
      rowsOf,
      post,
    },
    { saved: '一次提交项目', refused: '无流程项目', repeated: '重复点击项目' },
  );

  it('three tries, refused for 甲方 then 乙方, leave exactly one contract, in approval', async () => {
    const name = '三次提交项目';
    const first = await post('/project/contract/saveAndSubmit', { ...form(name), signByMain: '' });
    expect(first.status).toBe(400);
    expect(first.body.errors).toEqual([{ field: 'signByMain', message: '甲方不能为空' }]);
    const second = await post('/project/contract/saveAndSubmit', { ...form(name), signBySub: ' ' });
    expect(second.status).toBe(400);
    expect(second.body.errors).toEqual([{ field: 'signBySub', message: '乙方不能为空' }]);
    const third = await post('/project/contract/saveAndSubmit', form(name));
    expect(third.status, JSON.stringify(third.body)).toBe(200);
    expect(third.body.data).toMatchObject({ stage: 'contract', status: 0 });
    expect(third.body.data.approvalId).toEqual(expect.any(String));
    const rows = await rowsOf(name);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.status)).toBe(0);
  });

  it('names every missing field of the review sheet in one refusal', async () => {
    const r = await post('/project/contract/saveAndSubmit', {
      ...form('缺项项目'),
      projectName: '',
      signByMain: '',
      signBySub: '',
      signDate: '',
    });
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(
      ['projectName', 'signByMain', 'signBySub', 'signDate'].sort(),
    );
    expect(r.body.msg).toBe(r.body.errors[0].message);
  });

  it('keeps the key of a refused try for the corrected one, which makes one contract', async () => {
    const name = '改正后提交项目';
    const key = `save-submit-${kind}-2`;
    const refused = await post(
      '/project/contract/saveAndSubmit',
      { ...form(name), signByMain: '' },
      key,
    );
    expect(refused.status).toBe(400);
    const ok = await post('/project/contract/saveAndSubmit', form(name), key);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await rowsOf(name)).toHaveLength(1);
  });

  it('saves and submits an edited draft, or leaves it as it was', async () => {
    const name = '草稿再提交项目';
    const draft = await post('/v4/contract/add', { ...form(name), signBySub: '' });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const { contractId, version } = draft.body.data;
    const refused = await post('/project/contract/saveAndSubmit', {
      ...form(name),
      contractName: '改过的名称',
      signBySub: '',
      contractId,
      version,
    });
    expect(refused.status).toBe(400);
    const detail = await get('/project/contract/detailById', { contractId });
    expect(detail.body.data).toMatchObject({ contractName: `${name}设计合同`, status: -1 });
    const sent = await post('/project/contract/saveAndSubmit', {
      ...form(name),
      contractId,
      version,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ contractId, status: 0 });
    expect(await rowsOf(name)).toHaveLength(1);
  });

  it('saves and submits a declared project as a 2_x filing in one call', async () => {
    const name = '立项一次提交项目';
    const r = await post('/project/declare/saveAndSubmit', {
      ...form(name),
      signByMain: '',
      signBySub: '',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ stage: 'declare', status: 0 });
  });

  it('converts an unsigned contract only with its parties, so the result can be submitted', async () => {
    const name = '转合同项目';
    const stay = await post('/project/stay/add', {
      ...form(name),
      signByMain: '',
      signBySub: '',
      signDate: '',
    });
    expect(stay.status, JSON.stringify(stay.body)).toBe(200);
    const contractId = stay.body.data.contractId as number;
    const refused = await get('/project/contract/convertByStaySign', { contractId });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'signByMain', msg: '甲方不能为空' });
    expect((await rowsOf(name))[0]?.stage).toBe('stay');
    const converted = await get('/project/contract/convertByStaySign', {
      contractId,
      signByMain: '杭州滨江城建',
      signBySub: '华东示范建筑设计研究院',
      signDate: '2024-06-01',
    });
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    expect(converted.body.data).toMatchObject({ stage: 'contract', signDate: '2024-06-01' });
    const sent = await post('/project/contract/updateToApproval', { contractId });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.status).toBe(0);
  });

  it('answers exactly the documented record', async () => {
    const r = await post('/v4/contract/add', form('文档一致项目'));
    expect(r.status).toBe(200);
    // Parsing strips nothing and adds nothing: the answer is the wire schema's record.
    expect(contractAnswer.parse(r.body)).toEqual(r.body);
    const list = await get('/v4/contract/list', { projectName: '文档一致项目' });
    expect(list.body.rows).toHaveLength(1);
  });

  // Last: it moves zhjy to a role of its own that may add contracts but not send them to review.
  it('refuses save-and-submit to who may add but not send to review, and saves nothing', async () => {
    const db = api.database.handle.db;
    const { role_id: roleId } = await db
      .insertInto('sys_role')
      .values({ role_key: 'contract_clerk', role_name: '合同录入', data_scope: '1' })
      .returning('role_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sys_role_menu')
      .columns(['role_id', 'menu_id'])
      .expression(
        db
          .selectFrom('sys_menu')
          .select((eb) => [eb.val(roleId).as('role_id'), 'menu_id'])
          .where('perms', 'in', ['project:contract:list', 'project:contract:add']),
      )
      .execute();
    const zhjy = db.selectFrom('sys_user').select('user_id').where('user_name', '=', 'zhjy');
    await db.deleteFrom('sys_user_role').where('user_id', 'in', zhjy).execute();
    await db
      .insertInto('sys_user_role')
      .columns(['user_id', 'role_id', 'is_default'])
      .expression(
        zhjy.select((eb) => [eb.val(roleId).as('role_id'), eb.val(true).as('is_default')]),
      )
      .execute();
    token = await api.login('zhjy');
    const name = '无送审权限项目';
    const r = await post('/project/contract/saveAndSubmit', form(name));
    expect(r.status, JSON.stringify(r.body)).toBe(403);
    expect(await rowsOf(name)).toHaveLength(0);
    // Saving alone stays open to them.
    expect((await post('/v4/contract/add', form(name))).status).toBe(200);
  });
});
