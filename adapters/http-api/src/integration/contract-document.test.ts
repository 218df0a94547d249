/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountInWords } from '@dpms/core';
import { apiClient } from '../test-support/api-client.js';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { insertFormalContract } from '../test-support/formal-contract.js';

/** A type 7 graphics production contract as the document screen sends it. */
const graphics = (contractId: number) => ({
  docType: 7,
  signByMain: '杭州图文快印有限公司',
  mainAddress: '杭州市拱墅区',
  mainPhone: '13800000000',
  mainOpenBank: '建设银行',
  mainOpenBankNum: '33001612345678901234',
  projectName: '文档测试项目',
  contractId: String(contractId),
  designStage: '施工图设计',
  designStageId: '31',
  fwContent: '效果图',
  projectResultContent: '施工图蓝图及电子文件',
  totalNum: '12',
  totalAmount: '12.3456',
  // Sent words and names are never trusted: the server recomputes both.
  upValue: '壹佰万元整',
  contractName: '随便写的名字',
});

describe.each(testDatabaseKinds())('contract document API on %s', (kind) => {
  let api: ApprovalTestApi;
  let contractId = 0;
  const client = apiClient(() => api);
  const { post, get } = client;
  const count = async () =>
    Number(
      (
        await api.database.handle.db
          .selectFrom('contract_document')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    const db = api.database.handle.db;
    const xmjl = await db
      .selectFrom('sys_user')
      .select(['user_id', 'dept_id'])
      .where('user_name', '=', 'xmjl')
      .executeTakeFirstOrThrow();
    contractId = await insertFormalContract(db, {
      project_name: '文档测试项目',
      contract_name: '文档测试项目设计合同',
      status: -1,
      user_id: xmjl.user_id,
      dept_id: xmjl.dept_id,
    });
    for (const u of ['xmjl', 'xmjl2', 'yuangong', 'admin']) await client.signIn(u);
  });
  afterAll(() => api.close());

  it('saves a type 7 document with its contract: words and name recomputed, party A from the settings', async () => {
    const saved = await post('xmjl', '/v4/contract-document/add', graphics(contractId));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const doc = saved.body.data;
    expect(doc).toMatchObject({
      docType: 7,
      contractId: String(contractId),
      contractName: '随便写的名字图文制作合同',
      totalAmount: '12.3456',
      upValue: amountInWords('12.3456'),
      status: -1,
      editable: true,
      version: 0,
      // Party A comes from sys_config when the document leaves it empty.
      signBySub: '华东示范建筑设计研究院有限公司',
      subTaxpayerNum: '913301007654321',
    });
    expect(doc.upValue).toBe('壹拾贰万叁仟肆佰伍拾陆元整');
    const read = await get('xmjl', '/v4/contract-document/detailById', {
      documentId: doc.documentId,
    });
    expect(read.body.data).toMatchObject({ projectResultContent: '施工图蓝图及电子文件' });
    // A stored party A value wins over the setting.
    const own = await post('xmjl', '/v4/contract-document/add', {
      ...graphics(contractId),
      signBySub: '院本部',
    });
    expect(own.body.data.signBySub).toBe('院本部');
    const list = await get('xmjl', '/v4/contract-document/list', { contractId, docType: '7' });
    expect(list.body.total).toBe(2);
  });

  it('refuses bad input with a 4xx naming the field and stores nothing', async () => {
    const before = await count();
    const cases: readonly (readonly [Record<string, unknown>, number, string, RegExp])[] = [
      [{ totalAmount: '12.34567' }, 400, 'totalAmount', /最多保留4位小数/],
      [{ totalAmount: 'abc' }, 400, 'totalAmount', /合同金额/],
      [{ mainPhone: '1'.repeat(16) }, 400, 'mainPhone', /乙方电话不能超过15个字符/],
      [{ mainOpenBankNum: '1'.repeat(31) }, 400, 'mainOpenBankNum', /30/],
      [{ fwContent: '雕塑' }, 400, 'fwContent', /制作类型只能是/],
      [{ totalNum: '0' }, 400, 'totalNum', /正整数/],
      [{ signDate: '2026-02-30' }, 400, 'signDate', /yyyy-MM-dd/],
      [{ contractId: '999999' }, 422, 'projectName', /项目合同不存在/],
    ];
    for (const [change, status, field, message] of cases) {
      const r = await post('xmjl', '/v4/contract-document/add', {
        ...graphics(contractId),
        ...change,
      });
      expect(r.status, JSON.stringify(change)).toBe(status);
      expect(r.body.field, JSON.stringify(change)).toBe(field);
      expect(r.body.msg).toMatch(message);
    }
    expect((await post('xmjl', '/v4/contract-document/add', { docType: 5 })).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('submits through the approval engine, locks the document, and takes the approval outcome', async () => {
    const draft = await post('xmjl', '/v4/contract-document/add', graphics(contractId));
    const { documentId } = draft.body.data;
    // A draft may lack the sign date; approval may not.
    const early = await post('xmjl', '/v4/contract-document/updateToApproval', { documentId });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ field: 'signDate', msg: '请选择签订日期' });

    const stale = await post('xmjl', '/v4/contract-document/add', {
      ...graphics(contractId),
      documentId,
      version: 5,
      signDate: '2026-11-20',
    });
    expect(stale.status).toBe(409);
    const sent = await post('xmjl', '/v4/contract-document/add', {
      ...graphics(contractId),
      documentId,
      version: 0,
      signDate: '2026-11-20',
      submit: true,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 0, editable: false, version: 2 });
    const approvalId = Number(sent.body.data.approvalId);
    const db = api.database.handle.db;
    const approval = await db
      .selectFrom('approval')
      .select(['type_code', 'record_kind', 'record_id', 'title'])
      .where('approval_id', '=', approvalId)
      .executeTakeFirstOrThrow();
    expect(approval).toMatchObject({
      type_code: '5_1',
      record_kind: 'contractDocument',
      record_id: String(documentId),
      title: '随便写的名字图文制作合同',
    });

    const edit = await post('xmjl', '/v4/contract-document/add', {
      ...graphics(contractId),
      documentId,
      signDate: '2026-11-21',
    });
    expect(edit.status).toBe(422);
    expect(edit.body.msg).toBe('合同文本审批中，不能修改');
    expect((await get('xmjl', '/v4/contract-document/deleteById', { documentId })).status).toBe(
      422,
    );

    for (let i = 0; i < 8; i += 1) {
      const a = await db
        .selectFrom('approval')
        .select(['status', 'version'])
        .where('approval_id', '=', approvalId)
        .executeTakeFirstOrThrow();
      if (a.status !== 0) break;
      const pending = await db
        .selectFrom('approval_pending as p')
        .innerJoin('sys_user as u', 'u.user_id', 'p.user_id')
        .select('u.user_name')
        .where('p.approval_id', '=', approvalId)
        .execute();
      const signer = pending[0]?.user_name ?? '';
      await client.ensureSignedIn(signer);
      const r = await post(signer, '/project/approval/process', {
        approvalId: String(approvalId),
        version: a.version,
        action: 'approve',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const done = await get('xmjl', '/v4/contract-document/detailById', { documentId });
    expect(done.body.data).toMatchObject({ status: 1, statusName: '已通过', editable: false });
  });

  it('a rejected document can change and go into approval again', async () => {
    const sent = await post('xmjl', '/v4/contract-document/add', {
      ...graphics(contractId),
      signDate: '2026-11-20',
      submit: true,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const { documentId } = sent.body.data;
    const approvalId = Number(sent.body.data.approvalId);
    const db = api.database.handle.db;
    const a = await db
      .selectFrom('approval')
      .select(['version'])
      .where('approval_id', '=', approvalId)
      .executeTakeFirstOrThrow();
    const pending = await db
      .selectFrom('approval_pending as p')
      .innerJoin('sys_user as u', 'u.user_id', 'p.user_id')
      .select('u.user_name')
      .where('p.approval_id', '=', approvalId)
      .executeTakeFirstOrThrow();
    await client.ensureSignedIn(pending.user_name);
    const rejected = await post(pending.user_name, '/project/approval/process', {
      approvalId: String(approvalId),
      version: a.version,
      action: 'reject',
      opinion: '金额有误',
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const back = await get('xmjl', '/v4/contract-document/detailById', { documentId });
    expect(back.body.data).toMatchObject({ status: 2, editable: true });

    const again = await post('xmjl', '/v4/contract-document/add', {
      ...graphics(contractId),
      documentId,
      version: back.body.data.version,
      totalAmount: '11',
      signDate: '2026-11-20',
      submit: true,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({
      status: 0,
      totalAmount: '11',
      upValue: '壹拾壹万元整',
    });
    expect(again.body.data.approvalId).not.toBe(String(approvalId));
  });

  it('keeps type 8 without a project, named after its service content', async () => {
    const r = await post('xmjl', '/v4/contract-document/add', {
      docType: 8,
      signByMain: '某咨询公司',
      fwContent: '绿色建筑咨询',
      contractId: String(contractId),
      projectName: '不该保存的项目',
      totalAmount: '3.456',
      withinAmount: '1.23456',
    });
    // Type 8 keeps two decimals of the total: the third is refused, not rounded.
    expect(r.status).toBe(400);
    expect(r.body.field).toBe('totalAmount');
    const ok8 = await post('xmjl', '/v4/contract-document/add', {
      docType: 8,
      signByMain: '某咨询公司',
      fwContent: '绿色建筑咨询',
      contractId: String(contractId),
      projectName: '不该保存的项目',
      totalAmount: '3.45',
      withinAmount: '1.2345',
      startTime: '2026-12-01',
      endTime: '2026-11-01',
    });
    expect(ok8.status).toBe(400);
    expect(ok8.body).toMatchObject({ field: 'endTime', msg: '服务结束日期不能早于服务开始日期' });
    const saved = await post('xmjl', '/v4/contract-document/add', {
      docType: 8,
      signByMain: '某咨询公司',
      fwContent: '绿色建筑咨询',
      contractId: String(contractId),
      projectName: '不该保存的项目',
      totalAmount: '3.45',
      withinAmount: '1.2345',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      contractId: '',
      projectName: '',
      contractName: '绿色建筑咨询服务指导协议',
      withinUpValue: amountInWords('1.2345'),
    });
  });

  it('checks permission and data scope on every call', async () => {
    const mine = await post('xmjl', '/v4/contract-document/add', graphics(contractId));
    const { documentId } = mine.body.data;
    expect((await get('yuangong', '/v4/contract-document/list')).status).toBe(403);
    expect((await post('yuangong', '/v4/contract-document/add', graphics(contractId))).status).toBe(
      403,
    );
    // Another project manager (own records only) neither sees nor changes it.
    expect((await get('xmjl2', '/v4/contract-document/detailById', { documentId })).status).toBe(
      404,
    );
    const other = await post('xmjl2', '/v4/contract-document/add', {
      ...graphics(contractId),
      documentId,
    });
    expect(other.status).toBe(404);
    expect((await get('xmjl2', '/v4/contract-document/deleteById', { documentId })).status).toBe(
      404,
    );
    const list = await get('xmjl2', '/v4/contract-document/list');
    expect(list.body.rows.map((r: { documentId: number }) => r.documentId)).not.toContain(
      documentId,
    );
    expect((await get('admin', '/v4/contract-document/detailById', { documentId })).status).toBe(
      200,
    );
    expect((await get('xmjl', '/v4/contract-document/deleteById', { documentId })).status).toBe(
      200,
    );
    expect((await get('xmjl', '/v4/contract-document/detailById', { documentId })).status).toBe(
      404,
    );
  });
});
