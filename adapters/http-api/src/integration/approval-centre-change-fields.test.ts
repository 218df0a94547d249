/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument -- supertest bodies are untyped JSON */
import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import {
  addFormalContract,
  approveToEnd,
  openContractApi,
  rejectNow,
  type ContractClient,
  type ContractTestApi,
} from './contract-helpers.js';

// 发起审批's 合同变更 (28_1) proposes every field the contract change call can change, not only
// 合同金额: the same fields, the same schema, the same change record.

describe.each(testDatabaseKinds())('28_1 from 发起审批 with every change field on %s', (kind) => {
  let api: ContractTestApi;
  let zhjy: ContractClient;
  const answer = async (r: request.Test) => await r;
  const data = async (r: request.Test) => {
    const res = await answer(r);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const contract = (name: string) =>
    addFormalContract(zhjy, name, '100', {
      entrustBusinessName: '原委托单位',
      signByMain: '原甲方',
    });
  const centreChange = (contractId: number, recordFields: Record<string, unknown>) =>
    zhjy.post('/project/approval/addContractChangeTemplate', {
      typeCode: '28_1',
      recordKind: 'contract',
      recordId: String(contractId),
      content: { contractContent: { value: '甲方更名并调整委托内容' } },
      recordFields,
      submit: true,
    });
  const row = (contractId: number) =>
    api.db
      .selectFrom('contract')
      .select(['entrust_business_name', 'sign_by_main', 'total_amount'])
      .where('contract_id', '=', contractId)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    api = await openContractApi(kind);
    zhjy = await api.as('zhjy');
  });
  afterAll(() => api.close());

  it('two non-amount fields land in the change log and, approved, on the contract', async () => {
    const id = await contract('发起审批多字段变更合同');
    const made = await data(
      centreChange(id, { entrustBusinessName: '新委托单位', signByMain: '新甲方' }),
    );
    const [change] = await data(zhjy.get('/v4/contract/change/list', { contractId: id }));
    expect(change).toMatchObject({
      status: 0,
      reason: '甲方更名并调整委托内容',
      previous: { entrustBusinessName: '原委托单位', signByMain: '原甲方', totalAmount: '100' },
      proposed: { entrustBusinessName: '新委托单位', signByMain: '新甲方', totalAmount: '100' },
    });
    // The sheet shows both fields, 变更前 → 变更后.
    const d = await data(
      zhjy.get('/project/approval/getCommonApprovalDetail', { approvalId: made.approvalId }),
    );
    const changed = d.sheet.sections.find((s: { title: string }) => s.title.includes('变更前'));
    expect(
      Object.fromEntries(
        changed.figures.map((f: { key: string; before: string; value: string }) => [
          f.key,
          [f.before, f.value],
        ]),
      ),
    ).toEqual({
      entrustBusinessName: ['原委托单位', '新委托单位'],
      signByMain: ['原甲方', '新甲方'],
    });
    expect(await row(id)).toMatchObject({ entrust_business_name: '原委托单位' });
    await approveToEnd(api, String(made.approvalId));
    const after = await row(id);
    expect(after).toMatchObject({ entrust_business_name: '新委托单位', sign_by_main: '新甲方' });
    expect(Number(after.total_amount)).toBe(100);
    const log = await api.db
      .selectFrom('contract_history')
      .select('changes')
      .where('record_kind', '=', 'contract')
      .where('record_id', '=', id)
      .where('action', '=', 'contractChange')
      .executeTakeFirstOrThrow();
    expect(log.changes).toEqual({
      entrustBusinessName: ['原委托单位', '新委托单位'],
      signByMain: ['原甲方', '新甲方'],
    });
  });

  it('refuses a bad field with the change call’s own words, naming it; nothing is stored', async () => {
    const id = await contract('发起审批变更校验合同');
    for (const fields of [{ totalAmount: 'abc' }, { signByMain: '甲'.repeat(501) }]) {
      const field = Object.keys(fields)[0]!;
      const bad = await answer(centreChange(id, fields));
      expect(bad.status, JSON.stringify(bad.body)).toBe(400);
      expect(bad.body.field ?? bad.body.errors?.[0]?.field).toBe(field);
      const screen = await answer(
        zhjy.post('/v4/contract/change/add', { contractId: id, reason: 'x', fields }),
      );
      expect(screen.status).toBe(400);
      expect(bad.body.msg).toBe(screen.body.msg);
    }
    expect(await data(zhjy.get('/v4/contract/change/list', { contractId: id }))).toEqual([]);
  });

  it('rejected, the contract keeps its fields', async () => {
    const id = await contract('发起审批变更驳回合同');
    const made = await data(centreChange(id, { location: '杭州' }));
    await rejectNow(api, String(made.approvalId));
    const c = await api.db
      .selectFrom('contract')
      .select('location')
      .where('contract_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(c.location).not.toBe('杭州');
  });
});
