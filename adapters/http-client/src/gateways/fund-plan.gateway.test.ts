import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { HttpClient } from '../client.js';
import { ApiError } from '../api-error.js';
import { FundPlanGateway, type FundPlanRecord } from './fund-plan.gateway.js';

const PLAN: FundPlanRecord = {
  planId: 1,
  deptId: 110,
  deptName: '建筑一所',
  planMonth: '2024-07',
  status: 0,
  statusName: '草稿',
  incomeAmount: '10',
  rigidAmount: '2',
  loanAmount: '0',
  paymentAmount: '0',
  totalAmount: '2',
  reserveAmount: '0',
  confirmAmount: '0',
  balanceAmount: '8',
  executedAmount: '0',
  reason: '',
  remark: '',
  approvalId: null,
  approvalKind: null,
  userId: 1,
  createBy: 'admin',
  createByName: '管理员',
  createTime: '2024-06-01T00:00:00.000Z',
  approvedTime: null,
  version: 0,
  lines: [],
};

function setup(answer: (config: InternalAxiosRequestConfig) => unknown) {
  const adapter: AxiosAdapter = (config) =>
    Promise.resolve({ status: 200, statusText: '', headers: {}, config, data: answer(config) });
  const http = new HttpClient({
    tokens: { get: () => 't' },
    ui: { confirm: vi.fn(() => Promise.resolve(false)), error: vi.fn(), logout: vi.fn() },
    adapter,
  });
  return new FundPlanGateway(http);
}

const malformed = (e: unknown, call: string) => {
  expect(e).toBeInstanceOf(ApiError);
  expect(e).toMatchObject({ code: 'HTTP.MALFORMED_ANSWER' });
  expect((e as ApiError).message).toContain(call);
};

describe('FundPlanGateway parses every answer with the wire schemas', () => {
  it('reads a well-formed plan', async () => {
    const gateway = setup(() => ({ code: 200, msg: 'ok', data: PLAN }));
    expect((await gateway.plan(1)).balanceAmount).toBe('8');
  });

  it('refuses malformed plans, performs and charts, naming the call', async () => {
    const plan = setup(() => ({ code: 200, msg: 'ok', data: { ...PLAN, lines: undefined } }));
    malformed(await plan.plan(1).catch((e: unknown) => e), '/contract/fundPlan/detail');
    const page = setup(() => ({ code: 200, msg: 'ok', total: 1, rows: [{ performId: 1 }] }));
    malformed(await page.performList({}).catch((e: unknown) => e), '/contract/fundPerform/list');
    const chart = setup(() => ({ code: 200, msg: 'ok', data: [{ month: '2024-07' }] }));
    malformed(await chart.chart({}).catch((e: unknown) => e), '/contract/fundPlan/chart');
  });
});
