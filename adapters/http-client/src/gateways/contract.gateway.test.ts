import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { HttpClient } from '../client.js';
import { ContractGateway } from './contract.gateway.js';

function setup() {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) => {
    seen.push(config);
    return Promise.resolve({
      status: 200,
      statusText: '',
      headers: {},
      config,
      data: { code: 200, data: {} },
    });
  };
  const http = new HttpClient({
    tokens: { get: () => 't' },
    ui: { confirm: vi.fn(() => Promise.resolve(false)), error: vi.fn(), logout: vi.fn() },
    adapter,
  });
  return { gateway: new ContractGateway(http), seen };
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
