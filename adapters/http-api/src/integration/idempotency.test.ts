/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-explicit-any -- supertest bodies are untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/api.js';
import { openContractApi, type ContractClient, type ContractTestApi } from './contract-helpers.js';
import { fundPlanBody } from '../test-support/fund-bodies.js';

const project = (name: string) => ({
  projectName: name,
  contractName: `${name}合同`,
  entrustBusinessName: '幂等委托单位',
  bizSource: '2',
  totalAmount: '100',
  cleanAmount: '90',
  signByMain: '幂等甲方',
  signBySub: '华东示范建筑设计研究院',
  signDate: '2023-05-06',
});

interface Case {
  readonly name: string;
  readonly user: string;
  /** Sends request number `n` (different n, different body) with the key. */
  send(c: ContractClient, n: number, key: string): PromiseLike<{ status: number; body: any }>;
  /** How many records request number `n` left behind. */
  count(c: ContractClient, n: number): Promise<number>;
}

/**
 * On every kind of route that takes an Idempotency-Key (the contract-style
 * writes, the approval engine, the fund plan), the same key with the same request replays the
 * first answer, and the same key with a different request answers 422 naming the key and writes
 * nothing.
 */
describe.each(testDatabaseKinds())('Idempotency-Key means the same request, on %s', (kind) => {
  let api: ContractTestApi;
  let contractId: number;
  beforeAll(async () => {
    api = await openContractApi(kind);
    const c = await api.db
      .selectFrom('contract')
      .select('contract_id')
      .where('del_flag', '=', '0')
      .orderBy('contract_id')
      .executeTakeFirstOrThrow();
    contractId = c.contract_id;
  });
  afterAll(() => api?.close());

  const cases: Case[] = [
    ...(['stay', 'declare'] as const).map((what): Case => ({
      name: `POST /project/${what}/add`,
      user: 'zhjy',
      send: (c, n, key) =>
        c.post(`/project/${what}/add`, project(`幂等${what}${n}`), { 'Idempotency-Key': key }),
      count: async (c, n) =>
        Number(
          (await c.get(`/project/${what}/list`, { projectName: `幂等${what}${n}` })).body.total,
        ),
    })),
    {
      name: 'POST /project/approval/addSealTemplate',
      user: 'yuangong',
      send: (c, n, key) =>
        c.post(
          '/project/approval/addSealTemplate',
          {
            // 公章 (21_1): a seal-use request whose form is its whole record.
            typeCode: '21_1',
            title: `幂等用印 ${n}`,
            content: {
              drawContent: { value: `施工图 ${n} 张` },
              sealType: { value: ['5'], type: 'options' },
            },
          },
          { 'Idempotency-Key': key },
        ),
      count: async (_c, n) =>
        (
          await api.db
            .selectFrom('approval')
            .select('approval_id')
            .where('title', '=', `幂等用印 ${n}`)
            .execute()
        ).length,
    },
    {
      name: 'POST /contract/fundPlan/add',
      user: 'caiwu',
      send: (c, n, key) =>
        c.post(
          '/contract/fundPlan/add',
          fundPlanBody(
            `2031-0${n}`,
            [
              { lineKind: 'income', subjectName: '合同回款', contractId, amount: '60' },
              { lineKind: 'rigid', subjectName: '工资', amount: '20' },
            ],
            { reason: '幂等资金计划' },
          ),
          { 'Idempotency-Key': key },
        ),
      count: async (c, n) =>
        Number(
          (await c.get('/contract/fundPlan/list', { deptId: 110, planMonth: `2031-0${n}` })).body
            .total,
        ),
    },
    {
      name: 'POST /contract/paymentPlan/add',
      user: 'caiwu',
      send: (c, n, key) =>
        c.post(
          '/contract/paymentPlan/add',
          {
            contractId,
            planMonth: '2031-05',
            subjectName: `幂等付款${n}`,
            receiveCompanyName: '某设计顾问公司',
            planPayAmount: '1',
          },
          { 'Idempotency-Key': key },
        ),
      count: async (_c, n) =>
        (
          await api.db
            .selectFrom('payment_plan')
            .select('payment_plan_id')
            .where('subject_name', '=', `幂等付款${n}`)
            .execute()
        ).length,
    },
  ];

  it.each(cases.map((c) => [c.name, c] as const))(
    '%s: replays the same request, refuses another one under the same key',
    async (_name, c) => {
      const client = await api.as(c.user);
      const key = `idem-${kind}-${c.name.replace(/\W+/g, '-')}`;
      const first = await c.send(client, 1, key);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const again = await c.send(client, 1, key);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await c.count(client, 1)).toBe(1);

      const other = await c.send(client, 2, key);
      expect(other.status).toBe(422);
      expect(other.body).toMatchObject({
        code: 422,
        msg: '请求标识 Idempotency-Key 已用于内容不同的请求，请为新的请求使用新的 Idempotency-Key',
        errorCode: 'IDEMPOTENCY.KEY_MISMATCH',
        field: 'Idempotency-Key',
      });
      expect(await c.count(client, 2)).toBe(0);
      // The first answer is still the one replayed; a fresh key writes the second request.
      expect((await c.send(client, 1, key)).body).toEqual(first.body);
      const fresh = await c.send(client, 2, `${key}-2`);
      expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
      expect(await c.count(client, 2)).toBe(1);
    },
  );

  it('a convert taking its target in the query is the same request only for the same target', async () => {
    const zhjy = await api.as('zhjy');
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const r = await zhjy.post('/project/stay/add', project(`幂等转换${n}`));
      expect(r.status).toBe(200);
      ids.push(Number(r.body.data.contractId));
    }
    const key = { 'Idempotency-Key': `convert-${kind}` };
    const conv = (id: number) =>
      zhjy.get('/project/contract/convertByStaySign', { contractId: id }).set(key);
    expect((await conv(ids[0]!)).status).toBe(200);
    expect((await conv(ids[0]!)).status).toBe(200);
    const other = await conv(ids[1]!);
    expect(other.status).toBe(422);
    expect(other.body.field).toBe('Idempotency-Key');
    // The second stay was not converted: converting it with a fresh key still works.
    const fresh = await zhjy
      .get('/project/contract/convertByStaySign', { contractId: ids[1] })
      .set({ 'Idempotency-Key': `convert-${kind}-2` });
    expect(fresh.status).toBe(200);
  });

  it('holds the key itself to 1–100 visible ASCII characters, naming it', async () => {
    const zhjy = await api.as('zhjy');
    for (const bad of ['a b', 'k'.repeat(101), 'café']) {
      const r = await zhjy.post('/project/stay/add', project('坏键'), { 'Idempotency-Key': bad });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([{ field: 'Idempotency-Key', message: r.body.msg }]);
    }
  });
});
