import { aContractRecord } from '@dpms/wire/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ContractDetailDialog } from './ContractDetailDialog';

const detail = {
  ...aContractRecord({
    contractId: 52,
    stage: 'formal',
    stageName: '正式合同',
    status: 1,
    statusName: '已通过',
    totalAmount: '2262.300000',
    designFee: '1234.567891',
    feeRates: { designFee_rate: '0.025', expertFee_rate: '0.02' },
  }),
  history: [
    {
      action: 'add',
      changes: {},
      userId: 5,
      userName: 'jingying',
      createByName: '王经营',
      time: '2026-01-02T03:04:05.000Z',
    },
    {
      action: 'updateToApproval',
      changes: { approvalId: [null, '52'], status: [-1, 0] },
      userId: 5,
      userName: 'jingying',
      createByName: '王经营',
      time: '2026-01-03T03:04:05.000Z',
    },
    {
      action: 'approvalEnded',
      changes: { stage: ['contract', 'formal'], status: [0, 1] },
      userId: 0,
      userName: '审批流程',
      createByName: '审批流程',
      time: '2026-01-04T03:04:05.000Z',
    },
  ],
};

const api = () =>
  new FakeApi({
    '/project/contract/detailById': () => ({ code: 200, msg: '操作成功', data: detail }),
    '/project/contract/getContractFiles': () => ({ code: 200, msg: '操作成功', data: [] }),
    '/v4/contract/change/list': () => ({ code: 200, msg: '操作成功', data: [] }),
  });

describe('合同详情 reads as people speak', () => {
  it('gives each fee rate by its fee kind as a percentage, and amounts as people read them', async () => {
    renderWithApi(<ContractDetailDialog contractId={52} onClose={() => undefined} />, api());
    const rates = await screen.findByTestId('fee-rates');
    expect(rates.textContent).toBe('费率：专家费率 2%，设计费率 2.5%');
    expect(
      screen.getByTestId('fee-split').querySelector('[data-fee="designFee"]')!.textContent,
    ).toBe('1,234.5679');
    expect(document.querySelector('[data-field="totalAmount"]')!.textContent).toBe('2,262.3');
  });

  it('tells the change history as sentences, each by the name of who acted', async () => {
    renderWithApi(<ContractDetailDialog contractId={52} onClose={() => undefined} />, api());
    const lines = (await screen.findAllByTestId('history-line')).map((l) => l.textContent);
    expect(lines).toEqual([
      '2026-01-02 11:04王经营 新增合同',
      '2026-01-03 11:04王经营 提交审批',
      '2026-01-04 11:04审批流程 审批通过，转为正式合同',
    ]);
    expect(
      within(screen.getByTestId('contract-detail')).queryByText(/approvalId|_rate/),
    ).toBeNull();
  });
});
