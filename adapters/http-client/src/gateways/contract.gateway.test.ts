import type { InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error.js';
import {
  aChildPayRecord,
  aContractChildRow,
  aContractRecord,
  aLixiangRecord,
  anExtendSubContractRow,
} from '@dpms/wire/testing';
import { ContractGateway, type ContractRecord } from './contract.gateway.js';
import { recordingHttp } from './recording-http.js';

/** A contract as the API answers it (the wire schema's record, the builder every client test uses). */
export const RECORD: ContractRecord = aContractRecord();

function setup(answer: (config: InternalAxiosRequestConfig) => unknown = contractAnswers) {
  const { http, seen } = recordingHttp(answer);
  return { gateway: new ContractGateway(http), seen };
}

/** Each call's record as the API answers it (the wire builders). */
function contractAnswers(config: InternalAxiosRequestConfig): unknown {
  const url = config.url ?? '';
  const data = url.includes('lixiang')
    ? aLixiangRecord()
    : url.includes('showPayAttachmentList')
      ? []
      : url.includes('ChildPay')
        ? aChildPayRecord()
        : url.includes('extendSubContract')
          ? anExtendSubContractRow()
          : url.includes('contractChild')
            ? aContractChildRow()
            : RECORD;
  // A list call reads the page's rows, any other the record.
  return { code: 200, msg: '操作成功', data, total: 1, rows: [data] };
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
    await gateway.savePay({ contractChildId: 6, payAmount: '1' });
    await gateway.savePay({ payId: 8, payAmount: '1' });
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
      'post /project/contractChild/insertChildPay',
      'post /project/contractChild/updateChildPay',
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

  it('sends the approval type chosen in 发起审批 with the record, and none when the screen chose none', async () => {
    const { gateway, seen } = setup();
    await gateway.submit('contract', 3, 'k1', '1_3');
    await gateway.submit('declare', 4, 'k2', '2_2');
    await gateway.lixiangSubmit(5, 'k3', '2_4');
    await gateway.childSubmit(6, 'k4', '5_2');
    await gateway.submit('contract', 3, 'k5');
    expect(seen.map((c) => [c.url, JSON.parse(String(c.data)) as unknown])).toEqual([
      ['/project/contract/updateToApproval', { contractId: 3, typeCode: '1_3' }],
      ['/project/declare/updateToApproval', { contractId: 4, typeCode: '2_2' }],
      ['/project/lixiang/updateToApprovalV2', { lxId: 5, typeCode: '2_4' }],
      ['/v4/contractChild/updateToApproval', { contractChildId: 6, typeCode: '5_2' }],
      ['/project/contract/updateToApproval', { contractId: 3 }],
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

describe('ContractGateway reads every filing, sub-contract, pay and extension answer with its wire schema', () => {
  const malformed = () =>
    setup((config) => {
      const good = contractAnswers(config) as { data: unknown };
      const data = Array.isArray(good.data)
        ? [{ fileId: 1 }]
        : { ...(good.data as object), totalAmount: 5, payAmount: 5, extendAmount: 5 };
      return { code: 200, msg: '操作成功', data, total: 1, rows: [data] };
    });

  it('answers a malformed record as HTTP.MALFORMED_ANSWER naming the call', async () => {
    const { gateway } = malformed();
    const calls: [string, () => Promise<unknown>][] = [
      ['/v4/lixiang/list', () => gateway.lixiangList({})],
      ['/project/lixiang/detailById', () => gateway.lixiangDetail(7)],
      ['/v4/lixiang/add', () => gateway.lixiangSave({ projectName: 'a' })],
      ['/v4/contractChild/list', () => gateway.childList({})],
      ['/v4/contractChild/detailById', () => gateway.childDetail(11)],
      ['/v4/contractChild/add', () => gateway.childSave({ contractId: 41 })],
      ['/project/contractChild/insertChildPay', () => gateway.savePay({ contractChildId: 11 })],
      ['/project/contractChild/showPayAttachmentList', () => gateway.payAttachments(21)],
      ['/v4/extendSubContract/list', () => gateway.extendList({})],
      ['/v4/extendSubContract/add', () => gateway.extendSave({ contractChildId: 11 })],
    ];
    for (const [path, call] of calls) {
      const failure = await call().catch((e: unknown) => e);
      expect(failure, path).toMatchObject({ code: 'HTTP.MALFORMED_ANSWER' });
      expect((failure as ApiError).message).toContain(path);
    }
  });

  it('hands on the parsed records and keeps the dialog key on every save', async () => {
    const { gateway, seen } = setup();
    expect(await gateway.lixiangSave({ projectName: 'a' }, false, 'k1')).toEqual(aLixiangRecord());
    expect(await gateway.childList({})).toEqual({ total: 1, rows: [aContractChildRow()] });
    await gateway.childSave({ contractId: 41 }, false, 'k2');
    await gateway.savePay({ contractChildId: 11 }, 'k3');
    await gateway.extendSave({ contractChildId: 11 }, 'k4');
    await gateway.lixiangSubmit(7, 'k5');
    expect(
      seen.filter((c) => c.method === 'post').map((c): unknown => c.headers['Idempotency-Key']),
    ).toEqual(['k1', 'k2', 'k3', 'k4', 'k5']);
  });
});
