import { aContractRecord } from '@dpms/wire/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ContractDetailDialog, contractPdfPath } from './ContractDetailDialog';

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

describe('合同详情 prints a formal contract', () => {
  const withDetail = (record: typeof detail) =>
    new FakeApi({
      '/project/contract/detailById': () => ({ code: 200, msg: '操作成功', data: record }),
      '/project/contract/getContractFiles': () => ({ code: 200, msg: '操作成功', data: [] }),
      '/v4/contract/change/list': () => ({ code: 200, msg: '操作成功', data: [] }),
    });
  const formal = { ...detail, approvalId: '52' };

  it('offers 查看PDF and 下载PDF for an approved formal contract', async () => {
    renderWithApi(
      <ContractDetailDialog contractId={52} onClose={() => undefined} />,
      withDetail(formal),
    );
    const actions = await screen.findByTestId('contract-pdf-actions');
    expect(within(actions).getByRole('button', { name: '查看PDF' })).toBeTruthy();
    expect(within(actions).getByRole('button', { name: '下载PDF' })).toBeTruthy();
    expect(contractPdfPath(52)).toBe('/v4/contract/52/pdf');
  });

  it('offers nothing to print for a draft', async () => {
    const draft = {
      ...detail,
      ...aContractRecord({ contractId: 52, stage: 'contract', stageName: '合同', status: -1 }),
      approvalId: null,
      history: [],
    };
    renderWithApi(
      <ContractDetailDialog contractId={52} onClose={() => undefined} />,
      withDetail(draft),
    );
    await screen.findByTestId('fee-split');
    expect(screen.queryByTestId('contract-pdf-actions')).toBeNull();
    expect(screen.queryByRole('button', { name: '查看PDF' })).toBeNull();
  });

  it('offers nothing to print without the permission the PDF asks', async () => {
    renderWithApi(
      <ContractDetailDialog contractId={52} onClose={() => undefined} />,
      withDetail(formal),
      { permissions: ['project:contract:list'] },
    );
    await screen.findByTestId('fee-split');
    expect(screen.queryByRole('button', { name: '查看PDF' })).toBeNull();
  });
});
