import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { HttpClient } from '../client.js';
import { ApiError } from '../api-error.js';
import { ContractGateway, type ContractRecord } from './contract.gateway.js';

/** A contract as the API answers it (the wire schema's record). */
export const RECORD: ContractRecord = {
  contractId: 41,
  stage: 'contract',
  stageName: '合同（待审）',
  status: 0,
  statusName: '审批中',
  effective: '1',
  convertedFrom: null,
  approvalId: '900',
  projectName: '滨江新城',
  contractName: '滨江新城规划设计合同',
  entrustBusinessName: '',
  contractNo: '',
  signByMain: '甲',
  signBySub: '乙',
  subBankName: '',
  bizSource: '1',
  bizSourceName: '市场',
  location: '',
  serviceManagerId: null,
  serviceManagerName: '',
  planArea: '0',
  buildArea: '0',
  sceneryArea: '0',
  indoorArea: '0',
  totalAmount: '100',
  receiveAmount: '0',
  cleanAmount: '100',
  realAmount: '100',
  realAmountRate: '',
  bizType: '',
  bizTypeName: '',
  entrustTask: '',
  entrustList: [],
  termsContent: '',
  specialTerms: '',
  instructions: '',
  performContent: '',
  trackRecord: '',
  signDate: '2024-05-01',
  files: [],
  contractFiles: [],
  pdfUrl: '/prod-api/pdf/contract/41',
  directFee: '0',
  technicalFee: '5',
  expertFee: '2',
  operateFee: '3',
  designFee: '90',
  settleAmount: '0',
  closedCaseAmount: '0',
  backAmount: '0',
  feeRates: {},
  version: 1,
  deptId: 3,
  userId: 5,
  createBy: 'zhjy',
  createTime: '2026-01-02T03:04:05.000Z',
  updateTime: '2026-01-02T03:04:05.000Z',
};

function setup(answer: (config: InternalAxiosRequestConfig) => unknown = contractAnswers) {
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
  return { gateway: new ContractGateway(http), seen };
}

/** A contract record for the contract calls, an empty object for the others. */
function contractAnswers(config: InternalAxiosRequestConfig): unknown {
  const contractCall = /^\/(v4\/contract\/|project\/(contract|stay|declare)\/)/.test(
    config.url ?? '',
  );
  return { code: 200, msg: '操作成功', data: contractCall ? RECORD : {} };
}

describe('ContractGateway writes', () => {
  it('sends each form to its call: add, addHistory or update by what the body holds', async () => {
    const { gateway, seen } = setup();
    await gateway.save('declare', { projectName: 'a' });
    await gateway.save('declare', { projectName: 'a', contractId: 3, version: 2 });
    await gateway.save('stay', { contractId: 4 });
    await gateway.lixiangSave({ projectName: 'a' });
    await gateway.lixiangSave({ projectName: 'a' }, true);
    await gateway.lixiangSave({ projectName: 'a', lxId: 5 });
    await gateway.childSave({ contractId: 1 });
    await gateway.childSave({ contractId: 1 }, true);
    await gateway.childSave({ contractChildId: 6 });
    await gateway.extendSave({ contractChildId: 6 });
    await gateway.extendSave({ contractChildId: 6, extendId: 7 });
    expect(seen.map((c) => `${c.method ?? ''} ${c.url ?? ''}`)).toEqual([
      'post /project/declare/add',
      'post /project/declare/update',
      'post /project/stay/update',
      'post /v4/lixiang/add',
      'post /project/lixiang/addHistory',
      'post /project/lixiang/updateV2',
      'post /v4/contractChild/add',
      'post /project/contractChild/addHistory',
      'post /v4/contractChild/update',
      'post /v4/extendSubContract/add',
      'post /v4/extendSubContract/update',
    ]);
    expect(JSON.parse(String(seen[1]?.data))).toEqual({
      projectName: 'a',
      contractId: 3,
      version: 2,
    });
  });

  it('sends filings and sub-contracts for review, and removes a sub-contract or extension by id', async () => {
    const { gateway, seen } = setup();
    await gateway.lixiangSubmit(5);
    await gateway.childSubmit(6);
    await gateway.childRemove(6);
    await gateway.extendRemove(7);
    await gateway.payAttachments(8);
    expect(
      seen.map((c): unknown[] => [
        c.method,
        c.url,
        (c.params as unknown) ?? (JSON.parse(String(c.data)) as unknown),
      ]),
    ).toEqual([
      ['post', '/project/lixiang/updateToApprovalV2', { lxId: 5 }],
      ['post', '/v4/contractChild/updateToApproval', { contractChildId: 6 }],
      ['get', '/project/contractChild/delById', { contractChildId: 6 }],
      ['get', '/v4/extendSubContract/delById', { extendId: 7 }],
      ['get', '/project/contractChild/showPayAttachmentList', { payId: 8 }],
    ]);
  });
});

describe('ContractGateway reads every contract answer with its wire schema', () => {
  it('saves and submits in one call under the action’s Idempotency-Key', async () => {
    const { gateway, seen } = setup();
    const saved = await gateway.saveAndSubmit('contract', { projectName: 'a' }, 'key-1');
    await gateway.saveAndSubmit(
      'declare',
      { projectName: 'a', contractId: 3, version: 2 },
      'key-2',
    );
    expect(saved).toEqual(RECORD);
    expect(seen.map((c): unknown[] => [c.url, c.headers['Idempotency-Key']])).toEqual([
      ['/project/contract/saveAndSubmit', 'key-1'],
      ['/project/declare/saveAndSubmit', 'key-2'],
    ]);
  });

  it('converts with the parties and sign date the record lacks', async () => {
    const { gateway, seen } = setup();
    await gateway.convert('stay', 7, { signByMain: '甲', signBySub: '', signDate: '2024-06-01' });
    expect(seen[0]?.params).toEqual({ contractId: 7, signByMain: '甲', signDate: '2024-06-01' });
  });

  it('refuses a malformed answer with a clear error instead of passing undefined on', async () => {
    const { gateway } = setup(() => ({
      code: 200,
      msg: '操作成功',
      data: { ...RECORD, signByMain: undefined, totalAmount: 100 },
    }));
    const failure = await gateway.detail(41).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'HTTP.MALFORMED_ANSWER' });
    expect((failure as ApiError).message).toContain('/project/contract/detailById');
    const list = await gateway.list('contract', {}).catch((e: unknown) => e);
    expect(list).toMatchObject({ code: 'HTTP.MALFORMED_ANSWER' });
  });

  it('parses a page of contracts', async () => {
    const { gateway } = setup(() => ({ code: 200, msg: '查询成功', total: 1, rows: [RECORD] }));
    expect(await gateway.list('stay', { pageNum: 1 })).toEqual({ total: 1, rows: [RECORD] });
  });

  it('hands the web every field the server refused', async () => {
    const { gateway } = setup(() => ({
      code: 400,
      msg: '甲方不能为空',
      field: 'signByMain',
      errors: [
        { field: 'signByMain', message: '甲方不能为空' },
        { field: 'signBySub', message: '乙方不能为空' },
      ],
    }));
    const failure = await gateway.saveAndSubmit('contract', {}).catch((e: unknown) => e);
    expect(failure).toMatchObject({
      status: 400,
      errors: [
        { field: 'signByMain', message: '甲方不能为空' },
        { field: 'signBySub', message: '乙方不能为空' },
      ],
    });
  });
});
