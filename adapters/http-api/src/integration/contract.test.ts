/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitFees, type FeeRateSets } from '@dpms/core';
import { SqlFeeRateSource } from '@dpms/sql';
import { apiClient } from '../test-support/api-client.js';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { openXlsx } from '../test-support/xlsx-answer.js';
import { headForDrafterDept } from '../test-support/drafter-dept.js';

const base = {
  projectName: '滨江新城',
  contractName: '滨江新城规划设计合同',
  entrustBusinessName: '杭州滨江城建',
  bizSource: '1',
  bizType: '1',
  totalAmount: '120.5',
  cleanAmount: '100',
  directFee: '12.3456',
  signByMain: '杭州滨江城建',
  signBySub: '华东示范建筑设计研究院',
  signDate: '2023-06-01',
  entrustList: [{ designStageId: 3, designStageName: '方案设计' }],
};

describe.each(testDatabaseKinds())('contract API on %s', (kind) => {
  let api: ApprovalTestApi;
  let rates: FeeRateSets;
  const client = apiClient(() => api);
  const { post, get } = client;
  const created = async (user: string, path: string, body: unknown) => {
    const r = await post(user, path, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data as { contractId: number; [k: string]: unknown };
  };

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    await headForDrafterDept(api.database.handle.db);
    for (const u of ['zhjy', 'xmjl2', 'caiwu', 'yuangong', 'admin']) await client.signIn(u);
    rates = await new SqlFeeRateSource(api.database.handle.db).current();
  });
  afterAll(() => api.close());

  it('adds an unsigned contract with the fee split computed on the server', async () => {
    const c = await created('zhjy', '/project/stay/add', base);
    const expected = splitFees({ ...base, bizSource: '1', rateSets: rates });
    if (!expected.ok) throw new Error(expected.error.message);
    expect(c).toMatchObject({
      stage: 'stay',
      status: -1,
      effective: '0',
      totalAmount: '120.5',
      realAmount: expected.value.realAmount,
      technicalFee: expected.value.technicalFee,
      operateFee: expected.value.operateFee,
      expertFee: expected.value.expertFee,
      designFee: expected.value.designFee,
      entrustList: [{ designStageId: '3', designStageName: '方案设计' }],
    });
    // A browser that sent other sums is told, not trusted.
    const wrong = await post('zhjy', '/project/stay/add', { ...base, technicalFee: '99' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 422, field: 'technicalFee' });
    // Market contracts from 2024-04-01: directFee is computed; an edited one is refused.
    const market = await post('zhjy', '/project/stay/add', {
      ...base,
      signDate: '2024-05-01',
      directFee: '1',
    });
    expect(market.status).toBe(422);
    expect(market.body.msg).toContain('直接费');
    const computed = await created('zhjy', '/project/stay/add', {
      ...base,
      signDate: '2024-05-01',
      directFee: '',
    });
    expect(computed).toMatchObject({
      realAmount: '10.1',
      designFee: '3.0125',
      directFee: '86.8875',
    });
  });

  it('answers 400 naming the field for a float, letters, a negative amount or a missing name', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, totalAmount: 120.5 }, 'totalAmount'],
      [{ ...base, cleanAmount: '12a' }, 'cleanAmount'],
      [{ ...base, receiveAmount: '-1' }, 'receiveAmount'],
      [{ ...base, totalAmount: '1.1234567' }, 'totalAmount'],
      [{ ...base, signDate: '2023/06/01' }, 'signDate'],
      [{ ...base, bizSource: '7' }, 'bizSource'],
    ];
    for (const [body, field] of cases) {
      const r = await post('zhjy', '/v4/contract/add', body);
      expect(r.status, field).toBe(400);
      // The refusal names the field, in core's words (合同金额…), on that field.
      expect(JSON.stringify(r.body.errors)).toContain(`"${field}"`);
    }
    const missing = await post('zhjy', '/v4/contract/add', { ...base, contractName: ' ' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ msg: '合同名称不能为空', field: 'contractName' });
    const over = await post('zhjy', '/v4/contract/add', { ...base, cleanAmount: '200' });
    expect(over.status).toBe(400);
    expect(over.body.msg).toBe('合同净额不能大于合同金额');
  });

  it('confirms, lists, converts once and deletes unsigned contracts by the rules', async () => {
    const a = await created('zhjy', '/project/stay/add', { ...base, projectName: '西溪湿地未签A' });
    const b = await created('zhjy', '/project/stay/add', { ...base, projectName: '西溪湿地未签B' });
    const before = (await get('zhjy', '/project/contract/summary')).body.data;
    const un = await get('zhjy', '/project/contract/unEffectiveList', {
      projectName: '西溪湿地未签',
    });
    expect(un.body.total).toBe(2);
    expect(
      (await get('zhjy', '/project/contract/updateEffective', { contractId: a.contractId })).status,
    ).toBe(200);
    const un2 = await get('zhjy', '/project/contract/unEffectiveList', {
      projectName: '西溪湿地未签',
    });
    expect(un2.body.rows.map((r: { contractId: number }) => r.contractId)).toEqual([b.contractId]);
    const after = (await get('zhjy', '/project/contract/summary')).body.data;
    expect(
      Number(before.unEffectiveTotalAmount) - Number(after.unEffectiveTotalAmount),
    ).toBeCloseTo(120.5, 6);
    expect(after.stayTotalAmount).toBe(before.stayTotalAmount);

    const refused = await get('zhjy', '/v4/contract/delUnEffectiveContract', {
      contractId: a.contractId,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toContain('已确认生效');
    expect(
      (await get('zhjy', '/v4/contract/delUnEffectiveContract', { contractId: b.contractId }))
        .status,
    ).toBe(200);
    expect(
      (await get('zhjy', '/project/contract/detailById', { contractId: b.contractId })).status,
    ).toBe(404);

    const updated = await post('zhjy', '/project/stay/update', {
      ...base,
      projectName: '西溪湿地未签A',
      contractId: a.contractId,
      totalAmount: '150',
      cleanAmount: '150',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ totalAmount: '150', version: 2 });

    const converted = await get('zhjy', '/project/contract/convertByStaySign', {
      contractId: a.contractId,
    });
    expect(converted.body.data).toMatchObject({
      stage: 'contract',
      status: -1,
      convertedFrom: 'stay',
    });
    const twice = await get('zhjy', '/project/contract/convertByStaySign', {
      contractId: a.contractId,
    });
    expect(twice.status).toBe(422);
    expect(twice.body.msg).toContain('不能转为合同');
    const listed = await get('zhjy', '/v4/contract/list', {
      projectName: '西溪湿地未签A',
      stage: 'contract',
    });
    expect(listed.body.total).toBe(1);
    const detail = await get('zhjy', '/project/contract/detail', { contractId: a.contractId });
    expect(detail.body.data.history.map((h: { action: string }) => h.action)).toEqual([
      'add',
      'updateEffective',
      'update',
      'convertByStaySign',
    ]);
    expect(detail.body.data.history[2]).toMatchObject({
      userName: 'zhjy',
      changes: { totalAmount: ['120.5', '150'] },
    });
  });

  it('submits a contract for review, locks it, and makes it formal when every approver signs', async () => {
    const c = await created('zhjy', '/v4/contract/add', { ...base, projectName: '评审合同项目' });
    const sent = await post('zhjy', '/project/contract/updateToApproval', {
      contractId: c.contractId,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.status).toBe(0);
    const approvalId = String(sent.body.data.approvalId);

    expect(
      (await get('zhjy', '/project/contract/deleteById', { contractId: c.contractId })).status,
    ).toBe(422);
    const edit = await post('zhjy', '/v4/contract/add', { ...base, contractId: c.contractId });
    expect(edit.status).toBe(422);
    expect(edit.body.msg).toBe('合同正在审批中，不能修改、删除或转换');
    expect(
      (await post('zhjy', '/project/contract/updateToApproval', { contractId: c.contractId }))
        .status,
    ).toBe(422);

    const db = api.database.handle.db;
    for (let i = 0; i < 8; i += 1) {
      const a = await db
        .selectFrom('approval')
        .select(['status', 'version'])
        .where('approval_id', '=', Number(approvalId))
        .executeTakeFirstOrThrow();
      if (a.status !== 0) break;
      const pending = await db
        .selectFrom('approval_pending as p')
        .innerJoin('sys_user as u', 'u.user_id', 'p.user_id')
        .select('u.user_name')
        .where('p.approval_id', '=', Number(approvalId))
        .execute();
      const signer = pending[0]?.user_name ?? '';
      await client.ensureSignedIn(signer);
      const r = await post(signer, '/project/approval/process', {
        approvalId,
        version: a.version,
        action: 'approve',
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const formal = await get('zhjy', '/project/contract/detailById', { contractId: c.contractId });
    expect(formal.body.data).toMatchObject({ stage: 'formal', status: 1, approvalId });
    const del = await get('zhjy', '/project/contract/deleteById', { contractId: c.contractId });
    expect(del.status).toBe(422);
    expect(del.body.msg).toBe('合同已审批通过，不能修改或删除');
    const list = await get('caiwu', '/v4/contract/list', {
      stage: 'formal',
      projectName: '评审合同项目',
    });
    expect(list.body.rows.map((r: { contractId: number }) => r.contractId)).toEqual([c.contractId]);
    // The name may still be corrected; the change is in the history.
    const renamed = await post('zhjy', '/v4/contract/modifyContractName', {
      contractId: c.contractId,
      contractName: '评审合同（更名）',
    });
    expect(renamed.body.data.contractName).toBe('评审合同（更名）');
  });

  it('records history contracts and declared projects, converts a declared project once', async () => {
    const h = await created('zhjy', '/project/contract/addHistory', {
      ...base,
      contractNo: `HIST-${kind}`,
    });
    expect(h).toMatchObject({ stage: 'formal', status: 1 });
    expect(
      (await get('zhjy', '/project/contract/deleteById', { contractId: h.contractId })).status,
    ).toBe(422);
    const dup = await post('zhjy', '/project/contract/addHistory', {
      ...base,
      contractNo: `HIST-${kind}`,
    });
    expect(dup.status).toBe(409);
    expect(dup.body.field).toBe('contractNo');

    const d = await created('zhjy', '/project/declare/add', { ...base, projectName: '立项项目A' });
    // A declared project splits by the declare rate set and the standard rule.
    const declared = splitFees({ ...base, bizSource: 'declare', rateSets: rates });
    if (!declared.ok) throw new Error(declared.error.message);
    expect(d).toMatchObject({
      realAmount: declared.value.realAmount,
      designFee: declared.value.designFee,
    });
    expect(d.feeRates).toEqual(rates.declare);
    const sent = await post('zhjy', '/project/declare/updateToApproval', {
      contractId: d.contractId,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(
      (await get('zhjy', '/project/contract/convertByDeclareProject', { contractId: d.contractId }))
        .status,
    ).toBe(422);
    const d2 = await created('zhjy', '/project/declare/add', { ...base, projectName: '立项项目B' });
    const conv = await get('zhjy', '/project/contract/convertByDeclareProject', {
      contractId: d2.contractId,
    });
    expect(conv.body.data).toMatchObject({ stage: 'contract', convertedFrom: 'declare' });
    expect(
      (
        await get('zhjy', '/project/contract/convertByDeclareProject', {
          contractId: d2.contractId,
        })
      ).status,
    ).toBe(422);
    const listed = await get('zhjy', '/project/declare/list', {
      projectName: '立项项目',
      orderByColumn: 'totalAmount',
      isAsc: 'desc',
    });
    expect(listed.body.rows.map((r: { contractId: number }) => r.contractId)).toEqual([
      d.contractId,
    ]);
    const detail = await get('zhjy', '/project/declare/detailById', { contractId: d.contractId });
    expect(detail.body.data.status).toBe(0);
  });

  it('updates a declared project by the declare rates, and refuses approved, locked or bad edits', async () => {
    const d = await created('zhjy', '/project/declare/add', {
      ...base,
      projectName: '立项修改项目',
    });
    const body = { ...base, projectName: '立项修改项目', contractId: d.contractId };
    const updated = await post('zhjy', '/project/declare/update', {
      ...body,
      totalAmount: '200',
      cleanAmount: '180',
      version: d['version'],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const expected = splitFees({
      ...base,
      totalAmount: '200',
      cleanAmount: '180',
      bizSource: 'declare',
      rateSets: rates,
    });
    if (!expected.ok) throw new Error(expected.error.message);
    expect(updated.body.data).toMatchObject({
      stage: 'declare',
      status: -1,
      totalAmount: '200',
      cleanAmount: '180',
      realAmount: expected.value.realAmount,
      technicalFee: expected.value.technicalFee,
      operateFee: expected.value.operateFee,
      designFee: expected.value.designFee,
      version: Number(d['version']) + 1,
    });
    const history = await get('zhjy', '/project/declare/detailById', { contractId: d.contractId });
    expect(history.body.data.history.at(-1)).toMatchObject({
      action: 'update',
      changes: { totalAmount: ['120.5', '200'], cleanAmount: ['100', '180'] },
    });

    // Bad amounts name their field and change nothing.
    const bad: [Record<string, unknown>, string][] = [
      [{ ...body, totalAmount: 150.5 }, 'totalAmount'],
      [{ ...body, cleanAmount: '1O0' }, 'cleanAmount'],
      [{ ...body, directFee: '-3' }, 'directFee'],
      [{ ...body, receiveAmount: '1.1234567' }, 'receiveAmount'],
    ];
    for (const [b, field] of bad) {
      const r = await post('zhjy', '/project/declare/update', b);
      expect(r.status, field).toBe(400);
      // The refusal names the field, in core's words (合同金额…), on that field.
      expect(JSON.stringify(r.body.errors)).toContain(`"${field}"`);
    }
    const over = await post('zhjy', '/project/declare/update', { ...body, cleanAmount: '999' });
    expect(over.status).toBe(400);
    expect(over.body.field).toBe('cleanAmount');
    const wrongSums = await post('zhjy', '/project/declare/update', { ...body, designFee: '1' });
    expect(wrongSums.status).toBe(422);
    expect(wrongSums.body.field).toBe('designFee');
    const stale = await post('zhjy', '/project/declare/update', { ...body, version: 0 });
    expect(stale.status).toBeGreaterThanOrEqual(400);
    const unchanged = await get('zhjy', '/project/declare/detailById', {
      contractId: d.contractId,
    });
    expect(unchanged.body.data).toMatchObject({ totalAmount: '200', cleanAmount: '180' });

    // Only declared projects: an unsigned contract is not edited here.
    const stay = await created('zhjy', '/project/stay/add', {
      ...base,
      projectName: '立项修改未签',
    });
    const wrongStage = await post('zhjy', '/project/declare/update', {
      ...base,
      contractId: stay.contractId,
    });
    expect(wrongStage.status).toBe(422);

    // In approval it is locked; a recorded (approved) one is final.
    const sent = await post('zhjy', '/project/declare/updateToApproval', {
      contractId: d.contractId,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const locked = await post('zhjy', '/project/declare/update', body);
    expect(locked.status).toBe(422);
    const approved = await created('zhjy', '/project/declare/addHistory', {
      ...base,
      projectName: '立项修改已审批',
    });
    expect(approved).toMatchObject({ status: 1 });
    const final = await post('zhjy', '/project/declare/update', {
      ...base,
      projectName: '立项修改已审批',
      contractId: approved.contractId,
      totalAmount: '300',
    });
    expect(final.status).toBe(422);
    const kept = await get('zhjy', '/project/declare/detailById', {
      contractId: approved.contractId,
    });
    expect(kept.body.data.totalAmount).toBe('120.5');

    // The permission and the data scope are checked on the server.
    expect((await post('yuangong', '/project/declare/update', body)).status).toBe(403);
    expect((await post('caiwu', '/project/declare/update', body)).status).toBe(403);
  });

  it('scopes lists and reads to the role, and whitelists the sort', async () => {
    const mine = await created('zhjy', '/v4/contract/add', {
      ...base,
      projectName: '数据权限项目',
    });
    // xmjl2 (项目经理) sees only their own records.
    const other = await get('xmjl2', '/v4/contract/list', { projectName: '数据权限项目' });
    expect(other.status).toBe(200);
    expect(other.body.total).toBe(0);
    expect(
      (await get('xmjl2', '/project/contract/detailById', { contractId: mine.contractId })).status,
    ).toBe(404);
    expect(
      (await get('caiwu', '/v4/contract/list', { projectName: '数据权限项目' })).body.total,
    ).toBe(1);
    const bad = await get('zhjy', '/v4/contract/list', {
      orderByColumn: 'project_name; drop table contract',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('orderByColumn');
    // The columns the contract lists let a person sort by, each way (web ContractLists).
    for (const path of ['/v4/contract/list', '/project/stay/list', '/project/declare/list'])
      for (const orderByColumn of ['contractNo', 'signDate', 'totalAmount'])
        for (const isAsc of ['asc', 'desc'])
          expect((await get('zhjy', path, { orderByColumn, isAsc })).status).toBe(200);
    const paged = await get('zhjy', '/v4/contract/list', {
      pageSize: 20,
      pageNum: 1,
      orderByColumn: 'signDate',
      isAsc: 'asc',
    });
    expect(paged.status).toBe(200);
    expect(paged.body.rows.length).toBeLessThanOrEqual(20);
  });

  it('refuses every call without its permission', async () => {
    const calls: [string, string][] = [
      ['get', '/v4/contract/list'],
      ['get', '/project/stay/list'],
      ['get', '/project/declare/list'],
      ['post', '/v4/contract/add'],
      ['post', '/project/stay/add'],
      ['post', '/project/declare/add'],
      ['post', '/project/contract/updateToApproval'],
      ['get', '/project/contract/convertByStaySign'],
      ['get', '/v4/contract/export'],
      ['get', '/project/contract/detailById'],
    ];
    for (const [method, path] of calls) {
      const r =
        method === 'get'
          ? await get('yuangong', path, { contractId: 1 })
          : await post('yuangong', path, { contractId: 1 });
      expect(r.status, path).toBe(403);
    }
    // caiwu reads and exports contracts but may not add or convert them.
    expect((await post('caiwu', '/v4/contract/add', base)).status).toBe(403);
    expect(
      (await get('caiwu', '/project/contract/convertByStaySign', { contractId: 1 })).status,
    ).toBe(403);
    expect((await request(api.app).get('/prod-api/v4/contract/list')).status).toBe(401);
  });

  it('answers the chart by month and exports the list as a real .xlsx', async () => {
    await created('zhjy', '/project/contract/addHistory', {
      ...base,
      projectName: '导出项目',
      signDate: '2022-02-10',
    });
    const chart = await get('zhjy', '/project/chart/list', { year: 2022 });
    expect(chart.body.data).toHaveLength(12);
    expect(chart.body.data[1]).toMatchObject({
      month: '2022-02',
      contractCount: 1,
      totalAmount: '120.5',
    });

    const wb = await openXlsx(
      get('caiwu', '/v4/contract/export', { projectName: '导出项目' }),
      '/v4/contract/export',
    );
    const sheet = wb.getWorksheet('合同');
    expect(sheet?.rowCount).toBe(2);
    // The contract list's columns (合同编号, 项目名称 ...); the amount a number cell.
    expect(sheet?.getRow(2).getCell(2).value).toBe('导出项目');
    expect(sheet?.getRow(2).getCell(9).value).toBe(120.5);
  });
});
