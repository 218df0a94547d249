import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { HttpClient } from '../client.js';
import { ApiError } from '../api-error.js';
import { FundPayGateway, type FundPayRecord, type PaymentPlanRecord } from './fund-pay.gateway.js';

const PLAN: PaymentPlanRecord = {
  paymentPlanId: 1,
  contractId: 2,
  contractName: '合同',
  contractNo: 'HT-1',
  contractChildId: null,
  contractChildNo: '',
  deptId: 3,
  deptName: '经营部',
  planMonth: '2026-05',
  subjectName: '',
  receiveCompanyName: '某公司',
  planPayAmount: '10',
  paidAmount: '0',
  pendingAmount: '0',
  canPayAmount: '10',
  paymentCount: 0,
  remark: '',
  userId: 1,
  createBy: 'admin',
  createByName: '管理员',
  createTime: '2026-05-01T00:00:00.000Z',
  version: 0,
};
const PAY: FundPayRecord = {
  payId: 9,
  paymentPlanId: 1,
  childPayId: null,
  contractId: 2,
  contractName: '合同',
  contractNo: 'HT-1',
  contractChildId: null,
  deptId: 3,
  deptName: '经营部',
  planMonth: '2026-05',
  subjectName: '',
  reason: '设计费',
  payTime: '',
  payCompanyName: '',
  receiveCompanyName: '某公司',
  payAmount: '5',
  taxRate: '0.06',
  realPayAmount: '5',
  typeCode: '20_1',
  typeName: '计划内付款',
  status: 0,
  statusName: '草稿',
  approvalId: null,
  paidTime: null,
  remark: '',
  userId: 1,
  createBy: 'admin',
  createByName: '管理员',
  createTime: '2026-05-01T00:00:00.000Z',
  version: 0,
};

function setup(answer: (config: InternalAxiosRequestConfig) => unknown) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) => {
    seen.push(config);
    return Promise.resolve({
      status: 200,
      statusText: '',
      headers: {},
      config,
      data: answer(config),
    });
  };
  const http = new HttpClient({
    tokens: { get: () => 't' },
    ui: { confirm: vi.fn(() => Promise.resolve(false)), error: vi.fn(), logout: vi.fn() },
    adapter,
  });
  return { gateway: new FundPayGateway(http), seen };
}

const malformed = (e: unknown, call: string) => {
  expect(e).toBeInstanceOf(ApiError);
  expect(e).toMatchObject({ code: 'HTTP.MALFORMED_ANSWER' });
  expect((e as ApiError).message).toContain(call);
};

describe('FundPayGateway parses every answer with the wire schemas', () => {
  it('reads well-formed pages and records', async () => {
    const { gateway, seen } = setup((c) =>
      c.url?.endsWith('/list')
        ? { code: 200, msg: 'ok', total: 1, rows: [c.url.includes('fundPay') ? PAY : PLAN] }
        : { code: 200, msg: 'ok', data: c.url?.includes('fundPay') ? PAY : PLAN },
    );
    expect((await gateway.planList({})).rows[0]?.paymentCount).toBe(0);
    expect((await gateway.payList({})).total).toBe(1);
    expect(
      (
        await gateway.addPay(
          { paymentPlanId: 1, reason: '设计费', payAmount: '5' },
          { idempotencyKey: 'k1' },
        )
      ).payId,
    ).toBe(9);
    expect(seen.at(-1)?.headers['Idempotency-Key']).toBe('k1');
  });

  it('refuses a plan row without its payment count, and a payment with a number amount', async () => {
    const { paymentCount: _dropped, ...noCount } = PLAN;
    void _dropped;
    const plans = setup(() => ({ code: 200, msg: 'ok', total: 1, rows: [noCount] }));
    malformed(
      await plans.gateway.planList({}).catch((e: unknown) => e),
      '/contract/paymentPlan/list',
    );
    const pays = setup(() => ({ code: 200, msg: 'ok', data: { ...PAY, payAmount: 5 } }));
    malformed(await pays.gateway.pay(9).catch((e: unknown) => e), '/v4/fundPay/detail');
    malformed(
      await pays.gateway
        .editPlan({ paymentPlanId: 1, planMonth: '2026-05', planPayAmount: '1' })
        .catch((e: unknown) => e),
      '/contract/paymentPlan/edit',
    );
    const months = setup(() => ({ code: 200, msg: 'ok', data: [{ month: '2026-05' }] }));
    malformed(await months.gateway.months({}).catch((e: unknown) => e), '/v4/fundPay/monthStat');
  });
});
