import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { openContractApi, type ContractClient, type ContractTestApi } from './contract-helpers.js';

const contract = {
  projectName: '分包校验项目',
  contractName: '分包校验合同',
  bizSource: '2',
  totalAmount: '300',
  signByMain: '甲方单位',
  signBySub: '华东示范建筑设计研究院',
  signDate: '2023-03-01',
};

interface Refusal {
  readonly status: number;
  readonly body: { msg: string; field?: string; errors?: { field: string; message: string }[] };
}

/** Every field's problem of the refusal, as the form shows them. */
const byField = (r: Refusal) =>
  Object.fromEntries((r.body.errors ?? []).map((e) => [e.field, e.message]));

/**
 * A filing, sub-contract, pay item or extension with bad input is refused by the wire schema
 * (core's rules) before anything is written: 400, every field's problem in core's words, and the
 * lists read the same afterwards.
 */
describe.each(testDatabaseKinds())('sub-record bodies refused whole on %s', (kind) => {
  let api: ContractTestApi;
  let jingying: ContractClient;
  let caiwu: ContractClient;
  let parentId = 0;
  let childId = 0;

  const data = async (r: PromiseLike<{ status: number; body: { data?: unknown } }>) => {
    const res = await r;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as Record<string, unknown>;
  };
  const total = async (c: ContractClient, path: string, query: Record<string, unknown> = {}) =>
    Number(((await c.get(path, query)).body as { total: number }).total);

  beforeAll(async () => {
    api = await openContractApi(kind);
    jingying = await api.as('jingying');
    caiwu = await api.as('caiwu');
    parentId = Number(
      (await data(jingying.post('/project/contract/addHistory', contract))).contractId,
    );
    childId = Number(
      (
        await data(
          jingying.post('/project/contractChild/addHistory', {
            contractId: parentId,
            childType: 2,
            receiveCompanyName: '某咨询公司',
            totalAmount: '20',
          }),
        )
      ).contractChildId,
    );
  });
  afterAll(() => api.close());

  it('a filing names 项目名称, 业务来源 and 合同金额 at once and writes nothing', async () => {
    const before = await total(jingying, '/v4/lixiang/list');
    const r = (await jingying.post('/v4/lixiang/add', {
      projectName: ' ',
      bizSource: '',
      cleanAmount: 'x',
    })) as Refusal;
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ msg: '项目名称不能为空', field: 'projectName' });
    expect(byField(r)).toEqual({
      projectName: '项目名称不能为空',
      bizSource: '业务来源不能为空',
      totalAmount: '合同金额不能为空',
      cleanAmount: '合同净额应为不小于0的金额（万元，最多6位小数）',
    });
    expect(await total(jingying, '/v4/lixiang/list')).toBe(before);
  });

  it('a sub-contract names 所属合同, 分包类型, 收款单位 and 分包金额 at once and writes nothing', async () => {
    const before = await total(jingying, '/v4/contractChild/list');
    const r = (await jingying.post('/v4/contractChild/add', {
      childType: 8,
      totalAmount: '-2',
    })) as Refusal;
    expect(r.status).toBe(400);
    expect(byField(r)).toEqual({
      contractId: '所属合同不能为空',
      childType: '分包类型的取值不正确',
      receiveCompanyName: '收款单位不能为空',
      totalAmount: '分包金额应为不小于0的金额（万元，最多6位小数）',
    });
    expect(await total(jingying, '/v4/contractChild/list')).toBe(before);
  });

  it('a pay item names 付款金额, 税率 and 付款日期 at once and writes nothing', async () => {
    const r = (await caiwu.post('/project/contractChild/insertChildPay', {
      contractChildId: childId,
      taxRate: '0.08',
      payDate: '2025-02-29',
    })) as Refusal;
    expect(r.status).toBe(400);
    expect(byField(r)).toEqual({
      payAmount: '付款金额不能为空',
      taxRate: '税率应为0到0.06之间的小数',
      payDate: '付款日期格式应为yyyy-MM-dd',
    });
    const detail = await data(
      caiwu.get('/v4/contractChild/detailById', { contractChildId: childId }),
    );
    expect(detail.pays).toEqual([]);
  });

  it('an extension names 补充内容 and 补充金额 at once and writes nothing', async () => {
    const r = (await jingying.post('/v4/extendSubContract/add', {
      contractChildId: childId,
      content: '',
      signDate: '2024/01/01',
    })) as Refusal;
    expect(r.status).toBe(400);
    expect(byField(r)).toEqual({
      content: '补充内容不能为空',
      extendAmount: '补充金额不能为空',
      signDate: '签订日期格式应为yyyy-MM-dd',
    });
    expect(await total(jingying, '/v4/extendSubContract/list', { contractChildId: childId })).toBe(
      0,
    );
  });
});
