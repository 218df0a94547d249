import { ApiError, ApprovalGateway } from '@dpms/http-client';
import { describe, expect, it } from 'vitest';
import { FakeApi } from '../../test/api-render';
import { ClosingGateway } from './closing.gateway';

const malformed = async (p: Promise<unknown>, field: string) => {
  const e: unknown = await p.catch((x: unknown) => x);
  expect(e).toBeInstanceOf(ApiError);
  expect((e as ApiError).code).toBe('HTTP.MALFORMED_ANSWER');
  expect((e as ApiError).message).toContain(field);
};

describe('ClosingGateway parses every answer with its wire schema', () => {
  it('refuses a closing info whose back amount came back as a number', async () => {
    const api = new FakeApi({
      '/v4/contract/closedCase/detailByContractId': () => ({
        code: 200,
        msg: '操作成功',
        data: {
          contract: {
            contractId: 5,
            stage: 'formal',
            contractNo: 'HT-5',
            contractName: '合同',
            projectName: '项目',
            fees: {
              directFee: '0',
              technicalFee: '0',
              expertFee: '0',
              operateFee: '0',
              designFee: '0',
            },
            backAmount: 25,
          },
          record: null,
        },
      }),
    });
    await malformed(
      new ClosingGateway(api.client, new ApprovalGateway(api.client)).info('closed', 5),
      'backAmount',
    );
  });

  it('refuses a finish overview without its blockers and a page without its total', async () => {
    const api = new FakeApi({
      '/v4/contract/listByContractId': () => ({
        code: 200,
        msg: '操作成功',
        data: { contract: {}, tasks: [], files: [], canFinish: true },
      }),
      '/contract/settle/list': () => ({ code: 200, msg: '查询成功', rows: [] }),
    });
    const gateway = new ClosingGateway(api.client, new ApprovalGateway(api.client));
    await malformed(gateway.finishOverview(5), 'data.contract');
    await malformed(gateway.list('settle', {}), 'total');
  });
});
